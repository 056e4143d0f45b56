/** (Bufete) Configuración → Seguridad: two-factor sign-in and the open sessions (issue 28). */
export const securityMessages = {
  dosFactores: {
    codigoObligatorio: 'Escribe el código de 6 dígitos de tu app de autenticación o uno de tus códigos de recuperación.',
    codigoInvalido: 'El código no es correcto. Revisa la hora de tu teléfono o usa un código de recuperación.',
    recuperacionInvalida: 'Ese código de recuperación no es válido o ya se usó.',
    demasiadosIntentos: 'Demasiados códigos incorrectos en este inicio de sesión. Vuelve a escribir tu contraseña.',
    cuentaBloqueada: 'Demasiados códigos incorrectos para esta cuenta. Espera 15 minutos e inténtalo de nuevo.',
    caducado: 'Tu inicio de sesión caducó o ya se completó. Vuelve a escribir tu email y contraseña.',
    yaActivo: 'La verificación en dos pasos ya está activa.',
    noActivo: 'La verificación en dos pasos no está activa.',
    sinConfigurar: 'Primero pide un código QR nuevo: escribe tu contraseña y vuelve a empezar.',
    activada: 'Verificación en dos pasos activada. Guarda tus códigos de recuperación.',
    desactivada: 'Verificación en dos pasos desactivada.',
    codigosNuevos: 'Códigos de recuperación nuevos. Los anteriores ya no sirven.',
  },
  cierre: {
    codigoObligatorio: 'Tu cuenta tiene verificación en dos pasos: escribe también un código de tu app (o uno de recuperación).',
    confirmacion: 'Marca la casilla para confirmar que quieres cerrar tu cuenta.',
    programado: (fecha: string) => `Cerramos tu cuenta. Sus datos se eliminarán el ${fecha}; si inicias sesión antes, se restaura.`,
    /** (Bufete) a sign-in within the 30 days undid the closing. */
    restaurada: 'Tu cuenta estaba cerrada: al iniciar sesión la restauramos completa y ya no se eliminará.',
  },
  privacidad: {
    confirmacion: 'Marca la casilla para confirmar que quieres eliminar los datos de este cliente.',
    eliminados: (nombre: string) => `Se eliminaron los datos de ${nombre}.`,
    conservados: (nombre: string) => `Se eliminaron los datos de ${nombre}; se conservan sus datos fiscales por sus facturas.`,
    demasiadas: 'Has pedido muchas exportaciones seguidas. Espera unos minutos y vuelve a intentarlo.',
  },
  portabilidad: {
    enCurso: 'Ya estamos preparando una exportación de tus datos. Te avisaremos por email cuando esté lista.',
    demasiadas: 'Has pedido muchas exportaciones o importaciones seguidas. Espera unos minutos y vuelve a intentarlo.',
    caducada: 'Este enlace de descarga caducó (dura 24 horas) y el archivo ya se borró. Pide una exportación nueva.',
    fallida: 'No pudimos terminar la exportación. Inténtalo de nuevo; si vuelve a fallar, escríbenos.',
    sinArchivo: 'Elige el archivo .zip que descargaste con «Exportar todos mis datos».',
    archivoGrande: (gb: number) => `El archivo pasa de ${gb} GB, el máximo que se puede importar.`,
    noEsBufete: 'Este archivo no es una exportación de Bufete. Elige el .zip que descargaste con «Exportar todos mis datos».',
    danado: 'El archivo está dañado o incompleto. Descárgalo de nuevo y vuelve a intentarlo.',
    versionNueva: 'Este archivo viene de una versión más nueva de Bufete. Actualiza esta instalación antes de importarlo.',
    cuentaConDatos: 'Solo se puede importar en una cuenta nueva: esta ya tiene casos, clientes, documentos o facturas propios.',
    importando: 'Ya estamos importando un archivo en esta cuenta. Espera a que termine.',
    sinEspacio: 'Los archivos de la exportación no caben en tu espacio de almacenamiento.',
    importada: 'Importación terminada: tus datos ya están en esta cuenta.',
    importacionFallida: 'No se pudo importar el archivo y no se guardó nada de él. Inténtalo de nuevo.',
    /** (Bufete) an export of the first release, whose records the manifest did not cover. */
    versionAnterior:
      'Este archivo se exportó con una versión anterior de Bufete que no permite comprobar cada registro. Exporta tus datos de nuevo en la otra cuenta e importa el archivo nuevo.',
    /** (Bufete) confirming or discarding an import no longer waiting for it. */
    yaNoEspera: 'Esta importación ya no espera confirmación. Vuelve a subir el archivo.',
    descartada: 'Importación descartada: no se guardó nada del archivo.',
  },
  sesiones: {
    cerrada: 'Sesión cerrada.',
    cerradas: (n: number) => (n === 1 ? 'Se cerró 1 sesión.' : `Se cerraron ${n} sesiones.`),
    noEsLaActual: 'Para cerrar esta sesión usa «Cerrar sesión» en el menú.',
  },
} as const;
