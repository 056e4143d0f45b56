import type { Entrada } from '@bufete/shared';
import { centavosOf, hoursString, moneyString, rateTimesHours } from '@bufete/shared';
import type { EntryRow } from './queries';

/** An entry as the contract sends it: its amount is its rate × its hours, in centavos. */
export function toEntrada({ entry, casoTitulo, clienteNombre, numeroFactura }: EntryRow): Entrada {
  const rate = entry.tarifaPorHora === null ? null : centavosOf(entry.tarifaPorHora);
  return {
    id: entry.id,
    caso: entry.casoId && casoTitulo !== null ? { id: entry.casoId, titulo: casoTitulo } : null,
    cliente: entry.clienteId && clienteNombre !== null ? { id: entry.clienteId, nombre: clienteNombre } : null,
    fecha: entry.fecha,
    horas: hoursString(entry.centihoras),
    descripcion: entry.descripcion,
    tarifa_por_hora: entry.tarifaPorHora,
    importe: rate === null ? null : moneyString(rateTimesHours(rate, entry.centihoras)),
    factura: entry.facturaId && numeroFactura !== null ? { id: entry.facturaId, numero_factura: numeroFactura } : null,
    created_at: entry.createdAt.toISOString(),
  };
}
