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
  },
  privacidad: {
    confirmacion: 'Marca la casilla para confirmar que quieres eliminar los datos de este cliente.',
    eliminados: (nombre: string) => `Se eliminaron los datos de ${nombre}.`,
    conservados: (nombre: string) => `Se eliminaron los datos de ${nombre}; se conservan sus datos fiscales por sus facturas.`,
    demasiadas: 'Has pedido muchas exportaciones seguidas. Espera unos minutos y vuelve a intentarlo.',
  },
  sesiones: {
    cerrada: 'Sesión cerrada.',
    cerradas: (n: number) => (n === 1 ? 'Se cerró 1 sesión.' : `Se cerraron ${n} sesiones.`),
    noEsLaActual: 'Para cerrar esta sesión usa «Cerrar sesión» en el menú.',
  },
} as const;
