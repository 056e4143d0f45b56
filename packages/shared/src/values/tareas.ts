/** Plain values of tasks and matter templates that screens show (issue 36): no zod here (docs/decisions/0028). */

export const TAREA_PRIORIDADES = ['alta', 'normal', 'baja'] as const;
export type TareaPrioridad = (typeof TAREA_PRIORIDADES)[number];
export const TAREA_PRIORIDAD_LABELS: Record<TareaPrioridad, string> = { alta: 'Alta', normal: 'Normal', baja: 'Baja' };

/** What a relative due date hangs on. */
export const TAREA_ANCLAS = ['actuacion', 'plazo', 'tarea'] as const;
export type TareaAncla = (typeof TAREA_ANCLAS)[number];
export const TAREA_ANCLA_LABELS: Record<TareaAncla, string> = { actuacion: 'la actuación', plazo: 'el plazo', tarea: 'la tarea' };

/** The 'Tareas' page's tabs, in order. */
export const TAREA_VISTAS = ['pendientes', 'vencidas', 'hoy', 'semana', 'por_caso', 'hechas'] as const;
export type TareaVista = (typeof TAREA_VISTAS)[number];
export const TAREA_VISTA_LABELS: Record<TareaVista, string> = {
  pendientes: 'Pendientes',
  vencidas: 'Vencidas',
  hoy: 'Hoy',
  semana: 'Esta semana',
  por_caso: 'Por caso',
  hechas: 'Hechas',
};

export const LIMITS_TAREAS = {
  tituloMax: 200,
  notasMax: 5_000,
  /** A relative date: at most a year of days after what it hangs on. */
  diasMax: 365,
  /** Pending tasks a lawyer may have at once (done ones do not count). */
  pendientesMax: 10_000,
  /** One page of a list. */
  pagina: 100,
  /** A template's tasks, and a lawyer's own templates. */
  tareasPorPlantilla: 60,
  plantillasPropias: 100,
} as const;

/** 'Cuándo': '5 días hábiles después de la actuación «…»', '1 día hábil después del plazo «…»'. */

/** '1 día hábil', '3 días naturales'. */
export function diasLabel(dias: number, tipo: 'habiles' | 'naturales'): string {
  return `${dias} ${dias === 1 ? 'día' : 'días'} ${tipo === 'habiles' ? (dias === 1 ? 'hábil' : 'hábiles') : dias === 1 ? 'natural' : 'naturales'}`;
}
export function relativaLabel(relativa: { dias: number; tipo: 'habiles' | 'naturales'; ancla: TareaAncla; ancla_titulo: string | null }): string {
  const dias = relativa.dias === 0 ? 'El mismo día' : `${diasLabel(relativa.dias, relativa.tipo)} después`;
  // 'de' + 'el plazo' is 'del plazo'.
  const ancla = TAREA_ANCLA_LABELS[relativa.ancla];
  const de = ancla.startsWith('el ') ? `del ${ancla.slice(3)}` : `de ${ancla}`;
  return `${dias} ${de}${relativa.ancla_titulo ? ` «${relativa.ancla_titulo}»` : ' (ya no existe)'}`;
}
