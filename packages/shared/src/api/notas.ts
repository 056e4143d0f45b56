import { casoRefSchema, itemsOf, okSchema, pageOf } from '../common';
import { endpoint } from '../endpoint';
import { etiquetaCreateSchema, etiquetaSchema, notaListQuerySchema, notaReply, notaSchema, noteCreateSchema, noteUpdateSchema } from '../notas';
import { z } from '../zod';

/** The notas endpoints: method, path and the schemas of what goes in and out (docs/decisions/0028). */
export const notasApi = {
  /** Most recently updated first; search in title and content (Spanish stemming); by case and by tag. */
  list: endpoint({ method: 'GET', path: '/notas', auth: 'user', query: notaListQuerySchema, response: pageOf(notaSchema) }),
  /** The cases that have notes: the notes screen shows its case filter only when there are some. */
  cases: endpoint({ method: 'GET', path: '/notas/casos', auth: 'user', response: itemsOf(casoRefSchema) }),
  create: endpoint({ method: 'POST', path: '/notas', auth: 'user', body: noteCreateSchema, response: notaReply, status: 201 }),
  get: endpoint({ method: 'GET', path: '/notas/:id', auth: 'user', response: notaReply }),
  update: endpoint({ method: 'PATCH', path: '/notas/:id', auth: 'user', body: noteUpdateSchema, response: notaReply }),
  remove: endpoint({ method: 'DELETE', path: '/notas/:id', auth: 'user', response: okSchema }),
};

export const etiquetasApi = {
  list: endpoint({ method: 'GET', path: '/etiquetas', auth: 'user', response: itemsOf(etiquetaSchema) }),
  /** Creating a name the user already has returns that tag. */
  create: endpoint({ method: 'POST', path: '/etiquetas', auth: 'user', body: etiquetaCreateSchema, response: z.strictObject({ etiqueta: etiquetaSchema }), status: 201 }),
  remove: endpoint({ method: 'DELETE', path: '/etiquetas/:id', auth: 'user', response: okSchema }),
};
