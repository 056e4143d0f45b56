import { endpoint } from '../endpoint';
import { entradaCreateSchema, entradaListQuerySchema, entradaSchema, entradasTarifaSchema, entradaUpdateSchema, temporizadorSchema } from '../tiempo';
import { itemsOf, okSchema } from '../common';
import { optionalText, recordId } from '../fields';
import { z } from '../zod';

/** The tiempo endpoints: method, path and the schemas of what goes in and out (docs/decisions/0028). */
export const tiempoApi = {
  list: endpoint({ method: 'GET', path: '/tiempo', auth: 'user', query: entradaListQuerySchema, response: itemsOf(entradaSchema) }),
  create: endpoint({ method: 'POST', path: '/tiempo', auth: 'user', body: entradaCreateSchema, response: z.strictObject({ entrada: entradaSchema }), status: 201 }),
  /** Gives a rate to unbilled entries kept without one (before '/tiempo/:id'). */
  setRate: endpoint({ method: 'PUT', path: '/tiempo/tarifa', auth: 'user', body: entradasTarifaSchema, response: itemsOf(entradaSchema) }),
  update: endpoint({ method: 'PUT', path: '/tiempo/:id', auth: 'user', body: entradaUpdateSchema, response: z.strictObject({ entrada: entradaSchema }) }),
  remove: endpoint({ method: 'DELETE', path: '/tiempo/:id', auth: 'user', response: okSchema }),
  /** The running timer, if any: it lives on the server, so it survives reloads and other devices. */
  timer: endpoint({ method: 'GET', path: '/tiempo/temporizador', auth: 'user', response: z.strictObject({ temporizador: temporizadorSchema.nullable() }) }),
  startTimer: endpoint({
    method: 'POST',
    path: '/tiempo/temporizador',
    auth: 'user',
    body: z.object({ caso_id: recordId, descripcion: optionalText(1000) }),
    response: z.strictObject({ temporizador: temporizadorSchema }),
    status: 201,
  }),
  /**
   * Stops it, always: the time becomes an entry, rounded up to the next quarter
   * hour, at the lawyer's rate, or without one when none is saved yet.
   */
  stopTimer: endpoint({
    method: 'POST',
    path: '/tiempo/temporizador/stop',
    auth: 'user',
    body: z.object({ descripcion: optionalText(1000) }),
    response: z.strictObject({ entrada: entradaSchema }),
  }),
  discardTimer: endpoint({ method: 'DELETE', path: '/tiempo/temporizador', auth: 'user', response: okSchema }),
};
