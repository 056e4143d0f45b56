import { itemsOf, okSchema } from '../common';
import { endpoint } from '../endpoint';
import {
  camposEscritoReplySchema,
  escritoGeneradoSchema,
  generarEscritoSchema,
  plantillaEscritoSchema,
  plantillaEscritoUploadFieldsSchema,
  plantillaQuerySchema,
} from '../escritos';
import { ESCRITO_PLANTILLA_MAX_BYTES } from '../values/escritos';
import { z } from '../zod';

/** Escritos merged from the expediente (issue 36): the templates, their fields for a case, and the generated document. */
export const escritosApi = {
  plantillas: endpoint({ method: 'GET', path: '/escritos/plantillas', auth: 'user', response: itemsOf(plantillaEscritoSchema) }),
  subir: endpoint({
    method: 'POST',
    path: '/escritos/plantillas',
    auth: 'user',
    upload: { fields: plantillaEscritoUploadFieldsSchema, maxBytes: ESCRITO_PLANTILLA_MAX_BYTES },
    response: z.strictObject({ plantilla: plantillaEscritoSchema }),
    status: 201,
  }),
  eliminar: endpoint({ method: 'DELETE', path: '/escritos/plantillas/:id', auth: 'user', response: okSchema }),
  /** The template's .docx (Bufete's by its clave, the lawyer's by its id), to edit it in Word. */
  archivo: endpoint({ method: 'GET', path: '/escritos/plantillas/archivo', auth: 'user', query: plantillaQuerySchema, response: 'file' }),
  /** Its fields with the case's values: what the lawyer is asked before generating. */
  campos: endpoint({ method: 'GET', path: '/casos/:id/escritos', auth: 'user', query: plantillaQuerySchema, response: camposEscritoReplySchema }),
  generar: endpoint({ method: 'POST', path: '/casos/:id/escritos', auth: 'user', body: generarEscritoSchema, response: escritoGeneradoSchema, status: 201 }),
};
