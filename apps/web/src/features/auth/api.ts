import { accountApi } from '@bufete/shared/api/account';
import { securityApi } from '@bufete/shared/api/security';
import { type TwoFactorVerifyInput } from '@bufete/shared/security';
import type { z } from '@bufete/shared/zod';
import { call } from '@/lib/api';

type Body<K extends keyof typeof accountApi> = (typeof accountApi)[K] extends { body: infer S extends z.ZodType } ? z.input<S> : never;

/** The account's endpoints the sign-in, sign-up and recovery screens call (the session itself: lib/session). */
export const authApi = {
  signIn: (body: Body<'signIn'>) => call(accountApi.signIn, { body }),
  signUp: (body: Body<'signUp'>) => call(accountApi.signUp, { body }),
  forgotPassword: (email: string) => call(accountApi.forgotPassword, { body: { email } }),
  checkResetToken: (token: string) => call(accountApi.checkResetToken, { body: { token } }),
  resetPassword: (body: Body<'resetPassword'>) => call(accountApi.resetPassword, { body }),
  confirmEmail: (token: string) => call(accountApi.confirmEmail, { body: { token } }),
  resendConfirmation: (email: string) => call(accountApi.resendConfirmation, { body: { email } }),
  verifyTwoFactor: (body: TwoFactorVerifyInput) => call(securityApi.verifyTwoFactor, { body }),
};
