import { instant } from './common';
import { z } from './zod';

/**
 * 'Exportar todos mis datos' and its import into a fresh account (issue 28):
 * both run in the background; the page follows the latest one of each. An
 * import waits 'por_confirmar' while the lawyer reads what it brings; one not
 * confirmed is 'descartada'.
 */
export const PORTABILIDAD_ESTADOS = ['por_confirmar', 'en_cola', 'en_curso', 'lista', 'fallida', 'caducada', 'descartada'] as const;
export type PortabilidadEstado = (typeof PORTABILIDAD_ESTADOS)[number];

/** Records of one area ('Casos', 'Documentos'…): what an import brings, or brought. */
export const areaCountSchema = z.strictObject({ area: z.string(), registros: z.number() });
export type AreaCount = z.infer<typeof areaCountSchema>;

/** What an uploaded export holds, shown before the lawyer confirms its import. */
export const importContenidoSchema = z.strictObject({
  /** The name of the account it was exported from. */
  de: z.string().nullable(),
  exportado_el: instant,
  areas: z.array(areaCountSchema),
  archivos: z.number(),
  bytes: z.number(),
});
export type ImportContenido = z.infer<typeof importContenidoSchema>;

export const portabilidadSchema = z.strictObject({
  id: z.string(),
  tipo: z.enum(['exportacion', 'importacion']),
  estado: z.enum(PORTABILIDAD_ESTADOS),
  /** 0–100: records and bytes done over the whole. */
  avance: z.number(),
  /** What it is doing now, for the progress line ('Documentos: 120 de 800'). */
  etapa: z.string().nullable(),
  /** Why it failed, in Spanish (an import's refusal). */
  mensaje: z.string().nullable(),
  /** The zip's size once ready. */
  bytes: z.number().nullable(),
  creada: instant,
  terminada: instant.nullable(),
  /** An export's download works until then; the file is deleted after. An import waiting for confirmation, until then. */
  vence: instant.nullable(),
  /** An import's: what the zip brings (shown before it starts). */
  contenido: importContenidoSchema.nullable(),
  /** A finished import's: the records it added, area by area (none when this zip was imported before). */
  importado: z.array(areaCountSchema).nullable(),
});
export type Portabilidad = z.infer<typeof portabilidadSchema>;

export const one = z.strictObject({ trabajo: portabilidadSchema.nullable() });
