import { casoRefSchema, clienteNombreSchema, instant, okSchema, pageOf, signedLinkSchema, storedFileFields } from './common';
import { LIMITS } from './constants';
import { endpoint } from './endpoint';
import { filterId, optionalId, pageCursor, pageLimit, searchTerm } from './fields';
import { z } from './zod';

export const documentoSchema = z.strictObject({
  ...storedFileFields,
  caso_id: z.string().nullable(),
  cliente_id: z.string().nullable(),
  created_at: instant,
  caso: casoRefSchema.nullable(),
  cliente: clienteNombreSchema.nullable(),
  /** The extracted text; only in the single-document read. */
  contenido: z.string().nullable().optional(),
});
export type Documento = z.infer<typeof documentoSchema>;

export const documentoListQuerySchema = z.object({ q: searchTerm, caso_id: filterId, cliente_id: filterId, cursor: pageCursor, limit: pageLimit });

/** 'Probar Extracción': the first 500 characters, the length, the type and the size in MB. */
export const extractionTestSchema = z.strictObject({ texto: z.string(), longitud: z.number(), tipo: z.string(), tamaño_mb: z.number() });
export type ExtractionTest = z.infer<typeof extractionTestSchema>;

/** `?download=1` asks for an attachment instead of an inline view. */
export const fileQuerySchema = z.object({ download: z.enum(['0', '1']).optional() });

export const documentosApi = {
  /** Newest first; the search box matches the name or, in Spanish full text, the content. */
  list: endpoint({ method: 'GET', path: '/documentos', auth: 'user', query: documentoListQuerySchema, response: pageOf(documentoSchema) }),
  upload: endpoint({
    method: 'POST',
    path: '/documentos',
    auth: 'user',
    upload: { fields: z.object({ caso_id: optionalId, cliente_id: optionalId }), maxBytes: LIMITS.documentMaxBytes },
    response: z.strictObject({ documento: documentoSchema }),
    status: 201,
  }),
  extractionTest: endpoint({ method: 'POST', path: '/documentos/extract', auth: 'user', upload: { fields: z.object({}), maxBytes: LIMITS.documentMaxBytes }, response: extractionTestSchema }),
  get: endpoint({ method: 'GET', path: '/documentos/:id', auth: 'user', response: z.strictObject({ documento: documentoSchema }) }),
  file: endpoint({ method: 'GET', path: '/documentos/:id/file', auth: 'user', query: fileQuerySchema, response: 'file' }),
  link: endpoint({ method: 'POST', path: '/documentos/:id/link', auth: 'user', query: fileQuerySchema, response: signedLinkSchema }),
  remove: endpoint({ method: 'DELETE', path: '/documentos/:id', auth: 'user', response: okSchema }),
};

/** Signed links (3600 s): no session needed, valid until they expire. */
export const filesApi = {
  signed: endpoint({ method: 'GET', path: '/files/:token', auth: 'public', response: 'file' }),
};
