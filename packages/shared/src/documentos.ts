import { casoRefSchema, clienteNombreSchema, instant, storedFileFields } from './common';
import { filterId, optionalId, pageCursor, pageLimit, searchTerm } from './fields';
import { z } from './zod';

export const documentoSchema = z.strictObject({
  ...storedFileFields,
  caso_id: z.string().nullable(),
  cliente_id: z.string().nullable(),
  created_at: instant,
  /** Its text is still being read (in the background, after the upload): the search by content finds it once read. */
  leyendo_texto: z.boolean(),
  /** 'Visible para el cliente': shown in the client's portal. */
  visible_cliente: z.boolean(),
  /** Sent by the client from their portal ('Recibidos del cliente'). */
  recibido_cliente: z.boolean(),
  /** Sent by the client and not yet reviewed by the lawyer. */
  por_revisar: z.boolean(),
  caso: casoRefSchema.nullable(),
  cliente: clienteNombreSchema.nullable(),
  /** The extracted text; only in the single-document read. */
  contenido: z.string().nullable().optional(),
});
export type Documento = z.infer<typeof documentoSchema>;

export const documentoListQuerySchema = z.object({
  q: searchTerm,
  caso_id: filterId,
  cliente_id: filterId,
  /** '1': only what clients sent from their portal ('Recibidos del cliente'). */
  recibidos: z.enum(['0', '1']).optional(),
  cursor: pageCursor,
  limit: pageLimit,
});

/** 'Marcar como revisado' on a document the client sent. */
export const documentoRevisionSchema = z.object({ revisado: z.boolean() });

/** 'Probar Extracción': the first 500 characters, the length, the type and the size in MB. */
export const extractionTestSchema = z.strictObject({ texto: z.string(), longitud: z.number(), tipo: z.string(), tamaño_mb: z.number() });
export type ExtractionTest = z.infer<typeof extractionTestSchema>;

/** `?download=1` asks for an attachment instead of an inline view. */
export const fileQuerySchema = z.object({ download: z.enum(['0', '1']).optional() });

/** The text fields sent with a document's file: the case and client it belongs to, both optional. */
export const documentoUploadFieldsSchema = z.object({ caso_id: optionalId, cliente_id: optionalId });
