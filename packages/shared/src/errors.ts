import { MSG } from './messages';

/**
 * Every error code the API answers with, its HTTP status and, where one text
 * fits every use, its message (docs/decisions/0007). Other messages are given
 * where the error is raised, always from MSG. A code not listed here does not
 * type-check on the server, and a test reads the server's source for strays.
 */
export const ERRORS = {
  VALIDATION_ERROR: { status: 400, message: MSG.validation.badRequest },
  INVALID_TOKEN: { status: 400 },
  EXPIRED_TOKEN: { status: 400 },
  INVALID_PASSWORD: { status: 400 },
  AUTH_FAILED: { status: 400 },
  UNAUTHENTICATED: { status: 401, message: MSG.http.unauthenticated },
  INVALID_CREDENTIALS: { status: 401, message: MSG.login.invalidCredentials },
  EMAIL_NOT_VERIFIED: { status: 403, message: MSG.login.emailNotConfirmed },
  FORBIDDEN_ORIGIN: { status: 403, message: MSG.http.forbiddenOrigin },
  NOT_FOUND: { status: 404, message: MSG.http.notFound },
  USER_NOT_FOUND: { status: 404 },
  DIAGNOSTICS_DISABLED: { status: 404, message: MSG.settings.diagnosticoDesactivado },
  USER_ALREADY_EXISTS: { status: 409, message: MSG.register.alreadyRegistered },
  NOT_CANCELLABLE: { status: 409, message: MSG.reminders.noCancelable },
  PAYLOAD_TOO_LARGE: { status: 413, message: MSG.http.cuerpoGrande },
  FILE_TOO_LARGE: { status: 413 },
  STORAGE_QUOTA_EXCEEDED: { status: 413 },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, message: MSG.http.soloJson },
  UNSUPPORTED_TYPE: { status: 415 },
  RATE_LIMITED: { status: 429, message: MSG.http.tooManyRequests },
  INTERNAL_ERROR: { status: 500, message: MSG.http.internal },
  MAIL_FAILED: { status: 502 },
  GOOGLE_NOT_CONFIGURED: { status: 409, message: MSG.calendar.noConfigurado },
  GOOGLE_NOT_CONNECTED: { status: 409, message: MSG.calendar.noConectado },
  OAUTH_STATE_INVALID: { status: 400, message: MSG.calendar.estadoInvalido },
  GOOGLE_FAILED: { status: 502 },
  ALREADY_BILLED: { status: 409, message: MSG.invoices.yaFacturado },
  TIMER_RUNNING: { status: 409, message: MSG.time.temporizadorActivo },
  NO_TIMER: { status: 409, message: MSG.time.sinTemporizador },
  ENTRY_BILLED: { status: 409, message: MSG.time.entradaFacturada },
  INVOICE_CANCELLED: { status: 409, message: MSG.invoices.yaCancelada },
  INVOICE_NOT_EDITABLE: { status: 409, message: MSG.invoices.noEditable },
  INVOICE_HAS_PAYMENTS: { status: 409, message: MSG.invoices.conPagos },
  TWO_FACTOR_EXPIRED: { status: 401, message: MSG.dosFactores.caducado },
  TWO_FACTOR_LOCKED: { status: 429, message: MSG.dosFactores.cuentaBloqueada },
  TWO_FACTOR_CONFLICT: { status: 409 },
  PAC_NOT_CONFIGURED: { status: 409, message: MSG.cfdi.sinPac },
  PAC_REJECTED: { status: 422 },
  PAC_UNAVAILABLE: { status: 502 },
  CFDI_CONFLICT: { status: 409 },
  SERVER_BUSY: { status: 503 },
  DATABASE_UNAVAILABLE: { status: 503, message: MSG.http.conexionPerdida },
  STORAGE_FULL: { status: 507, message: MSG.http.sinEspacio },
  /** A member's role does not reach this area (issue 46). */
  FORBIDDEN_ROLE: { status: 403 },
  CALENDAR_NOT_OWNED: { status: 403, message: MSG.plazos.soloPropios },
  LIMIT_REACHED: { status: 409 },
  DUPLICATE_DAY: { status: 409, message: MSG.plazos.diaRepetido },
  /** An export or import already running, or an import into an account with records of its own. */
  PORTABILITY_CONFLICT: { status: 409 },
  /** Online payments: not offered (no active account, nothing owed, a voucher waiting), the provider silent, or a webhook refused. */
  PAYMENT_UNAVAILABLE: { status: 409 },
  PAYMENT_PROVIDER_FAILED: { status: 502, message: MSG.pagos.proveedorSinRespuesta },
  WEBHOOK_REFUSED: { status: 400 },
} as const satisfies Record<string, { status: number; message?: string }>;

export type ErrorCode = keyof typeof ERRORS;

export function isErrorCode(code: string): code is ErrorCode {
  return Object.hasOwn(ERRORS, code);
}

/** The error body of every failed API call: `{ error: { code, message } }`, message in Spanish. */
export interface ApiErrorBody {
  error: { code: ErrorCode; message: string; field?: string; request_id?: string };
}
