/** Settings, the system (mail, disk, database), diagnostics and HTTP errors. */
export const systemMessages = {
  settings: {
    /** (Bufete) */
    resumenActivado: 'Recibirás cada mañana el resumen de tu día.',
    /** (Bufete) */
    resumenDesactivado: 'Ya no recibirás el resumen diario.',
    perfilActualizado: 'Perfil actualizado correctamente',
    /** (Bufete) the fiscal card saves only its own fields, and says so. */
    datosFiscalesGuardados: 'Datos fiscales guardados',
    /** (Bufete) a card whose fields were changed and not saved. */
    cambiosSinGuardar: 'Cambios sin guardar',
    errorPerfil: 'Error al actualizar el perfil',
    contrasenaActualizada: 'Contraseña actualizada correctamente',
    errorContrasena: 'Error al actualizar la contraseña',
    nuevaContrasenaMin: 'La nueva contraseña debe tener al menos 12 caracteres',
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
    /** (Bufete) */
    zonaHorariaInvalida: 'Zona horaria inválida',
    /** (Bufete) */
    cedulaInvalida: 'La cédula profesional debe tener 7 u 8 dígitos',
    /** (Bufete) */
    preferenciasGuardadas: 'Preferencias guardadas',
    /** (Bufete) diagnostics are off in production unless DIAGNOSTICS_ENABLED=true. */
    diagnosticoDesactivado: 'Las páginas de diagnóstico están desactivadas en este servidor.',
  },
  /** (Bufete) 'Configurar Sistema': what was checked, repaired or is wrong. */
  system: {
    almacenamiento: 'Almacenamiento de fotos',
    almacenamientoOk: 'Tus fotos se pueden guardar.',
    almacenamientoError: 'No se pudo guardar una foto de prueba. Avisa a quien administra tu despacho (el detalle quedó en el registro del servidor).',
    datosPerfil: 'Datos de tu perfil',
    datosPerfilOk: 'Tu perfil está listo para guardar tu foto.',
    datosPerfilError: 'Tu perfil no está listo para guardar tu foto. Avisa a quien administra tu despacho (el detalle quedó en el registro del servidor).',
    tuPerfil: 'Tu perfil',
    tuPerfilOk: 'Tu perfil está creado.',
    tuPerfilCreado: 'Tu perfil no existía: se creó con tu nombre de cuenta.',
    tuPerfilError: 'No se pudo leer ni crear tu perfil. Avisa a quien administra tu despacho (el detalle quedó en el registro del servidor).',
  },
  /** (Bufete) /test-auth and /test-email. */
  diagnostics: {
    conexionApi: 'Conexión con la API',
    servidorResponde: 'El servidor responde.',
    baseDeDatos: 'Base de datos',
    postgresResponde: 'PostgreSQL responde.',
    pgliteResponde: 'La base de datos embebida (PGlite) responde.',
    registro: 'Registro',
    registroValido: 'Los datos de registro son válidos y el email está disponible.',
    registroExistente: 'Los datos de registro son válidos; ya existe una cuenta con este email.',
    registroInvalido: 'Datos de registro inválidos',
    transporte: 'Transporte de correo',
    smtpOk: 'El servidor SMTP acepta conexiones.',
    buzonLocal: (dir: string) => `Sin SMTP_URL: los correos se guardan como archivos .eml en ${dir} y sus enlaces se escriben en el registro del servidor.`,
    emailConfirmacion: 'Email de confirmación',
    emailRecuperacion: 'Email de recuperación',
    emailPrueba: 'Email de prueba',
    enviadoA: (email: string, outbox: boolean) => `Enviado a ${email}${outbox ? ' (guardado en el buzón local)' : ''}.`,
    asuntoPrueba: '[Prueba] Correo de prueba de Bufete',
    textoPrueba: 'Este es un correo de prueba enviado desde la página de diagnóstico de Bufete.',
    /** (Bufete) mail the queue gave up on (account links, reminders, summaries), for the operator. */
    correosPendientes: 'Correos sin entregar',
    ningunCorreoFallido: 'Ningún correo quedó sin entregar en las últimas 24 horas.',
    correosFallidos: (n: number) =>
      `${n === 1 ? '1 correo quedó' : `${n} correos quedaron`} sin entregar en las últimas 24 horas tras agotar sus reintentos. El registro del servidor dice por qué.`,
    baseDeDatosSinRespuesta: 'La base de datos no responde. El registro del servidor tiene el detalle.',
  },
  http: {
    /** (Bufete) rate limit on sign-in, sign-up and reset requests. */
    tooManyRequests: 'Demasiados intentos. Espera un momento y vuelve a intentarlo.',
    /** (Bufete) the browser could not reach the server (offline, a dropped connection): never the browser's English. */
    sinConexion: 'No se pudo conectar con el servidor. Revisa tu conexión e inténtalo de nuevo.',
    /** (Bufete) a protected API call without a session. */
    unauthenticated: 'No estás autenticado',
    /** (Bufete) unknown record or another user's record. */
    notFound: 'No encontrado',
    /** (Bufete) a bug on our side; details stay in the server log. */
    internal: 'Error interno del servidor. Inténtalo de nuevo.',
    /** (Bufete) cross-site request refused. */
    forbiddenOrigin: 'Origen de la solicitud no permitido',
    /** (Bufete) the 500 answer, with the reference a lawyer can report. */
    internalRef: (ref: string) => `Error interno del servidor. Inténtalo de nuevo. Si el problema persiste, comunica la referencia ${ref}.`,
    /** (Bufete) a JSON endpoint sent another content type. */
    soloJson: 'La solicitud debe enviarse como JSON (application/json).',
    /** (Bufete) a body over the limit of its endpoint. */
    cuerpoGrande: 'La solicitud es demasiado grande.',
    /** (Bufete) a body cut short or that is not valid JSON. */
    cuerpoIlegible: 'No se pudo leer la solicitud. Inténtalo de nuevo.',
    /** (Bufete) a keyset cursor that was not made by us. */
    cursorInvalido: 'Cursor de paginación inválido',
    /** (Bufete) /api/health when the database does not answer. */
    baseDeDatosNoResponde: 'La base de datos no responde.',
    /** (Bufete) a malformed %-escape in the address. */
    direccionInvalida: 'La dirección solicitada no es válida.',
    /** (Bufete) the database connection was lost mid-request (a restart, a failover). */
    conexionPerdida: 'Se perdió por un momento la conexión con la base de datos. Inténtalo de nuevo en unos segundos; si estabas guardando algo, revisa primero si quedó guardado.',
    /** (Bufete) the server's disk is full: nothing was stored. */
    sinEspacio:
      'El servidor se quedó sin espacio en disco y no pudo guardar lo que enviaste: no se guardó nada de esto y lo que ya tenías sigue a salvo. Avisa a quien administra Bufete.',
  },
} as const;
