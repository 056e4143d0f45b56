import { LIMITS } from './constants';
import { isTimeZone } from './dates';
import { optionalText } from './fields';
import { MSG } from './messages';
import { profileSchema } from './profile';
import { ROLES } from './values/equipo';
import { z } from './zod';

const v = MSG.validation;

export const emailSchema = z
  .string({ error: v.emailInvalid })
  .trim()
  .max(LIMITS.emailMax, { error: v.emailInvalid })
  .pipe(z.email({ error: v.emailInvalid }))
  .transform((email) => email.toLowerCase());

export const passwordSchema = z.string({ error: v.passwordMin }).min(LIMITS.passwordMin, { error: v.passwordMin }).max(LIMITS.passwordMax, { error: v.tooLong });

/** A new password (sign-up, reset): 12 characters at least. Signing in still takes the older, shorter ones. */
export const newPasswordValue = z.string({ error: v.passwordNuevaMin }).min(LIMITS.newPasswordMin, { error: v.passwordNuevaMin }).max(LIMITS.passwordMax, { error: v.tooLong });

export const loginSchema = z.object({
  email: emailSchema,
  password: passwordSchema,
});
export type LoginInput = z.input<typeof loginSchema>;

export const registerSchema = z
  .object({
    nombre: z.string({ error: v.nombreMin }).trim().min(LIMITS.nameMin, { error: v.nombreMin }).max(LIMITS.nameMax, { error: v.tooLong }),
    apellido: z.string({ error: v.apellidoMin }).trim().min(LIMITS.nameMin, { error: v.apellidoMin }).max(LIMITS.nameMax, { error: v.tooLong }),
    email: emailSchema,
    especialidad: optionalText(LIMITS.especialidadMax),
    password: newPasswordValue,
    confirmPassword: z.string({ error: v.passwordsMismatch }),
    /** The browser's time zone, sent by the form (not typed): the new account's clock. One it does not know is ignored. */
    zona_horaria: z
      .string({ error: v.badRequest })
      .max(64, { error: v.badRequest })
      .nullish()
      .transform((value) => (value && isTimeZone(value) ? value : null)),
  })
  .refine((data) => data.password === data.confirmPassword, {
    error: v.passwordsMismatch,
    path: ['confirmPassword'],
  });
export type RegisterInput = z.input<typeof registerSchema>;
export type RegisterOutput = z.output<typeof registerSchema>;

export const forgotPasswordSchema = z.object({ email: emailSchema });
export type ForgotPasswordInput = z.input<typeof forgotPasswordSchema>;

export const newPasswordSchema = z
  .object({
    password: newPasswordValue,
    confirmPassword: z.string({ error: v.passwordsMismatch }),
    /** Also end the Google Calendar connection (the password may have been stolen). */
    desconectar_google: z.boolean({ error: v.badRequest }).optional().default(false),
  })
  .refine((data) => data.password === data.confirmPassword, {
    error: v.passwordsMismatch,
    path: ['confirmPassword'],
  });
export type NewPasswordInput = z.input<typeof newPasswordSchema>;

/** A one-time token from an emailed link (confirmation or reset). */
export const emailTokenSchema = z.string({ error: v.badRequest }).trim().min(1, { error: v.badRequest }).max(2048, { error: v.badRequest });

export const resetPasswordSchema = newPasswordSchema.and(z.object({ token: emailTokenSchema }));
export const confirmEmailSchema = z.object({ token: emailTokenSchema });
export const resendConfirmationSchema = z.object({ email: emailSchema });

/** The signed-in user as the web sees it: the account email plus the profile. */
export const sessionSchema = z.strictObject({
  user: z.strictObject({ id: z.string(), email: z.string(), email_verified: z.boolean() }),
  profile: profileSchema,
  /** The person signed in, as their own profile names them (in someone else's despacho, `profile` is the despacho's). */
  persona: z.strictObject({ nombre: z.string(), apellido: z.string() }),
  /** The despacho this session works in (issue 46); `varios`: the person belongs to more than one, so the top bar offers to switch. */
  despacho: z.strictObject({ id: z.string(), nombre: z.string(), rol: z.enum(ROLES), facturacion: z.boolean(), varios: z.boolean() }),
});
export type SessionPayload = z.infer<typeof sessionSchema>;
export type SessionUser = SessionPayload['user'];

export const RESET_TOKEN_STATES = ['valid', 'expired', 'invalid'] as const;
