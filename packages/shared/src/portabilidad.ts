import { instant } from './common';
import { z } from './zod';

/**
 * 'Exportar todos mis datos' and its import into a fresh account (issue 28):
 * both run in the background; the page follows the latest one of each.
 */
export const PORTABILIDAD_ESTADOS = ['en_cola', 'en_curso', 'lista', 'fallida', 'caducada'] as const;
export type PortabilidadEstado = (typeof PORTABILIDAD_ESTADOS)[number];

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
  /** An export's download works until then; the file is deleted after. */
  vence: instant.nullable(),
});
export type Portabilidad = z.infer<typeof portabilidadSchema>;

export const one = z.strictObject({ trabajo: portabilidadSchema.nullable() });
