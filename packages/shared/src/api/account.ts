import {
  RESET_TOKEN_STATES,
  confirmEmailSchema,
  emailTokenSchema,
  forgotPasswordSchema,
  loginSchema,
  registerSchema,
  resendConfirmationSchema,
  resetPasswordSchema,
  sessionSchema,
} from '../account';
import { changePasswordSchema } from '../profile';
import { endpoint } from '../endpoint';
import { okSchema } from '../common';
import { z } from '../zod';

/** The account endpoints: method, path and the schemas of what goes in and out (docs/decisions/0028). */

/** The account flows of spec part 1, sections 2.3–2.7. */
export const accountApi = {
  session: endpoint({ method: 'GET', path: '/account/session', auth: 'public', response: z.strictObject({ session: sessionSchema.nullable() }) }),
  signUp: endpoint({ method: 'POST', path: '/account/sign-up', auth: 'public', body: registerSchema, response: z.strictObject({ email: z.string() }), status: 201 }),
  /** `dos_factores`: the account asks for a code next (securityApi.verifyTwoFactor); no session yet. */
  signIn: endpoint({
    method: 'POST',
    path: '/account/sign-in',
    auth: 'public',
    body: loginSchema,
    response: okSchema.extend({ dos_factores: z.boolean(), restaurada: z.boolean() }),
  }),
  signOut: endpoint({ method: 'POST', path: '/account/sign-out', auth: 'public', response: okSchema }),
  forgotPassword: endpoint({ method: 'POST', path: '/account/forgot-password', auth: 'public', body: forgotPasswordSchema, response: okSchema }),
  checkResetToken: endpoint({
    method: 'POST',
    path: '/account/reset-password/check',
    auth: 'public',
    body: z.object({ token: emailTokenSchema }),
    response: z.strictObject({ state: z.enum(RESET_TOKEN_STATES) }),
  }),
  /** A new password never skips the second step: `dos_factores` as at sign-in. */
  resetPassword: endpoint({
    method: 'POST',
    path: '/account/reset-password',
    auth: 'public',
    body: resetPasswordSchema,
    response: okSchema.extend({ dos_factores: z.boolean(), restaurada: z.boolean() }),
  }),
  confirmEmail: endpoint({ method: 'POST', path: '/account/confirm-email', auth: 'public', body: confirmEmailSchema, response: z.strictObject({ signed_in: z.boolean() }) }),
  /** Settings → Seguridad: verifies the current password and ends the other sessions. */
  changePassword: endpoint({
    method: 'POST',
    path: '/account/change-password',
    auth: 'user',
    body: changePasswordSchema,
    response: okSchema.extend({ message: z.string() }),
  }),
  resendConfirmation: endpoint({ method: 'POST', path: '/account/resend-confirmation', auth: 'public', body: resendConfirmationSchema, response: okSchema }),
};
