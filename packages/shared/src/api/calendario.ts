import {
  calendarDiagnosticSchema,
  calendarSummarySchema,
  eventoRangeQuerySchema,
  eventoReply,
  eventoSaveSchema,
  eventoSchema,
  eventoUpcomingQuerySchema,
  feedReply,
  googleCallbackSchema,
  googleStatusSchema,
  syncResultSchema,
} from '../calendario';
import { endpoint } from '../endpoint';
import { itemsOf, okSchema } from '../common';
import { z } from '../zod';

/** The calendario endpoints: method, path and the schemas of what goes in and out (docs/decisions/0028). */
export const calendarioApi = {
  /** Events overlapping a period (week and month views), by start. */
  list: endpoint({ method: 'GET', path: '/calendario/eventos', auth: 'user', query: eventoRangeQuerySchema, response: itemsOf(eventoSchema) }),
  /** The next 10 from now. */
  upcoming: endpoint({ method: 'GET', path: '/calendario/proximos', auth: 'user', query: eventoUpcomingQuerySchema, response: itemsOf(eventoSchema) }),
  /** The statistics card of the list view. */
  summary: endpoint({ method: 'GET', path: '/calendario/resumen', auth: 'user', response: calendarSummarySchema }),
  create: endpoint({ method: 'POST', path: '/calendario/eventos', auth: 'user', body: eventoSaveSchema, response: eventoReply, status: 201 }),
  update: endpoint({ method: 'PUT', path: '/calendario/eventos/:id', auth: 'user', body: eventoSaveSchema, response: eventoReply }),
  remove: endpoint({ method: 'DELETE', path: '/calendario/eventos/:id', auth: 'user', response: okSchema }),

  /** The Google connection: configured, connected, last sync and any notice. */
  google: endpoint({ method: 'GET', path: '/calendario/google', auth: 'user', response: googleStatusSchema }),
  /** Starts OAuth: the Google address to send the browser to, with a state bound to this session. */
  connect: endpoint({ method: 'POST', path: '/calendario/google/connect', auth: 'user', response: z.strictObject({ url: z.string() }) }),
  /** The end of the round trip (/calendar/callback): exchanges the code once, for the session that started it. */
  callback: endpoint({ method: 'POST', path: '/calendario/google/callback', auth: 'user', body: googleCallbackSchema, response: z.strictObject({ message: z.string() }) }),
  sync: endpoint({ method: 'POST', path: '/calendario/google/sync', auth: 'user', response: syncResultSchema }),
  disconnect: endpoint({ method: 'DELETE', path: '/calendario/google', auth: 'user', response: z.strictObject({ message: z.string() }) }),
  diagnostic: endpoint({ method: 'GET', path: '/calendario/google/diagnostic', auth: 'user', response: calendarDiagnosticSchema }),

  /** The lawyer's private subscription address (.ics), made on first use. */
  feed: endpoint({ method: 'GET', path: '/calendario/feed', auth: 'user', response: feedReply }),
  /** A new address; the old one stops working at once. */
  regenerateFeed: endpoint({ method: 'POST', path: '/calendario/feed/regenerate', auth: 'user', response: z.strictObject({ url: z.string(), message: z.string() }) }),
  /** The feed itself, for calendar apps: the token is the credential. */
  feedFile: endpoint({ method: 'GET', path: '/calendario/feed/:token', auth: 'public', response: 'file' }),
};
