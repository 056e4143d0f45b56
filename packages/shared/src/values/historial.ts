/** Plain values of the historial area that screens show (lists, labels, helpers): no zod here, so a page that reads them loads no schema (docs/decisions/0028). */

/** Values longer than this keep only the field's name in the history. */
export const HISTORIAL_VALOR_MAX = 200;

/** What 'Actividad de la cuenta' can be narrowed to. */
export const HISTORIAL_ENTIDADES = ['cuenta', 'caso', 'cliente', 'documento', 'nota', 'cita', 'plazo', 'tiempo', 'factura', 'actuacion', 'tarea', 'plantilla'] as const;
export const HISTORIAL_ENTIDAD_LABEL: Record<(typeof HISTORIAL_ENTIDADES)[number], string> = {
  cuenta: 'Cuenta y seguridad',
  caso: 'Casos',
  cliente: 'Clientes',
  documento: 'Documentos',
  nota: 'Notas',
  cita: 'Citas',
  plazo: 'Plazos',
  tiempo: 'Tiempo',
  factura: 'Facturas',
  actuacion: 'Actuaciones',
  tarea: 'Tareas',
  plantilla: 'Plantillas',
};
