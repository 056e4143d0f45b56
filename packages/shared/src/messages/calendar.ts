/** The calendar (appointments, Google) and the plazos. */
export const calendarMessages = {
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
  plazos: {
    titulo: 'Calcular plazo',
    /** Opened from an actuación ('Calcular término'): the dialog says what its button said. */
    tituloTermino: 'Calcular término',
    /** A plazo counted from a day the lawyer typed, whose actuación then moved: said on the term until they decide. */
    revisarActuacion: (antes: string, ahora: string, desde: string) =>
      `Su actuación ahora surte efectos el ${ahora} (antes, el ${antes}), y este plazo se contó desde el ${desde}: revisa si debe contarse de nuevo.`,
    revisado: 'Plazo revisado',
    errorRevisar: 'No se pudo revisar el plazo. Inténtalo de nuevo.',
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
    reglaNombreObligatorio: 'Indica para qué es el término (por ejemplo, «Contestación de la demanda»)',
    reglaDesconocida: 'Esa regla ya no existe: elige otra o indica los días',
    demasiadasReglas: 'Alcanzaste el máximo de reglas propias (100).',
    reglaCreada: 'Regla agregada',
    reglaEliminada: 'Regla eliminada',
    errorRegla: 'No se pudo guardar la regla. Inténtalo de nuevo.',
    actuacionDeOtroCaso: 'Esa actuación no es de este caso',
  },
} as const;
