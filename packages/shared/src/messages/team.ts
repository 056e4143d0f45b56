/** (Bufete) The despacho and its team: Configuración → Equipo, invitations and roles (issue 46). */
export const teamMessages = {
  equipo: {
    sinPermiso: (area: string) => `Tu rol en este despacho no permite usar ${area}. Pídeselo al titular.`,
    rolInvalido: 'Elige un rol: Abogado asociado o Asistente.',
    invitacionEnviada: (email: string) => `Enviamos la invitación a ${email}. Vence en 7 días.`,
    yaEsMiembro: (email: string) => `${email} ya es parte de este despacho.`,
    yaInvitado: (email: string) => `Ya hay una invitación pendiente para ${email}. Cancélala para enviar otra.`,
    tuMismo: 'Ya eres titular de este despacho: invita a otra persona.',
    limiteMiembros: 'Un despacho tiene a lo más 25 miembros, contando al titular y las invitaciones pendientes.',
    limiteInvitaciones: 'Este despacho ya envió 20 invitaciones hoy. Inténtalo mañana.',
    invitacionInvalida: 'El enlace de invitación no es válido. Pide al titular que te envíe otro.',
    invitacionCaducada: 'La invitación caducó. Pide al titular que te envíe otra.',
    invitacionUsada: 'Esta invitación ya se usó. Si eres tú, entra al despacho desde el menú de despachos.',
    otroCorreo: (email: string) => `La invitación es para ${email}. Inicia sesión con esa cuenta para aceptarla.`,
    titularNoSeQuita: 'El titular no puede quitarse ni cambiar de rol: el despacho siempre tiene uno.',
    miembroQuitado: (nombre: string) => `${nombre} ya no es parte del despacho. Sus sesiones en él se cerraron.`,
    rolCambiado: (nombre: string, rol: string) => `${nombre} ahora es ${rol}.`,
    invitacionCancelada: 'Invitación cancelada.',
    responsableInvalido: 'Elige como responsable a alguien del despacho.',
    bienvenida: (despacho: string) => `Ahora trabajas en ${despacho}.`,
  },
} as const;
