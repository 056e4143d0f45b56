import {
  boletinConfirmacionSchema,
  boletinFuenteSchema,
  boletinRecibidoQuerySchema,
  boletinRecibidoSchema,
  boletinSeguirSchema,
  boletinTextoSchema,
  revisionSchema,
} from '../boletines';
import { itemsOf } from '../common';
import { LIMITS } from '../constants';
import { endpoint } from '../endpoint';
import { z } from '../zod';

/** 'Revisar boletín': a day's bulletin read against the lawyer's open cases, and the matches confirmed (docs/decisions/0030). */
export const boletinesApi = {
  reviewText: endpoint({ method: 'POST', path: '/boletines/revision', auth: 'user', body: boletinTextoSchema, response: revisionSchema }),
  reviewFile: endpoint({
    method: 'POST',
    path: '/boletines/revision/archivo',
    auth: 'user',
    upload: { fields: z.object({}), maxBytes: LIMITS.bulletinMaxBytes },
    response: revisionSchema,
  }),
  confirm: endpoint({
    method: 'POST',
    path: '/boletines/confirmacion',
    auth: 'user',
    body: boletinConfirmacionSchema,
    response: z.strictObject({ creadas: z.number(), ya_estaban: z.number(), message: z.string() }),
    status: 201,
  }),
  /** The court sites whose bulletin Bufete fetches each business day, and which this lawyer follows (Configuración). */
  fuentes: endpoint({ method: 'GET', path: '/boletines/fuentes', auth: 'user', response: itemsOf(boletinFuenteSchema) }),
  seguir: endpoint({ method: 'PUT', path: '/boletines/fuentes', auth: 'user', body: boletinSeguirSchema, response: itemsOf(boletinFuenteSchema) }),
  /** A followed bulletin as it was read for the lawyer this morning: its matches, to confirm. */
  recibido: endpoint({ method: 'GET', path: '/boletines/recibidos', auth: 'user', query: boletinRecibidoQuerySchema, response: boletinRecibidoSchema }),
};
