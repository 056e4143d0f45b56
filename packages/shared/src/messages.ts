/**
 * Every Spanish text the server and the web must agree on. Texts quoted by the
 * spec are copied exactly; the few we had to add are marked "(Bufete)".
 */
export const MSG = {
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
    emailNotConfirmed:
      'Debes confirmar tu email antes de iniciar sesión. Te enviamos un nuevo enlace de confirmación.',
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
  practice: {
    /** (Bufete) server-side text for the rule "title required". */
    tituloObligatorio: 'El título es obligatorio',
    /** (Bufete) server-side text for the rule "nombre must be non-blank". */
    nombreObligatorio: 'El nombre es obligatorio',
    estadoInvalido: 'Estado inválido',
    /** (Bufete) */
    materiaInvalida: 'Materia inválida',
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
    /** (Bufete) a scheduled send needs both its day and its time. */
    programacionIncompleta: 'Para programar el envío indica el día (dd/mm/aaaa) y la hora (hh:mm)',
    /** (Bufete) */
    horaInvalida: 'Escribe la hora en formato de 24 horas, por ejemplo 09:30 o 17:45',
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
    /** (Bufete) per-user limits on emails to clients. */
    limiteHora: (n: number) => `Alcanzaste el límite de ${n} emails a clientes por hora. Podrás enviar más en un rato.`,
    /** (Bufete) */
    limiteDia: (n: number) => `Alcanzaste el límite de ${n} emails a clientes por día. Podrás enviar más mañana.`,
    /** (Bufete) the mail server did not answer in time, or refused for now: the email waits in the queue. */
    enCola: 'El servidor de correo no respondió a tiempo: tu email quedó en cola y se enviará en cuanto responda. Te avisaremos en la campana.',
  },
  /** (Bufete) why an email did not go out, as the lawyer reads it (never the mail library's English). */
  mail: {
    direccionDesconocida: (code: number) => `El servidor de correo del destinatario no reconoce la dirección (código ${code}). Revisa el email del cliente.`,
    buzonLleno: (code: number) => `El buzón del destinatario está lleno (código ${code}).`,
    rechazado: (code: number) => `El servidor de correo rechazó el mensaje (código ${code}).`,
    rechazoTemporal: (code: number) => `El servidor de correo no aceptó el mensaje por ahora (código ${code}).`,
    credenciales: 'El servidor de correo del despacho rechazó sus credenciales. Avísale a quien administra Bufete.',
    sinRespuesta: 'El servidor de correo no respondió a tiempo.',
    sinConexion: 'No se pudo conectar con el servidor de correo.',
    otro: 'No se pudo enviar el email.',
  },
  documents: {
    /** (Bufete) the lawyer's storage is full. */
    espacioLleno: (limitBytes: number) =>
      `Tu espacio de almacenamiento está lleno (${limitBytes >= 1024 ** 3 ? `${Math.round((limitBytes / 1024 ** 3) * 10) / 10} GB` : `${Math.round(limitBytes / 1024 ** 2)} MB`}). Borra documentos o imágenes que ya no necesites para subir más.`,
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
    /** (Bufete) a multipart body that cannot be read (cut short, no boundary). */
    archivoIlegible: 'No se pudo leer el archivo enviado. Inténtalo de nuevo.',
    /** (Bufete) every extraction worker busy and the queue full. */
    servidorOcupado: 'El servidor está procesando muchos archivos en este momento. Inténtalo de nuevo en unos segundos.',
    /** (Bufete) the extraction test, per user. */
    demasiadasPruebas: 'Has hecho muchas pruebas de extracción seguidas. Espera unos minutos y vuelve a intentarlo.',
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
    /** (Bufete) rich text nested too deep or too large. */
    contenidoComplejo: 'El contenido de la nota es demasiado grande o está anidado en exceso.',
    /** (Bufete) */
    contenidoInvalido: 'Contenido inválido',
    /** (Bufete) */
    enlaceNoPermitido: 'Enlace no permitido',
    /** (Bufete) a note opened by its address that is not there (deleted, or not the lawyer's). */
    noEncontrada: 'No se encontró la nota. Puede que haya sido eliminada.',
  },
  /** (Bufete) the top bar's search and /buscar. */
  search: {
    vacia: 'Escribe qué quieres buscar.',
    larga: 'La búsqueda puede tener como máximo 200 caracteres.',
    tipoInvalido: 'Elige uno de los tipos de resultado: casos, clientes, documentos, notas, citas o facturas.',
    demasiadas: 'Demasiadas búsquedas seguidas. Espera un momento y vuelve a intentarlo.',
  },
  ai: {
    titulo: 'IA Legal Assistant',
    subtitulo: 'Tu asistente inteligente para consultas legales',
    usoDiario: 'Uso diario de IA',
    restantes: (n: number) => `${n} consultas restantes hoy`,
    pocasRestantes: 'Pocas consultas restantes',
    limiteAlcanzadoBadge: 'Límite alcanzado',
    limiteAlcanzadoTexto: 'Has alcanzado el límite diario. Se restablece mañana.',
    limiteAlcanzado: 'Has alcanzado el límite diario de consultas',
    limiteConsultas: (n: number) => `Has alcanzado el límite de ${n} consultas diarias. El límite se restablece mañana.`,
    errorComunicacion: 'Error al comunicarse con la IA',
    errorArchivos: 'Error procesando los archivos subidos. Intenta nuevamente.',
    errorSesion: 'Error cargando la sesión de chat',
    errorEnvio: (message: string) => `Error: ${message}`,
    reintentar: 'Por favor, intenta nuevamente.',
    guardado: 'Chat guardado correctamente',
    errorGuardar: 'Error guardando el chat',
    confirmarEliminar: '¿Estás seguro de que quieres eliminar esta sesión de chat?',
    errorEliminar: 'Error eliminando la sesión',
    archivoGrande: (name: string) => `El archivo ${name} es demasiado grande. Máximo 10MB por archivo.`,
    archivoNoCompatible: (name: string) => `El archivo ${name} no es compatible. Formatos soportados: PDF, Word, TXT, CSV.`,
    descripcionGuardado: (date: string) => `Chat guardado el ${date}`,
    /** (Bufete) */
    mensajeVacio: 'Escribe tu consulta o adjunta al menos un archivo',
    /** (Bufete) */
    tituloObligatorio: 'Escribe un título para el chat',
    /** (Bufete) */
    demasiadosArchivos: 'Puedes adjuntar como máximo 10 archivos por consulta',
    /** (Bufete) the assistant without a language model. */
    sinModelo: 'Tu despacho aún no activó un modelo de lenguaje, así que no puedo redactar una respuesta. Te muestro los pasajes de tu propio material que mejor responden a tu consulta.',
    /** (Bufete) the line above the chat when the firm has no model. */
    sinModeloAviso: 'Tu despacho aún no activó un modelo de lenguaje: el asistente te muestra los pasajes de tu material que mejor contestan, sin gastar tus consultas del día.',
    /** (Bufete) a reply cut short (dropped connection, provider error mid-reply, stopped). */
    respuestaIncompleta: 'Respuesta incompleta',
    /** (Bufete) */
    reintentarBoton: 'Reintentar',
    /** (Bufete) the provider did not start answering in time. */
    sinRespuestaATiempo: 'El modelo no respondió a tiempo. Esta consulta no se descontó de tu límite diario.',
    /** (Bufete) the provider finished without a word. */
    respuestaVacia: 'El modelo no devolvió ninguna respuesta. Esta consulta no se descontó de tu límite diario.',
    /** (Bufete) the provider failed (before or during the reply). */
    errorProveedor: 'Error al comunicarse con la IA. Esta consulta no se descontó de tu límite diario.',
    /** (Bufete) the lawyer pressed 'Detener'. */
    detenida: 'Detuviste la respuesta.',
    /** (Bufete) too many questions in a minute. */
    demasiadasSeguidas: 'Demasiadas consultas seguidas. Espera un minuto e inténtalo de nuevo.',
    /** (Bufete) */
    sinPasajes: 'No encontré en tu material pasajes que respondan a esta consulta. Prueba con otras palabras o selecciona los documentos o el caso como contexto.',
    /** (Bufete) a quotation the assistant attributed to a document that is not in it. */
    citaNoVerificada: 'cita no verificada',
  },
  fiscal: {
    /** (Bufete) */
    rfcInvalido: 'RFC inválido: 12 caracteres para una persona moral o 13 para una persona física (p. ej. GODE561231GR8)',
    /** (Bufete) */
    regimenInvalido: 'Elige un régimen fiscal de la lista',
    /** (Bufete) */
    usoCfdiInvalido: 'Elige un uso de CFDI de la lista',
    /** (Bufete) */
    codigoPostalInvalido: 'El código postal tiene 5 dígitos',
  },
  invoices: {
    errorCrear: 'Error al crear la factura. Por favor intenta de nuevo.',
    errorActualizar: 'Error al actualizar la factura',
    vacio: 'No tienes facturas aún. ¡Crea tu primera factura!',
    sinResultados: 'Sin resultados para los filtros seleccionados.',
    cargando: 'Cargando facturación...',
    /** (Bufete) */
    conceptoObligatorio: 'El concepto es obligatorio',
    /** (Bufete) */
    fechaObligatoria: 'La fecha de emisión es obligatoria',
    /** (Bufete) */
    montoInvalido: 'Escribe un monto en pesos, por ejemplo 1500 o 1500.50',
    /** (Bufete) */
    montoMayorQueCero: 'El monto total debe ser mayor que 0',
    /** (Bufete) */
    tarifaObligatoria: 'Con el cálculo automático, indica la tarifa por hora y las horas trabajadas',
    /** (Bufete) */
    horasInvalidas: 'Escribe las horas con hasta dos decimales, por ejemplo 2.5',
    /** (Bufete) */
    pagadoObligatorio: 'Indica el monto pagado: mayor que 0 y menor que el total',
    /** (Bufete) */
    pagadoExcede: 'El monto pagado no puede ser mayor que el total',
    /** (Bufete) */
    estadoInvalido: 'Elige un estado de la lista',
    /** (Bufete) */
    creada: 'Factura creada correctamente',
    /** (Bufete) */
    actualizada: 'Factura actualizada correctamente',
    /** (Bufete) */
    enviada: (email: string) => `Recibo enviado a ${email}`,
    /** (Bufete) */
    sinEmailCliente: 'La factura no tiene un cliente con email',
    /** (Bufete) */
    sinEntradas: 'Elige al menos una entrada de tiempo sin facturar',
    /** (Bufete) */
    yaFacturado: 'Alguna de esas entradas ya se facturó: actualiza la lista e inténtalo de nuevo',
    /** (Bufete) */
    clientesDistintos: 'Las entradas elegidas son de clientes distintos: factura las de un cliente a la vez',
    /** (Bufete) */
    clienteDeLasEntradas: 'La factura de un tiempo registrado es para el cliente de ese tiempo',
    /** (Bufete) a figure past what an invoice holds. */
    montoExcede: 'El total no puede pasar de $999,999,999.99 por factura: revisa la tarifa y las horas',
    /** (Bufete) */
    formaPagoInvalida: 'Elige una forma de pago de la lista',
    /** (Bufete) */
    motivoObligatorio: 'Escribe el motivo de la cancelación (al menos 3 caracteres)',
    /** (Bufete) */
    cancelada: (numero: string) => `Factura ${numero} cancelada. Su número no se volverá a usar.`,
    /** (Bufete) */
    yaCancelada: 'Esta factura está cancelada: ya no se puede modificar',
    /** (Bufete) */
    noEditable: 'Solo se pueden editar las facturas pendientes sin pagos. Para corregir una pagada, cancélala y crea otra.',
    /** (Bufete) */
    conPagos: 'Esta factura tiene pagos registrados: márcala como Pendiente (devolución del pago) antes de cancelarla',
    /** (Bufete) */
    editada: 'Factura actualizada correctamente',
  },
  time: {
    /** (Bufete) */
    descripcionObligatoria: 'Describe el trabajo realizado',
    /** (Bufete) */
    horasCuartos: 'Las horas van en pasos de 0.25 (un cuarto de hora), de 0.25 a 24',
    /** (Bufete) */
    casoObligatorio: 'Elige el caso en el que trabajaste',
    /** (Bufete) */
    temporizadorActivo: 'Ya tienes un temporizador en marcha: deténlo antes de iniciar otro',
    /** (Bufete) */
    sinTemporizador: 'No hay ningún temporizador en marcha',
    /** (Bufete) */
    entradaFacturada: 'Esta entrada ya se facturó: no se puede modificar ni borrar',
    /** (Bufete) */
    tarifaInvalida: 'Escribe la tarifa por hora en pesos, por ejemplo 1500',
  },
  calendar: {
    verificando: 'Verificando conexión de Google Calendar...',
    confirmarEliminar: '¿Estás seguro de que quieres eliminar este evento?',
    errorGuardar: (message: string) => `Error al guardar el evento: ${message}`,
    errorDesconocido: 'Error desconocido',
    desconectado: 'Google Calendar desconectado correctamente',
    errorConexion: 'Error al gestionar la conexión con Google Calendar',
    conectado: '¡Google Calendar conectado exitosamente!',
    errorAutorizacion: (error: string) => `Error en la autorización: ${error}`,
    sinCodigo: 'No se recibió el código de autorización',
    sinParametros: 'Parámetros de autorización no encontrados',
    sesionPerdida: 'No se pudo restaurar tu sesión. Por favor inicia sesión de nuevo y vuelve a intentar.',
    errorConectar: 'Error al conectar Google Calendar. Por favor intenta de nuevo.',
    noRenovado: 'No se pudo renovar el token de acceso',
    /** (Bufete) the spec's hosted function said 'User not connected to Google Calendar'; a lawyer reads Spanish. */
    noConectado: 'Google Calendar no está conectado',
    /** (Bufete) */
    tituloObligatorio: 'El título de la cita es obligatorio',
    /** (Bufete) */
    inicioInvalido: 'Indica una fecha y hora de inicio válidas',
    /** (Bufete) */
    finInvalido: 'Indica una fecha y hora de fin válidas',
    /** (Bufete) */
    finAntesDeInicio: 'La cita debe terminar después de empezar',
    /** (Bufete) */
    duracionExcesiva: 'Una cita no puede durar más de un año',
    /** (Bufete) */
    recordatorioInvalido: 'Elige uno de los recordatorios disponibles',
    /** (Bufete) */
    demasiadasEtiquetas: 'Una cita puede tener como máximo 20 etiquetas',
    /** (Bufete) */
    rangoInvalido: 'El periodo pedido no es válido (como máximo 62 días)',
    /** (Bufete) */
    creado: 'Cita creada',
    /** (Bufete) */
    actualizado: 'Cita actualizada',
    /** (Bufete) */
    eliminado: 'Cita eliminada',
    /** (Bufete) Google is not configured on this server. */
    /** (Bufete) the lawyer chose to end the connection when changing the password. */
    desconectadoPorContrasena: 'Desconectaste Google Calendar al cambiar tu contraseña. Conéctalo de nuevo cuando quieras.',
    /** (Bufete) what a lawyer reads when the server has no Google credentials. */
    noConfigurado: 'Tu despacho aún no activó Google Calendar.',
    /** (Bufete) the same, for whoever runs the server (diagnostic page and log only). */
    noConfiguradoOperador: 'Faltan GOOGLE_CLIENT_ID y GOOGLE_CLIENT_SECRET en la configuración del servidor (ver README, «Google Calendar»).',
    /** (Bufete) the OAuth state is missing, wrong, used or old. */
    estadoInvalido: 'La autorización de Google no corresponde a esta sesión o ya se usó. Vuelve a pulsar «Conectar con Google Calendar».',
    /** (Bufete) */
    sincronizado: (importados: number, enviados: number, eliminados: number) =>
      `Sincronizado: ${importados} ${importados === 1 ? 'cita recibida' : 'citas recibidas'} de Google, ${enviados} ${enviados === 1 ? 'enviada' : 'enviadas'} y ${eliminados} ${eliminados === 1 ? 'eliminada' : 'eliminadas'}.`,
    /** (Bufete) Google refused the tokens: the connection was removed. */
    desconectadoPorGoogle: 'Google rechazó el acceso a tu calendario, así que se desconectó. Vuelve a conectarlo para seguir sincronizando.',
    /** (Bufete) */
    googleNoResponde: (status: number | string) => `Google Calendar no respondió como se esperaba (${status}). Inténtalo de nuevo en unos minutos.`,
    /** (Bufete) */
    enlaceRegenerado: 'Se generó un enlace nuevo: el anterior ya no funciona.',
    /** (Bufete) the email reminder of an appointment. */
    asuntoRecordatorio: (titulo: string) => `Recordatorio: ${titulo}`,
  },
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
  plazos: {
    titulo: 'Calcular plazo',
    descripcion: 'La fecha de vencimiento y la cuenta día por día, con cada día inhábil y su fundamento.',
    notificacionObligatoria: 'Indica la fecha en que surtió efectos la notificación',
    diasInvalidos: 'Indica un número de días entre 1 y 365',
    tipoInvalido: 'Elige días hábiles o naturales',
    calendarioObligatorio: 'Elige el calendario que aplica',
    motivoObligatorio: 'Indica el motivo del día inhábil',
    nombreObligatorio: 'Indica el nombre del calendario',
    demasiadosCalendarios: 'Alcanzaste el máximo de calendarios propios (20).',
    demasiadosDias: 'Este calendario alcanzó el máximo de días inhábiles (500).',
    soloPropios: 'Solo puedes modificar tus propios calendarios; copia uno predefinido para ajustarlo.',
    diaRepetido: 'Ese día ya está marcado como inhábil en este calendario.',
    agendado: 'Plazo agendado en el calendario',
    errorCalcular: 'No se pudo calcular el plazo. Inténtalo de nuevo.',
    errorAgendar: 'No se pudo agendar el plazo. Inténtalo de nuevo.',
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
    sinEspacio: 'El servidor se quedó sin espacio en disco y no pudo guardar lo que enviaste: no se guardó nada de esto y lo que ya tenías sigue a salvo. Avisa a quien administra Bufete.',
  },
} as const;
