/** Plain values of the tiempo area that screens show: no zod here (docs/decisions/0028). */
import { formatMXN } from '../dinero';

/** An entry's amount as a screen shows it: its pesos, or that it still has no rate (asked when it is billed). */
export const importeDeEntrada = (entrada: { importe: string | null }) => (entrada.importe === null ? 'Sin tarifa' : formatMXN(entrada.importe));
