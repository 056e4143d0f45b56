import { instant, okSchema } from './common';
import { endpoint } from './endpoint';
import { historialPageSchema, historialQuerySchema } from './historial';
import { MSG } from './messages';
import { z } from './zod';

const m = MSG.dosFactores;

/** A code as typed: 6 digits from the app, or a recovery code (letters, digits, a hyphen); spaces ignored. */
export const codigoSchema = z
  .string({ error: m.codigoObligatorio })
  .transform((value) => value.replace(/\s+/g, ''))
  .pipe(z.string().min(6, { error: m.codigoObligatorio }).max(32, { error: m.codigoObligatorio }));

const password = z.string({ error: MSG.validation.passwordMin }).min(1, { error: MSG.validation.passwordMin }).max(256, { error: MSG.validation.tooLong });

/** The second step of signing in: a code, and whether to remember this device for 30 days. */
export const twoFactorVerifySchema = z.object({
  codigo: codigoSchema,
  recordar: z.boolean({ error: MSG.validation.badRequest }).optional().default(false),
});
export type TwoFactorVerifyInput = z.input<typeof twoFactorVerifySchema>;

export const twoFactorPasswordSchema = z.object({ password });
export const twoFactorCodeSchema = z.object({ codigo: codigoSchema });
/** Turning it off asks for both: a stolen session alone cannot. */
export const twoFactorDisableSchema = z.object({ password, codigo: codigoSchema });

/** 'Cerrar mi cuenta': the password, a code when two-factor sign-in is on, and the checkbox that says they mean it. */
export const closeAccountSchema = z.object({
  password,
  codigo: codigoSchema.optional().or(z.literal('').transform(() => undefined)).transform((value) => value ?? null),
  confirmacion: z.literal(true, { error: MSG.cierre.confirmacion }),
});
export type CloseAccountInput = z.input<typeof closeAccountSchema>;

/** One open session as Seguridad lists it. */
export const sesionSchema = z.strictObject({
  id: z.string(),
  navegador: z.string(),
  sistema: z.string(),
  ip: z.string().nullable(),
  iniciada: instant,
  ultima_actividad: instant,
  /** The session of this browser. */
  actual: z.boolean(),
});
export type Sesion = z.infer<typeof sesionSchema>;

const codigosReply = z.strictObject({ codigos: z.array(z.string()) });

/** Configuración → Seguridad (issue 28): two-factor sign-in and the open sessions. */
export const securityApi = {
  /** The second step of signing in (the challenge's cookie names the account). */
  verifyTwoFactor: endpoint({ method: 'POST', path: '/account/two-factor/verify', auth: 'public', body: twoFactorVerifySchema, response: okSchema }),
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
  activity: endpoint({ method: 'GET', path: '/account/activity', auth: 'user', query: historialQuerySchema, response: historialPageSchema }),
  /** Ends every session and removes everything of the account in 30 days, unless the lawyer signs in before. */
  closeAccount: endpoint({ method: 'POST', path: '/account/close', auth: 'user', body: closeAccountSchema, response: z.strictObject({ eliminar_el: instant }) }),
  sessions: endpoint({ method: 'GET', path: '/account/sessions', auth: 'user', response: z.strictObject({ items: z.array(sesionSchema) }) }),
  endSession: endpoint({ method: 'DELETE', path: '/account/sessions/:id', auth: 'user', response: okSchema }),
  /** 'Cerrar las demás': every session but this one. */
  endOtherSessions: endpoint({ method: 'POST', path: '/account/sessions/end-others', auth: 'user', response: z.strictObject({ cerradas: z.number() }) }),
};
