/** Limits and constants of the spec, in one place for the server and the web. */
export const LIMITS = {
  passwordMin: 6,
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
  pageSize: 30,
  documentMaxBytes: 50 * 1024 * 1024,
  imageMaxBytes: 10 * 1024 * 1024,
  chatFileMaxBytes: 10 * 1024 * 1024,
  avatarMaxBytes: 5 * 1024 * 1024,
  aiDailyLimit: 50,
  savedChatsMax: 10,
  signedUrlSeconds: 3600,
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
