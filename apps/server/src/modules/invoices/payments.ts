import { centavosOf } from '@bufete/shared';
import type { Transaction } from '../../db/client';
import type { FacturaRow, InvoiceQueries } from './queries';

/**
 * Moves the recorded payments to `target` centavos: a rise is a new payment
 * (its day and form), a fall takes back the latest payments first (a
 * refund or a correction), so their sum always equals monto_pagado.
 */
export async function settlePayments(
  queries: InvoiceQueries,
  tx: Transaction,
  userId: string,
  row: FacturaRow,
  target: number,
  pago: { fecha: string; forma: string },
): Promise<{ movimiento: 'pago'; pagoId: string } | { movimiento: 'devolucion' } | null> {
  const paid = centavosOf(row.montoPagado) ?? 0;
  if (target > paid) {
    const pagoId = await queries.insertPago(tx, userId, row.id, { fecha: pago.fecha, centavos: target - paid, forma: pago.forma });
    return { movimiento: 'pago', pagoId };
  }
  if (target === paid) return null;
  let excess = paid - target;
  for (const payment of await queries.pagosOf(userId, row.id, tx)) {
    if (excess === 0) break;
    const amount = centavosOf(payment.monto) ?? 0;
    const taken = Math.min(amount, excess);
    await queries.setPagoMonto(tx, payment.id, amount - taken);
    excess -= taken;
  }
  return { movimiento: 'devolucion' };
}
