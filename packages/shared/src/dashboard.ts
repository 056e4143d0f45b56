import { day, instant } from './common';
import { CASO_ESTADOS } from './casos';
import { endpoint } from './endpoint';
import { z } from './zod';

export const dashboardSchema = z.strictObject({
  stats: z.strictObject({ total_casos: z.number(), casos_activos: z.number(), clientes: z.number(), documentos: z.number() }),
  recientes: z.array(
    z.strictObject({ id: z.string(), titulo: z.string(), estado: z.enum(CASO_ESTADOS), created_at: instant, cliente: z.strictObject({ nombre: z.string() }).nullable() }),
  ),
  /** 'Próximos vencimientos': open cases with a due date, the most urgent (overdue) first. */
  vencimientos: z.array(
    z.strictObject({ id: z.string(), titulo: z.string(), estado: z.enum(CASO_ESTADOS), fecha_vencimiento: day, cliente: z.strictObject({ nombre: z.string() }).nullable() }),
  ),
  /** Today in the lawyer's time zone (YYYY-MM-DD): the day urgency is counted from. */
  hoy: day,
});
export type DashboardSummary = z.infer<typeof dashboardSchema>;

export const dashboardApi = {
  /** The four stat cards and the 5 most recent cases (spec part 1, 2.11). */
  summary: endpoint({ method: 'GET', path: '/dashboard', auth: 'user', response: dashboardSchema }),
};
