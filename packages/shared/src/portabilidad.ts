import { instant } from './common';
import { LIMITS } from './constants';
import { endpoint } from './endpoint';
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

const one = z.strictObject({ trabajo: portabilidadSchema.nullable() });

export const portabilidadApi = {
  /** Starts building the zip (one at a time per lawyer); an email says when it is ready. */
  startExport: endpoint({ method: 'POST', path: '/account/exportaciones', auth: 'user', response: z.strictObject({ trabajo: portabilidadSchema }), status: 201 }),
  /** The latest export, to follow its progress and download it. */
  latestExport: endpoint({ method: 'GET', path: '/account/exportaciones/latest', auth: 'user', response: one }),
  /** The zip, for its owner only, for 24 hours. */
  downloadExport: endpoint({ method: 'GET', path: '/account/exportaciones/:id/archivo', auth: 'user', response: 'file' }),
  /** A zip from 'Exportar todos mis datos', checked at once and imported in the background into this (fresh) account. */
  startImport: endpoint({
    method: 'POST',
    path: '/account/importaciones',
    auth: 'user',
    upload: { fields: z.object({}), maxBytes: LIMITS.importMaxBytes },
    response: z.strictObject({ trabajo: portabilidadSchema }),
    status: 201,
  }),
  latestImport: endpoint({ method: 'GET', path: '/account/importaciones/latest', auth: 'user', response: one }),
};
