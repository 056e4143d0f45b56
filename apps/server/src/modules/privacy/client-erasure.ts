import type { ClienteErasurePreview } from '@bufete/shared';
import { casoListQuerySchema, facturaListQuerySchema } from '@bufete/shared';
import type { HistoryService } from '../history/service';
import type { CalendarService } from '../calendar/service';
import type { CaseService } from '../cases/service';
import type { ClientService } from '../clients/service';
import type { DocumentService } from '../documents/service';
import type { InvoiceService } from '../invoices/service';
import type { NoteService } from '../notes/service';
import type { NotificationService } from '../notifications/service';
import type { PortabilityService } from '../portability/service';
import type { PortalService } from '../portal/service';
import type { ReminderService } from '../reminders/service';
import { allOf } from './client-export';

/** The history's names of the contact fields an erasure empties (clients/service.ts's CLIENT_FIELDS). */
const CONTACT_FIELDS = ['Email', 'Teléfono', 'Empresa', 'Dirección'];

/**
 * 'Eliminar datos del cliente' (issue 28, a cancellation request under the
 * LFPDPPP). What is the client's own goes through its owners: the notes and
 * documents linked to the client (with their files), the emails to it. Its
 * cases and appointments are the lawyer's work: they stay. Its invoices must
 * be kept 5 years (CFF art. 30): with any, the client stays with only its
 * fiscal data, marked as such; without, the client goes too.
 *
 * An erasure reaches every copy: the values in the activity log (the entries
 * stay, without the data), the bell's notices about the client, and an
 * export of the whole account made before (it ends; a new one is made without).
 */
export function createClientErasure(deps: {
  clients: ClientService;
  cases: CaseService;
  documents: DocumentService;
  notes: NoteService;
  calendar: CalendarService;
  invoices: InvoiceService;
  reminders: ReminderService;
  history: HistoryService;
  notifications: NotificationService;
  portability: PortabilityService;
  portal: Pick<PortalService, 'forgetClient'>;
}) {
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
      return {
        notas: notas.length,
        documentos: documentos.length,
        correos: correos.length,
        casos: casos.length,
        citas: citas.length,
        facturas: facturas.resumen.facturas + facturas.resumen.canceladas,
      };
    },

    /** Erases; `eliminado` says whether the client itself went (no invoices) or stays with its fiscal data. */
    async erase(userId: string, clienteId: string): Promise<{ eliminado: boolean }> {
      const cliente = await deps.clients.get(userId, clienteId);
      const { notas, documentos } = await own(userId, clienteId);
      const { facturas } = await this.preview(userId, clienteId);
      const stays = facturas > 0;
      const contact = [cliente.email, cliente.telefono, cliente.empresa, cliente.direccion];
      // The trail first: a run cut short after it leaves the data for a second run, never the data in the trail.
      // The removals below record themselves without titles or names (atClientRequest).
      await deps.history.redact(userId, {
        records: [
          { entidad: 'cliente', ids: [clienteId], campos: stays ? CONTACT_FIELDS : undefined },
          { entidad: 'nota', ids: notas.map((nota) => nota.id) },
          { entidad: 'documento', ids: documentos.map((documento) => documento.id) },
        ],
        valores: stays ? contact : [...contact, cliente.nombre, cliente.rfc, cliente.razon_social],
      });
      for (const nota of notas) await deps.notes.remove(userId, nota.id, { atClientRequest: true });
      for (const documento of documentos) await deps.documents.remove(userId, documento.id, { atClientRequest: true });
      await deps.reminders.removeForClient(userId, clienteId);
      // Their portal access, with the address it sends links to: its sessions end with it.
      await deps.portal.forgetClient(userId, clienteId);
      await deps.notifications.forgetLinkedTo(userId, `/clientes/${clienteId}`);
      await deps.portability.expireReadyExports(userId);
      if (stays) {
        await deps.clients.eraseContact(userId, clienteId);
        return { eliminado: false };
      }
      await deps.clients.remove(userId, clienteId, { atClientRequest: true });
      return { eliminado: true };
    },
  };
}

export type ClientErasure = ReturnType<typeof createClientErasure>;
