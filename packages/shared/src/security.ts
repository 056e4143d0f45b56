import { instant } from './common';
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
  codigo: codigoSchema
    .optional()
    .or(z.literal('').transform(() => undefined))
    .transform((value) => value ?? null),
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

export const codigosReply = z.strictObject({ codigos: z.array(z.string()) });
