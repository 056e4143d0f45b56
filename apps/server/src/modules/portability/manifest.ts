import { z } from '@bufete/shared';

/** What a Bufete export says it is in its `bufete.json` (its last entry). */
export const FORMATO = 'bufete-exportacion';
/**
 * Raised when the layout changes in a way an older import could not read.
 * 2: every entry of the zip is in the manifest with its SHA-256 (version 1
 * covered only the stored files, so a hand-edited record went unnoticed).
 */
export const VERSION = 2;

export const manifestFileSchema = z.object({
  /** Its path in the zip. */
  ruta: z.string().min(1).max(1000),
  /** The table of the row it belongs to, and that row's id. */
  tabla: z.enum(['documentos', 'imagenes', 'ai_chat_files', 'escrito_plantillas']),
  id: z.uuid(),
  bytes: z.number().int().min(0),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
});
export type ManifestFile = z.infer<typeof manifestFileSchema>;

/** Any other entry of the zip: the records' JSON, the sheets, LEEME.txt, the invoices' PDF and XML. */
export const manifestEntrySchema = z.object({
  ruta: z.string().min(1).max(1000),
  bytes: z.number().int().min(0),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
});
export type ManifestEntry = z.infer<typeof manifestEntrySchema>;

export const manifestSchema = z.object({
  formato: z.literal(FORMATO),
  version: z.number().int().min(1),
  /** The export's id: an account that imported it once adds nothing the second time. */
  id: z.uuid(),
  exportado_el: z.string(),
  /** Rows per area file (`datos/{area}.json`). */
  tablas: z.record(z.string(), z.number().int().min(0)),
  archivos: z.array(manifestFileSchema),
  /** Every entry that is not a stored file nor this manifest: with `archivos`, the whole zip. */
  datos: z.array(manifestEntrySchema),
});
export type Manifest = z.infer<typeof manifestSchema>;
