import { LIMITS } from '../constants';
import { aiAskSchema, aiContextOptionsSchema, aiFileSchema, aiMessageSchema, aiSessionSchema, aiSessionUpdateSchema, aiStatusSchema } from '../ia';
import { endpoint } from '../endpoint';
import { itemsOf, okSchema } from '../common';
import { z } from '../zod';

/** The ia endpoints: method, path and the schemas of what goes in and out (docs/decisions/0028). */
export const iaApi = {
  /** Usage (get_ai_usage_stats) and the model that answers. */
  status: endpoint({ method: 'GET', path: '/ia/estado', auth: 'user', response: aiStatusSchema }),
  /** Asks a question: the reply streams (see aiStreamEventSchema). 429 when today's quota is used up. */
  ask: endpoint({ method: 'POST', path: '/ia/consultas', auth: 'user', body: aiAskSchema, response: 'file' }),
  /** An attachment for the next question: its text extracted, kept with the chat. */
  upload: endpoint({
    method: 'POST',
    path: '/ia/archivos',
    auth: 'user',
    upload: { fields: z.object({}), maxBytes: LIMITS.chatFileMaxBytes },
    response: z.strictObject({ archivo: aiFileSchema }),
    status: 201,
  }),
  /** The 50 newest documents and cases for 'Seleccionar contexto para IA' (with each case's documents). */
  contextOptions: endpoint({ method: 'GET', path: '/ia/contexto', auth: 'user', response: aiContextOptionsSchema }),
  sessions: endpoint({ method: 'GET', path: '/ia/sesiones', auth: 'user', response: itemsOf(aiSessionSchema) }),
  session: endpoint({ method: 'GET', path: '/ia/sesiones/:id', auth: 'user', response: z.strictObject({ session: aiSessionSchema, messages: z.array(aiMessageSchema) }) }),
  updateSession: endpoint({ method: 'PATCH', path: '/ia/sesiones/:id', auth: 'user', body: aiSessionUpdateSchema, response: z.strictObject({ session: aiSessionSchema }) }),
  removeSession: endpoint({ method: 'DELETE', path: '/ia/sesiones/:id', auth: 'user', response: okSchema }),
};
