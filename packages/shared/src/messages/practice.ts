/** Cases and clients (practice), their email reminders, and the mails sent to clients. */
export const practiceMessages = {
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
} as const;
