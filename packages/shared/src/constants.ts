/** Limits and constants of the spec, in one place for the server and the web. */
export const LIMITS = {
  passwordMin: 6,
  /** New passwords (sign-up, reset, change): 12 at least; existing ones keep working (issue 24). */
  newPasswordMin: 12,
  /** Upper bound so a hash request cannot be made arbitrarily expensive. */
  passwordMax: 128,
  nameMin: 2,
  nameMax: 100,
  especialidadMax: 120,
  telefonoMax: 40,
  emailMax: 254,
  resetLinkSeconds: 60 * 60,
  confirmLinkSeconds: 24 * 60 * 60,
  redirectAfterResetMs: 3000,
  redirectAfterConfirmMs: 3000,
  resendNoticeMs: 5000,
  dashboardRecentCases: 5,
  tituloMax: 200,
  descripcionMax: 10_000,
  direccionMax: 300,
  expedienteMax: 60,
  dashboardDueCases: 5,
  pageSize: 30,
  documentMaxBytes: 50 * 1024 * 1024,
  /** A day's bulletin to review (issue 35): Mexico City's runs to a few hundred pages of text. */
  bulletinMaxBytes: 20 * 1024 * 1024,
  bulletinPdfPages: 1_000,
  /** Pasted text: under the JSON body's megabyte even in accented capitals. */
  bulletinTextMax: 400_000,
  imageMaxBytes: 10 * 1024 * 1024,
  chatFileMaxBytes: 10 * 1024 * 1024,
  avatarMaxBytes: 5 * 1024 * 1024,
  /** The largest zip 'Importar datos' takes: a full 5 GB store with its records and room to spare. */
  importMaxBytes: 8 * 1024 * 1024 * 1024,
  aiDailyLimit: 50,
  savedChatsMax: 10,
  signedUrlSeconds: 3600,
  /** Calendar (spec part 2, section 9). */
  calendarUpcoming: 10,
  calendarMonthCells: 42,
  calendarEventsPerDay: 3,
  calendarNextDays: 7,
  calendarTagsMax: 20,
  /** The longest period one request may read (a month view shows 6 weeks). */
  calendarRangeDays: 62,
  /** Events one range request returns at most (500 in a month is a busy practice). */
  calendarRangeMax: 2000,
  /** The feed lists appointments from a year ago to two years ahead, at most this many. */
  calendarFeedMax: 5000,
  eventMaxDays: 366,
  eventTitleMax: 200,
  eventPlaceMax: 300,
  googleTokenRefreshMarginMs: 5 * 60 * 1000,
  oauthStateSeconds: 10 * 60,
  calendarRedirectMs: 2000,
} as const;

export const NAME_FALLBACK = {
  nombre: 'Usuario',
  apellido: 'Nuevo',
  especialidad: 'Abogado',
  fullName: 'Usuario',
  initials: 'U',
} as const;

export const DEMO_IDS = {
  caso: 'ejemplo-demo-caso-001',
  cliente: 'ejemplo-cliente-001',
  nota: 'ejemplo-nota-001',
  documento: 'ejemplo-documento-001',
} as const;
