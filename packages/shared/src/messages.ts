/**
 * Every Spanish text the server and the web must agree on. Texts quoted by the
 * spec are copied exactly; the few we had to add are marked "(Bufete)".
 */
export const MSG = {
  validation: {
    emailInvalid: 'Email inválido',
    passwordMin: 'La contraseña debe tener al menos 6 caracteres',
    nombreMin: 'El nombre debe tener al menos 2 caracteres',
    apellidoMin: 'El apellido debe tener al menos 2 caracteres',
    passwordsMismatch: 'Las contraseñas no coinciden',
    /** (Bufete) a field longer than we store. */
    tooLong: 'El texto es demasiado largo',
    /** (Bufete) malformed request body. */
    badRequest: 'Solicitud inválida',
  },
  login: {
    invalidCredentials: 'Email o contraseña incorrectos',
    unexpected: 'Error inesperado al iniciar sesión',
    /** (Bufete) sign-in before confirming the address. */
    emailNotConfirmed:
      'Debes confirmar tu email antes de iniciar sesión. Te enviamos un nuevo enlace de confirmación.',
  },
  register: {
    alreadyRegistered: 'Ya existe una cuenta con este email. Intenta iniciar sesión.',
    invalidEmail: 'El formato del email no es válido.',
    weakPassword: 'La contraseña no cumple con los requisitos.',
    other: (message: string) => `Error: ${message}`,
    noUser: 'Error: No se pudo crear la cuenta. Intenta de nuevo.',
    unexpected: (message: string) => `Error inesperado: ${message}`,
  },
  forgot: {
    userNotFound: 'No se encontró una cuenta con ese email',
    other: 'Error al enviar el email. Inténtalo de nuevo.',
    unexpected: 'Error inesperado al enviar el email',
  },
  reset: {
    invalidSession: 'Sesión inválida. Solicita un nuevo enlace de recuperación.',
    sessionExpired: 'Sesión expirada. Solicita un nuevo enlace de recuperación.',
    other: 'Error al actualizar la contraseña. Inténtalo de nuevo.',
    unexpected: 'Error inesperado al actualizar la contraseña',
  },
  confirm: {
    failed: 'Error al confirmar el email. El enlace puede haber expirado.',
    unexpected: 'Error inesperado al confirmar el email.',
    noEmail: 'No se pudo obtener el email del usuario.',
    resendFailed: 'Error al reenviar el email de confirmación.',
    resendUnexpected: 'Error inesperado al reenviar el email.',
    resendSuccess: 'Email de confirmación reenviado exitosamente.',
  },
  profile: {
    noUser: 'No user logged in',
  },
  http: {
    /** (Bufete) rate limit on sign-in, sign-up and reset requests. */
    tooManyRequests: 'Demasiados intentos. Espera un momento y vuelve a intentarlo.',
    /** (Bufete) a protected API call without a session. */
    unauthenticated: 'No estás autenticado',
    /** (Bufete) unknown record or another user's record. */
    notFound: 'No encontrado',
    /** (Bufete) a bug on our side; details stay in the server log. */
    internal: 'Error interno del servidor. Inténtalo de nuevo.',
    /** (Bufete) cross-site request refused. */
    forbiddenOrigin: 'Origen de la solicitud no permitido',
  },
} as const;
