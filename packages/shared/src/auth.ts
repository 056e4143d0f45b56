import { z } from 'zod';
import { LIMITS } from './constants';
import { MSG } from './messages';

const v = MSG.validation;

export const emailSchema = z
  .string({ error: v.emailInvalid })
  .trim()
  .max(LIMITS.emailMax, { error: v.emailInvalid })
  .pipe(z.email({ error: v.emailInvalid }))
  .transform((email) => email.toLowerCase());

export const passwordSchema = z
  .string({ error: v.passwordMin })
  .min(LIMITS.passwordMin, { error: v.passwordMin })
  .max(LIMITS.passwordMax, { error: v.tooLong });

export const loginSchema = z.object({
  email: emailSchema,
  password: passwordSchema,
});
export type LoginInput = z.input<typeof loginSchema>;

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: v.tooLong })
    .optional()
    .transform((value) => (value ? value : null));

export const registerSchema = z
  .object({
    nombre: z.string({ error: v.nombreMin }).trim().min(LIMITS.nameMin, { error: v.nombreMin }).max(LIMITS.nameMax, { error: v.tooLong }),
    apellido: z
      .string({ error: v.apellidoMin })
      .trim()
      .min(LIMITS.nameMin, { error: v.apellidoMin })
      .max(LIMITS.nameMax, { error: v.tooLong }),
    email: emailSchema,
    especialidad: optionalText(LIMITS.especialidadMax),
    password: passwordSchema,
    confirmPassword: z.string({ error: v.passwordsMismatch }),
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
    password: passwordSchema,
    confirmPassword: z.string({ error: v.passwordsMismatch }),
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
