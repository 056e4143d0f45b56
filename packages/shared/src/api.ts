/** The error body of every failed API call: `{ error: { code, message } }`, message in Spanish. */
export interface ApiErrorBody {
  error: { code: string; message: string; field?: string };
}

export const ERROR_CODES = {
  validation: 'VALIDATION_ERROR',
  unauthenticated: 'UNAUTHENTICATED',
  notFound: 'NOT_FOUND',
  rateLimited: 'RATE_LIMITED',
  invalidCredentials: 'INVALID_CREDENTIALS',
  emailNotVerified: 'EMAIL_NOT_VERIFIED',
  userExists: 'USER_ALREADY_EXISTS',
  userNotFound: 'USER_NOT_FOUND',
  invalidToken: 'INVALID_TOKEN',
  expiredToken: 'EXPIRED_TOKEN',
  internal: 'INTERNAL_ERROR',
  forbiddenOrigin: 'FORBIDDEN_ORIGIN',
  mailFailed: 'MAIL_FAILED',
} as const;
