/** Validation in general, and the texts of signing in, up and out, and of the profile. */
export const accountMessages = {
  validation: {
    emailInvalid: 'Email inválido',
    passwordMin: 'La contraseña debe tener al menos 6 caracteres',
    /** (Bufete) new passwords are longer than the spec's 6. */
    passwordNuevaMin: 'La contraseña debe tener al menos 12 caracteres',
    /** (Bufete) a long password that is still guessed first. */
    passwordComun: 'Esa contraseña es de las más usadas y fácil de adivinar: elige otra',
    nombreMin: 'El nombre debe tener al menos 2 caracteres',
    apellidoMin: 'El apellido debe tener al menos 2 caracteres',
    passwordsMismatch: 'Las contraseñas no coinciden',
    /** (Bufete) a field longer than we store. */
    tooLong: 'El texto es demasiado largo',
    /** (Bufete) malformed request body. */
    badRequest: 'Solicitud inválida',
    /** (Bufete) a NUL or other control character that no text field can hold. */
    caracteresNoValidos: 'El texto contiene caracteres no válidos.',
  },
  login: {
    invalidCredentials: 'Email o contraseña incorrectos',
    unexpected: 'Error inesperado al iniciar sesión',
    /** (Bufete) sign-in before confirming the address. */
    emailNotConfirmed: 'Debes confirmar tu email antes de iniciar sesión. Te enviamos un nuevo enlace de confirmación.',
    /** (Bufete) repeated wrong passwords for one account: a growing wait. */
    cuentaBloqueada: (seconds: number) =>
      `Demasiados intentos fallidos para esta cuenta. Espera ${seconds < 60 ? `${seconds} segundos` : `${Math.ceil(seconds / 60)} minutos`} e inténtalo de nuevo.`,
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
} as const;
