/** (Bufete) The client's portal (issue 38): what the client and the lawyer read of it. */
export const portalMessages = {
  portal: {
    enlaceEnviado: 'Si ese correo tiene acceso al portal, te enviamos un enlace para entrar. Revisa tu bandeja; el enlace vale 15 minutos y una sola vez.',
    enlaceInvalido: 'Este enlace ya se usó o venció. Pide uno nuevo con tu correo.',
    demasiadosEnlaces: 'Has pedido muchos enlaces seguidos. Espera unos minutos y vuelve a intentarlo.',
    sesionTerminada: 'Tu sesión del portal terminó. Entra de nuevo con un enlace a tu correo.',
    clienteSinEmail: 'Para invitar a este cliente al portal, primero escribe su email en su ficha.',
    invitacionEnviada: (email: string) => `Invitación al portal enviada a ${email}. El enlace vale 15 minutos; el cliente puede pedir otro desde el portal.`,
    accesoSuspendido: 'Acceso al portal suspendido: sus sesiones se cerraron.',
    sinAcceso: 'Este cliente no tiene acceso al portal.',
    mensajeVacio: 'Escribe tu mensaje.',
    mensajeLargo: 'El mensaje es demasiado largo (máximo 4,000 caracteres).',
    demasiadasDescargas: 'Has descargado muchos archivos seguidos. Espera unos minutos y vuelve a intentarlo.',
    demasiadosMensajes: 'Has enviado muchos mensajes seguidos. Espera unos minutos y vuelve a intentarlo.',
    casoSinPortal: 'El cliente de este caso no tiene acceso al portal: invítalo desde su ficha para escribirle aquí.',
  },
} as const;
