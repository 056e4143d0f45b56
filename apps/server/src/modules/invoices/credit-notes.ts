import { centavosOf, type Factura, formatMXN, MSG, NOTA_CREDITO_MOTIVO_LABEL, type NotaCreditoOutput, taxesOf } from '@bufete/shared';
import type { Database, Transaction } from '../../db/client';
import { appError } from '../../http/errors';
import { settlePayments } from './payments';
import type { FacturaRow, InvoiceQueries, NotaCreditoRow } from './queries';
import type { InvoiceServiceDeps } from './deps';

/** What the client still owes decides the state: nothing (Pagada), part paid, nothing paid. */
function estadoPorSaldo(total: number, pagado: number, acreditado: number): FacturaRow['estado'] {
  if (pagado + acreditado >= total) return 'pagada';
  return pagado > 0 ? 'pagada_parcialmente' : 'pendiente';
}

/**
 * An invoice's credit notes (notas de crédito): reserved against what the
 * client owes or paid, applied to its balance once their CFDI de egreso is
 * stamped (in the stamp's transaction), reverted when it is cancelled.
 */
export function createCreditNotes(
  db: Database,
  deps: InvoiceServiceDeps,
  queries: InvoiceQueries,
  invoice: { get: (userId: string, id: string) => Promise<Factura>; locked: (tx: Transaction, userId: string, id: string) => Promise<FacturaRow> },
) {
  const { get, locked } = invoice;
  return {
    /**
     * 'Nota de crédito', first step (the CFDI module stamps it): the amount
     * with the invoice's own taxes, checked against what the client still
     * owes (a discount, a bonificación) or what was paid (a refund), less the
     * notes still waiting for their stamp; kept `pendiente`. Nothing changes
     * in the invoice's balance until its CFDI is stamped (`applyCreditNote`).
     */
    async reserveCreditNote(
      userId: string,
      id: string,
      input: Omit<NotaCreditoOutput, 'motivo' | 'forma_pago'> & { motivo: NotaCreditoRow['motivo']; forma_pago: string },
    ): Promise<NotaCreditoRow> {
      const factura = await get(userId, id);
      const impuestos = factura.impuestos ? { iva: factura.impuestos.iva !== '0.00', retencion: factura.impuestos.retencion } : { iva: false, retencion: 'ninguna' as const };
      const amounts = taxesOf(input.monto, impuestos);
      return db.transaction(async (tx) => {
        const row = await locked(tx, userId, id);
        const pending = (await queries.creditNotesOf(userId, id, tx)).filter((nota) => nota.estado === 'pendiente').reduce((sum, nota) => sum + (centavosOf(nota.total) ?? 0), 0);
        const pagado = centavosOf(row.montoPagado) ?? 0;
        const owed = (centavosOf(row.montoTotal) ?? 0) - pagado - (centavosOf(row.montoAcreditado) ?? 0);
        if (input.motivo === 'devolucion') {
          if (amounts.total > pagado - pending) throw appError('VALIDATION_ERROR', MSG.cfdi.notaExcedePagado(formatMXN(Math.max(0, pagado - pending))), 'monto');
          if ((await deps.cfdi.liveComplements(tx, id)) > 0) throw appError('CFDI_CONFLICT', MSG.cfdi.devolucionConComplementos);
        } else if (amounts.total > owed - pending) {
          throw appError('VALIDATION_ERROR', MSG.cfdi.notaExcedeSaldo(formatMXN(Math.max(0, owed - pending))), 'monto');
        }
        return queries.insertCreditNote(tx, {
          userId,
          facturaId: id,
          motivo: input.motivo,
          descripcion: input.descripcion,
          formaPago: input.forma_pago,
          subtotal: amounts.subtotal,
          total: amounts.total,
        });
      });
    },

    /**
     * Its CFDI stamped (in the stamp's transaction): the credit note comes off
     * what the client owes; a refund also takes the money back from the latest
     * payments. The invoice's state follows (nothing owed: Pagada).
     */
    async applyCreditNote(tx: Transaction, userId: string, notaId: string): Promise<void> {
      const nota = await queries.setCreditNoteState(tx, userId, notaId, 'pendiente', 'aplicada');
      if (!nota) return;
      const row = (await queries.lock(tx, userId, nota.facturaId))!;
      const credit = centavosOf(nota.total) ?? 0;
      let pagado = centavosOf(row.montoPagado) ?? 0;
      if (nota.motivo === 'devolucion') {
        await settlePayments(queries, tx, userId, row, pagado - credit, { fecha: '', forma: nota.formaPago });
        pagado -= credit;
        await queries.setPaid(tx, userId, row.id, row.estado, pagado);
      }
      const acreditado = (centavosOf(row.montoAcreditado) ?? 0) + credit;
      await queries.setCredited(tx, userId, row.id, acreditado, estadoPorSaldo(centavosOf(row.montoTotal) ?? 0, pagado, acreditado));
      await deps.history.record(tx, userId, {
        accion: 'nota_credito',
        entidad: 'factura',
        entidadId: row.id,
        resumen: `Nota de crédito ${row.numeroFactura}-NC${nota.numero} por ${formatMXN(credit)} (${NOTA_CREDITO_MOTIVO_LABEL[nota.motivo].toLowerCase()})${nota.motivo === 'devolucion' ? ': se devolvió al cliente' : ''}`,
        cambios: [{ campo: 'Notas de crédito', antes: formatMXN(row.montoAcreditado), despues: formatMXN(acreditado) }],
      });
    },

    /** The PAC refused its CFDI: the credit note is forgotten (nothing was applied). */
    dropCreditNote: (userId: string, notaId: string) => queries.deletePendingCreditNote(userId, notaId),

    /** Its CFDI cancelled (in that transaction): the credit comes back onto what the client owes. */
    async revertCreditNote(tx: Transaction, userId: string, notaId: string): Promise<void> {
      const nota = await queries.setCreditNoteState(tx, userId, notaId, 'aplicada', 'cancelada');
      if (!nota) return;
      const row = (await queries.lock(tx, userId, nota.facturaId))!;
      const acreditado = Math.max(0, (centavosOf(row.montoAcreditado) ?? 0) - (centavosOf(nota.total) ?? 0));
      const estado = row.estado === 'cancelada' ? row.estado : estadoPorSaldo(centavosOf(row.montoTotal) ?? 0, centavosOf(row.montoPagado) ?? 0, acreditado);
      await queries.setCredited(tx, userId, row.id, acreditado, estado);
      await deps.history.record(tx, userId, {
        accion: 'nota_credito',
        entidad: 'factura',
        entidadId: row.id,
        resumen: `Nota de crédito ${row.numeroFactura}-NC${nota.numero} cancelada: su monto vuelve al saldo`,
        cambios: [{ campo: 'Notas de crédito', antes: formatMXN(row.montoAcreditado), despues: formatMXN(acreditado) }],
      });
    },

    /** The invoice's credit notes, in their order. */
    creditNotes: (userId: string, id: string) => queries.creditNotesOf(userId, id),
  };
}
