import { closeAccountSchema, codigosReply, sesionSchema, twoFactorCodeSchema, twoFactorDisableSchema, twoFactorPasswordSchema, twoFactorVerifySchema } from '../security';
import { endpoint } from '../endpoint';
import { historialPageSchema, historialQuerySchema } from '../historial';
import { instant, okSchema } from '../common';
import { z } from '../zod';

/** The security endpoints: method, path and the schemas of what goes in and out (docs/decisions/0028). */

/** Configuración → Seguridad (issue 28): two-factor sign-in and the open sessions. */
export const securityApi = {
  /** The second step of signing in (the challenge's cookie names the account). */
  /** The second step of signing in; `restaurada`: it restored an account closed less than 30 days ago. */
  verifyTwoFactor: endpoint({
    method: 'POST',
    path: '/account/two-factor/verify',
    auth: 'public',
    body: twoFactorVerifySchema,
    response: okSchema.extend({ restaurada: z.boolean() }),
  }),
  twoFactor: endpoint({ method: 'GET', path: '/account/two-factor', auth: 'user', response: z.strictObject({ activo: z.boolean(), codigos_restantes: z.number().nullable() }) }),
  /** Starts turning it on: the app's secret (as a URI for the QR, and as text) and the recovery codes, shown once. */
  enableTwoFactor: endpoint({
    method: 'POST',
    path: '/account/two-factor/enable',
    auth: 'user',
    body: twoFactorPasswordSchema,
    response: z.strictObject({ uri: z.string(), secreto: z.string(), codigos: z.array(z.string()) }),
  }),
  /** A first code from the app proves it has the secret: from then on every sign-in asks for one. */
  confirmTwoFactor: endpoint({ method: 'POST', path: '/account/two-factor/confirm', auth: 'user', body: twoFactorCodeSchema, response: okSchema }),
  disableTwoFactor: endpoint({ method: 'POST', path: '/account/two-factor/disable', auth: 'user', body: twoFactorDisableSchema, response: okSchema }),
  recoveryCodes: endpoint({ method: 'POST', path: '/account/two-factor/recovery-codes', auth: 'user', body: twoFactorPasswordSchema, response: codigosReply }),
  /** 'Actividad de la cuenta': the lawyer's whole history (sign-ins, security, and every record's changes), paged, filterable. */
  history: endpoint({ method: 'GET', path: '/account/historial', auth: 'user', query: historialQuerySchema, response: historialPageSchema }),
  /** Ends every session and removes everything of the account in 30 days, unless the lawyer signs in before. */
  closeAccount: endpoint({ method: 'POST', path: '/account/close', auth: 'user', body: closeAccountSchema, response: z.strictObject({ eliminar_el: instant }) }),
  sessions: endpoint({ method: 'GET', path: '/account/sessions', auth: 'user', response: z.strictObject({ items: z.array(sesionSchema) }) }),
  endSession: endpoint({ method: 'DELETE', path: '/account/sessions/:id', auth: 'user', response: okSchema }),
  /** 'Cerrar las demás': every session but this one. */
  endOtherSessions: endpoint({ method: 'POST', path: '/account/sessions/end-others', auth: 'user', response: z.strictObject({ cerradas: z.number() }) }),
};
