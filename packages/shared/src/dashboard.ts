import { day, instant } from './common';
import { CASO_ESTADOS } from './values/casos';
import { z } from './zod';

/** What 'Próximos vencimientos' gathers: a case's due date, a scheduled plazo, a hearing, a task due today or overdue. */
export const VENCIMIENTO_TIPOS = ['caso', 'plazo', 'audiencia', 'tarea'] as const;
export type VencimientoTipo = (typeof VENCIMIENTO_TIPOS)[number];

export const dashboardSchema = z.strictObject({
  stats: z.strictObject({ total_casos: z.number(), casos_activos: z.number(), clientes: z.number(), documentos: z.number() }),
  recientes: z.array(
    z.strictObject({ id: z.string(), titulo: z.string(), estado: z.enum(CASO_ESTADOS), created_at: instant, cliente: z.strictObject({ nombre: z.string() }).nullable() }),
  ),
  /**
   * 'Próximos vencimientos': what a lawyer must not miss, nearest first: open
   * cases' due dates (overdue ones first), scheduled plazos and hearings.
   */
  vencimientos: z.array(
    z.strictObject({
      tipo: z.enum(VENCIMIENTO_TIPOS),
      id: z.string(),
      titulo: z.string(),
      fecha: day,
      /** A hearing's time on the lawyer's clock ('10:30'); null for a day. */
      hora: z.string().nullable(),
      /** The case a plazo or a hearing belongs to. */
      caso: z.strictObject({ id: z.string(), titulo: z.string() }).nullable(),
      cliente: z.strictObject({ nombre: z.string() }).nullable(),
      /** A case's state (cases only). */
      estado: z.enum(CASO_ESTADOS).nullable(),
    }),
  ),
  /** Today in the lawyer's time zone (YYYY-MM-DD): the day urgency is counted from. */
  hoy: day,
});
export type DashboardSummary = z.infer<typeof dashboardSchema>;
