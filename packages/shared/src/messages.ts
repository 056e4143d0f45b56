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
  practice: {
    /** (Bufete) server-side text for the rule "title required". */
    tituloObligatorio: 'El título es obligatorio',
    /** (Bufete) server-side text for the rule "nombre must be non-blank". */
    nombreObligatorio: 'El nombre es obligatorio',
    estadoInvalido: 'Estado inválido',
    prioridadInvalida: 'Prioridad inválida',
    fechaInvalida: 'Fecha inválida',
    casoNoEncontrado: 'Caso no encontrado',
    casoNoEncontradoTexto: 'El caso que buscas no existe o no tienes permisos para verlo.',
    clienteNoEncontrado: 'Cliente no encontrado',
    noEliminarCasoEjemplo: 'No puedes eliminar el caso de ejemplo',
    /** (Bufete) the spec forbids editing the demo case without quoting a text. */
    noEditarCasoEjemplo: 'No puedes editar el caso de ejemplo',
    noEditarClienteEjemplo: 'No puedes editar el cliente de ejemplo',
    noEliminarClienteEjemplo: 'No puedes eliminar el cliente de ejemplo',
    /** (Bufete) contact actions on the sample client. */
    clienteEjemploContacto: 'Este es un cliente de ejemplo. Crea tus propios clientes para contactarlos.',
    errorEliminarCaso: 'Error al eliminar el caso',
    errorCrearCaso: 'Error al crear el caso',
    /** (Bufete) */
    errorActualizarCaso: 'Error al actualizar el caso',
    errorCrearCliente: 'Error al crear el cliente',
    errorActualizarCliente: 'Error al actualizar el cliente',
    errorEliminarCliente: 'Error al eliminar el cliente',
    confirmarEliminarCliente: '¿Estás seguro de que quieres eliminar este cliente?',
    /** (Bufete) */
    confirmarEliminarCaso: '¿Estás seguro de que quieres eliminar este caso? Esta acción no se puede deshacer.',
    sinTelefono: 'Este cliente no tiene número de teléfono registrado',
    casosVacioFiltros: 'No se encontraron casos que coincidan con los filtros.',
  },
  reminders: {
    camposObligatorios: 'Por favor completa el asunto y el mensaje',
    errorEnviando: 'Error enviando email',
    errorObteniendo: 'Error obteniendo recordatorios de email',
    errorCancelando: 'Error cancelando recordatorio',
    /** (Bufete) */
    fechaInvalida: 'La fecha programada no es válida',
    /** (Bufete) */
    fechaPasada: 'La fecha programada debe ser posterior a este momento',
    /** (Bufete) */
    clienteSinEmail: 'Este cliente no tiene email registrado',
    /** (Bufete) */
    enviado: 'Email enviado correctamente',
    /** (Bufete) */
    programado: 'Recordatorio programado correctamente',
    /** (Bufete) */
    cancelado: 'Recordatorio cancelado',
    /** (Bufete) */
    noCancelable: 'Este recordatorio ya no se puede cancelar',
  },
  documents: {
    archivoGrande: 'El archivo es demasiado grande. Máximo 50MB.',
    /** (Bufete) a file whose bytes are not one of the accepted formats. */
    formatoNoPermitido: 'Formato no permitido. Sube un PDF, Word (.doc, .docx), TXT, CSV, Excel (.xls, .xlsx) o ZIP.',
    /** (Bufete) */
    formatoExtraccion: 'La prueba de extracción admite PDF, Word (.doc, .docx), TXT y CSV.',
    /** (Bufete) */
    sinArchivo: 'Selecciona un archivo para subir.',
    errorSubir: 'Error al subir el archivo',
    errorSubirDetalle: (detail: string) => `Error al subir el archivo: ${detail}`,
    errorEliminar: 'Error al eliminar el documento',
    errorDescargar: 'Error al descargar el documento. Intenta abrirlo en una nueva pestaña.',
    noEliminarEjemplo: 'No puedes eliminar el documento de ejemplo',
    noDescargarEjemplo: 'Este es un documento de ejemplo. Sube tus propios documentos para descargarlos.',
    ejemplosNoDescargables: 'Los documentos de ejemplo no se pueden descargar',
    /** (Bufete) */
    noSubirEjemplo: 'Este es un caso de ejemplo. Crea tu propio caso para subir documentos e imágenes.',
    sinAcceso: 'No se puede acceder al documento. Puede que el archivo haya sido movido o eliminado.',
    errorVerificar: 'Error al verificar el acceso al documento.',
    soloImagenes: 'Solo se permiten archivos de imagen',
    imagenGrande: 'El archivo es demasiado grande. Máximo 10MB.',
    errorSubirImagen: 'Error al subir la imagen',
    /** (Bufete) */
    errorEliminarImagen: 'Error al eliminar la imagen',
  },
  notes: {
    /** (Bufete) server-side text for "saving requires a title". */
    tituloObligatorio: 'El título es obligatorio',
    /** (Bufete) */
    etiquetaObligatoria: 'El nombre de la etiqueta es obligatorio',
    /** (Bufete) */
    colorInvalido: 'Elige uno de los colores disponibles',
    noEliminarEjemplo: 'No puedes eliminar la nota de ejemplo',
    noEliminarNotasCasoEjemplo: 'No puedes eliminar notas del caso de ejemplo',
    /** (Bufete) */
    notaEjemploSoloLectura: 'Esta es una nota de ejemplo: no se puede modificar.',
    confirmarEliminar: '¿Estás seguro de que quieres eliminar esta nota?',
    errorCrear: 'Error al crear la nota',
    errorActualizar: 'Error al actualizar la nota',
    /** (Bufete) */
    errorEliminar: 'Error al eliminar la nota',
    /** (Bufete) */
    errorEtiqueta: 'No se pudo guardar la etiqueta',
  },
  settings: {
    perfilActualizado: 'Perfil actualizado correctamente',
    errorPerfil: 'Error al actualizar el perfil',
    contrasenaActualizada: 'Contraseña actualizada correctamente',
    errorContrasena: 'Error al actualizar la contraseña',
    nuevaContrasenaMin: 'La nueva contraseña debe tener al menos 6 caracteres',
    /** (Bufete) the current password is verified, unlike the original. */
    contrasenaActualIncorrecta: 'La contraseña actual no es correcta',
    /** (Bufete) */
    contrasenaActualObligatoria: 'Escribe tu contraseña actual',
    fotoActualizada: 'Foto de perfil actualizada correctamente',
    errorFoto: 'Error al actualizar la foto de perfil. Si persiste, usa el botón "Configurar Sistema".',
    errorArchivo: 'Error al procesar el archivo seleccionado',
    soloImagenesAvatar: '❌ Solo se permiten archivos de imagen (PNG, JPG, JPEG, WebP)',
    /** (Bufete) */
    avatarGrande: '❌ La imagen es demasiado grande. Máximo 5MB.',
    /** (Bufete) */
    avatarPequeno: 'La imagen debe medir al menos 100×100 píxeles.',
    noHayUsuario: 'No hay usuario logueado',
    errorSubiendo: (detail: string) => `Error subiendo imagen: ${detail}`,
    errorDesconocidoAvatar: 'Error desconocido actualizando avatar.',
    /** (Bufete) diagnostics are off in production unless DIAGNOSTICS_ENABLED=true. */
    diagnosticoDesactivado: 'Las páginas de diagnóstico están desactivadas en este servidor.',
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
