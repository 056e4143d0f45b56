import { z } from '@bufete/shared';

/** What a Bufete export says it is in its `bufete.json` (its last entry). */
export const FORMATO = 'bufete-exportacion';
/** Raised when the layout changes in a way an older import could not read. */
export const VERSION = 1;

export const manifestFileSchema = z.object({
  /** Its path in the zip. */
  ruta: z.string().min(1).max(1000),
  /** The table of the row it belongs to, and that row's id. */
  tabla: z.enum(['documentos', 'imagenes', 'ai_chat_files']),
  id: z.uuid(),
  bytes: z.number().int().min(0),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
});
export type ManifestFile = z.infer<typeof manifestFileSchema>;

export const manifestSchema = z.object({
  formato: z.literal(FORMATO),
  version: z.number().int().min(1),
  /** The export's id: an account that imported it once adds nothing the second time. */
  id: z.uuid(),
  exportado_el: z.string(),
  /** Rows per area file (`datos/{area}.json`). */
  tablas: z.record(z.string(), z.number().int().min(0)),
  archivos: z.array(manifestFileSchema),
});
export type Manifest = z.infer<typeof manifestSchema>;
