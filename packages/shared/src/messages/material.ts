/** The lawyer's material: documents, notes, search and the AI assistant. */
export const materialMessages = {
  documents: {
    /** (Bufete) the lawyer's storage is full. */
    espacioLleno: (limitBytes: number) =>
      `Tu espacio de almacenamiento está lleno (${limitBytes >= 1024 ** 3 ? `${Math.round((limitBytes / 1024 ** 3) * 10) / 10} GB` : `${Math.round(limitBytes / 1024 ** 2)} MB`}). Borra documentos o imágenes que ya no necesites para subir más.`,
    archivoGrande: 'El archivo es demasiado grande. Máximo 50MB.',
    /** (Bufete) a file whose bytes are not one of the accepted formats. */
    formatoNoPermitido: 'Formato no permitido. Sube un PDF, Word (.doc, .docx), TXT, CSV, Excel (.xls, .xlsx) o ZIP.',
    /** The portal also takes the photos a phone takes (an INE, a receipt). */
    formatoNoPermitidoPortal: 'Formato no permitido. Envía un PDF, Word, Excel, texto, ZIP o una foto (JPG, PNG, HEIC o WebP).',
    /** (Bufete) */
    formatoExtraccion: 'La prueba de extracción admite PDF, Word (.doc, .docx), TXT y CSV.',
    /** (Bufete) */
    sinArchivo: 'Selecciona un archivo para subir.',
    archivoVacio: (nombre: string) => `«${nombre}» está vacío (0 bytes): elige el archivo de nuevo o guárdalo otra vez antes de subirlo.`,
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
    sinModelo:
      'Tu despacho aún no activó un modelo de lenguaje, así que no puedo redactar una respuesta. Te muestro los pasajes de tu propio material que mejor responden a tu consulta.',
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
} as const;
