import { LIMITS } from '../constants';
import { documentoListQuerySchema, documentoUploadFieldsSchema, documentoSchema, extractionTestSchema, fileQuerySchema, documentoRevisionSchema } from '../documentos';
import { endpoint } from '../endpoint';
import { okSchema, pageOf, signedLinkSchema, visibilidadSchema } from '../common';
import { z } from '../zod';

/** The documentos endpoints: method, path and the schemas of what goes in and out (docs/decisions/0028). */
export const documentosApi = {
  /** Newest first; the search box matches the name or, in Spanish full text, the content. */
  list: endpoint({ method: 'GET', path: '/documentos', auth: 'user', query: documentoListQuerySchema, response: pageOf(documentoSchema) }),
  upload: endpoint({
    method: 'POST',
    path: '/documentos',
    auth: 'user',
    upload: { fields: documentoUploadFieldsSchema, maxBytes: LIMITS.documentMaxBytes },
    response: z.strictObject({ documento: documentoSchema }),
    status: 201,
  }),
  extractionTest: endpoint({
    method: 'POST',
    path: '/documentos/extract',
    auth: 'user',
    upload: { fields: z.object({}), maxBytes: LIMITS.documentMaxBytes },
    response: extractionTestSchema,
  }),
  get: endpoint({ method: 'GET', path: '/documentos/:id', auth: 'user', response: z.strictObject({ documento: documentoSchema }) }),
  /** 'Visible para el cliente' in the client's portal (issue 38). */
  /** 'Marcar como revisado' (or back to 'por revisar') on what a client sent from their portal. */
  setReviewed: endpoint({ method: 'PUT', path: '/documentos/:id/revision', auth: 'user', body: documentoRevisionSchema, response: z.strictObject({ documento: documentoSchema }) }),
  setVisible: endpoint({ method: 'PUT', path: '/documentos/:id/visibilidad', auth: 'user', body: visibilidadSchema, response: z.strictObject({ documento: documentoSchema }) }),
  file: endpoint({ method: 'GET', path: '/documentos/:id/file', auth: 'user', query: fileQuerySchema, response: 'file' }),
  link: endpoint({ method: 'POST', path: '/documentos/:id/link', auth: 'user', query: fileQuerySchema, response: signedLinkSchema }),
  remove: endpoint({ method: 'DELETE', path: '/documentos/:id', auth: 'user', response: okSchema }),
};

/** Signed links (3600 s): no session needed, valid until they expire. */
export const filesApi = {
  signed: endpoint({ method: 'GET', path: '/files/:token', auth: 'public', response: 'file' }),
};
