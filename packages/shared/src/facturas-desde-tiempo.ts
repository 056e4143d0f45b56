import { centavosOf, hoursString, hundredthsOf, moneyString } from './dinero';
import { periodoMx } from './dates';
import type { FacturaCreateInput } from './facturas';
import { proposedTaxes } from './values/fiscal';
import type { Entrada } from './tiempo';

/**
 * 'Facturar tiempo', reviewed before it is created: the 'Crear Nueva Factura'
 * form filled from the chosen entries (their client, Σ hours at their rate,
 * or Σ amounts when their rates differ; a concept naming the hours and the
 * days) with the taxes the lawyer's and the client's regimes call for. The
 * lawyer can change anything before creating it.
 */
export function facturaDraftFromTime(
  entries: Pick<Entrada, 'id' | 'fecha' | 'horas' | 'tarifa_por_hora' | 'importe' | 'cliente'>[],
  context: { today: string; lawyer: { regimen_fiscal?: string | null; rfc?: string | null } | null; cliente: { rfc?: string | null; regimen_fiscal?: string | null } | null },
): FacturaCreateInput & { entrada_ids: string[] } {
  const hundredths = entries.reduce((sum, entry) => sum + (hundredthsOf(entry.horas) ?? 0), 0);
  const importe = entries.reduce((sum, entry) => sum + (centavosOf(entry.importe) ?? 0), 0);
  const rates = new Set(entries.map((entry) => entry.tarifa_por_hora));
  const uniform = rates.size === 1;
  const days = entries.map((entry) => entry.fecha).sort();
  return {
    cliente_id: entries[0]?.cliente?.id ?? '',
    fecha_emision: context.today,
    fecha_vencimiento: '',
    concepto: days.length ? `Honorarios profesionales: ${hoursString(hundredths)} horas (${periodoMx(days[0]!, days.at(-1)!)})` : '',
    calculo_automatico: uniform,
    tarifa_por_hora: uniform ? [...rates][0]! : '',
    horas_trabajadas: uniform ? hoursString(hundredths) : '',
    monto: uniform ? '' : moneyString(importe),
    estado: 'pendiente',
    notas: '',
    impuestos: proposedTaxes(context.lawyer, context.cliente),
    entrada_ids: entries.map((entry) => entry.id),
  };
}
