import type { ClienteErasurePreview } from '@bufete/shared';
import { casoListQuerySchema, facturaListQuerySchema } from '@bufete/shared';
import type { CalendarService } from '../calendar/service';
import type { CaseService } from '../cases/service';
import type { ClientService } from '../clients/service';
import type { DocumentService } from '../documents/service';
import type { InvoiceService } from '../invoices/service';
import type { NoteService } from '../notes/service';
import type { ReminderService } from '../reminders/service';
import { allOf } from './client-export';

/**
 * 'Eliminar datos del cliente' (issue 28, a cancellation request under the
 * LFPDPPP). What is the client's own goes through its owners: the notes and
 * documents linked to the client (with their files), the emails to it. Its
 * cases and appointments are the lawyer's work: they stay. Its invoices must
 * be kept 5 years (CFF art. 30): with any, the client stays with only its
 * fiscal data, marked as such; without, the client goes too.
 */
export function createClientErasure(deps: { clients: ClientService; cases: CaseService; documents: DocumentService; notes: NoteService; calendar: CalendarService; invoices: InvoiceService; reminders: ReminderService }) {
  async function own(userId: string, clienteId: string) {
    await deps.clients.assertOwned(userId, clienteId);
    // Each list's client filter also matches the client's cases' records: only those linked to the client itself are its own.
    const notas = (await allOf((cursor) => deps.notes.list(userId, { clienteId, cursor, limit: 100 }))).filter((nota) => nota.cliente?.id === clienteId);
    const documentos = (await allOf((cursor) => deps.documents.list(userId, { clienteId, cursor, limit: 100 }))).filter((documento) => documento.cliente_id === clienteId);
    return { notas, documentos };
  }

  return {
    async preview(userId: string, clienteId: string): Promise<ClienteErasurePreview> {
      const { notas, documentos } = await own(userId, clienteId);
      const [correos, casos, citas, facturas] = await Promise.all([
        deps.reminders.list(userId, clienteId),
        allOf((cursor) => deps.cases.list(userId, casoListQuerySchema.parse({ cliente_id: clienteId, cursor, limit: 100 }))),
        deps.calendar.ofClient(userId, clienteId),
        deps.invoices.list(userId, { ...facturaListQuerySchema.parse({ cliente_id: clienteId }), limit: 1 }),
      ]);
      return { notas: notas.length, documentos: documentos.length, correos: correos.length, casos: casos.length, citas: citas.length, facturas: facturas.resumen.facturas + facturas.resumen.canceladas };
    },

    /** Erases; `eliminado` says whether the client itself went (no invoices) or stays with its fiscal data. */
    async erase(userId: string, clienteId: string): Promise<{ eliminado: boolean }> {
      const { notas, documentos } = await own(userId, clienteId);
      const { facturas } = await this.preview(userId, clienteId);
      for (const nota of notas) await deps.notes.remove(userId, nota.id);
      for (const documento of documentos) await deps.documents.remove(userId, documento.id);
      await deps.reminders.removeForClient(userId, clienteId);
      if (facturas > 0) {
        await deps.clients.eraseContact(userId, clienteId);
        return { eliminado: false };
      }
      await deps.clients.remove(userId, clienteId);
      return { eliminado: true };
    },
  };
}

export type ClientErasure = ReturnType<typeof createClientErasure>;
