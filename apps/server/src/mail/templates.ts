import { conteoDeBoletin } from '@bufete/shared';

/** Transactional emails in Spanish, HTML plus text. Every user value is escaped. */

export function escapeHtml(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}

/** Subject lines must not carry line breaks from user input (header injection). */
function oneLine(value: string): string {
  return value.replace(/[\r\n]+/g, ' ').trim();
}

interface Rendered {
  subject: string;
  html: string;
  text: string;
  link: string;
}

function layout(title: string, paragraphs: string[], action: { label: string; url: string }, footnote: string): string {
  const body = paragraphs.map((p) => `<p style="margin:0 0 16px;line-height:1.5">${p}</p>`).join('');
  const url = escapeHtml(action.url);
  return `<!doctype html>
<html lang="es"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>
<body style="margin:0;padding:24px;background:#f4f5f7;font-family:Segoe UI,Helvetica,Arial,sans-serif;color:#1f2937">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center">
<table role="presentation" width="560" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:12px;padding:32px">
<tr><td>
<p style="margin:0 0 24px;font-size:20px;font-weight:700;color:#1e3a8a">Bufete</p>
<h1 style="margin:0 0 16px;font-size:22px">${escapeHtml(title)}</h1>
${body}
<p style="margin:24px 0"><a href="${url}" style="display:inline-block;background:#1d4ed8;color:#ffffff;text-decoration:none;padding:12px 20px;border-radius:8px;font-weight:600">${escapeHtml(action.label)}</a></p>
<p style="margin:0 0 16px;font-size:13px;color:#6b7280;line-height:1.5">Si el botón no funciona, copia este enlace en tu navegador:<br><a href="${url}" style="color:#1d4ed8;word-break:break-all">${url}</a></p>
<p style="margin:0;font-size:13px;color:#6b7280">${escapeHtml(footnote)}</p>
</td></tr></table>
</td></tr></table>
</body></html>`;
}

export function confirmationEmail(input: { nombre: string; link: string }): Rendered {
  const nombre = oneLine(input.nombre) || 'Hola';
  const title = 'Confirma tu email';
  return {
    subject: 'Confirma tu cuenta de Bufete',
    link: input.link,
    html: layout(
      title,
      [`Hola ${escapeHtml(nombre)},`, 'Gracias por registrarte en Bufete. Confirma tu dirección de email para activar tu cuenta.'],
      { label: 'Confirmar mi email', url: input.link },
      'Si no creaste esta cuenta, puedes ignorar este mensaje.',
    ),
    text: [
      `Hola ${nombre},`,
      '',
      'Gracias por registrarte en Bufete. Confirma tu dirección de email para activar tu cuenta:',
      input.link,
      '',
      'Si no creaste esta cuenta, puedes ignorar este mensaje.',
    ].join('\n'),
  };
}

export function passwordResetEmail(input: { nombre: string; link: string }): Rendered {
  const nombre = oneLine(input.nombre) || 'Hola';
  const title = 'Restablece tu contraseña';
  return {
    subject: 'Restablece tu contraseña de Bufete',
    link: input.link,
    html: layout(
      title,
      [`Hola ${escapeHtml(nombre)},`, 'Recibimos una solicitud para restablecer la contraseña de tu cuenta. El enlace expira en 1 hora y solo se puede usar una vez.'],
      { label: 'Crear nueva contraseña', url: input.link },
      'Si no solicitaste este cambio, ignora este mensaje: tu contraseña actual sigue siendo válida.',
    ),
    text: [
      `Hola ${nombre},`,
      '',
      'Recibimos una solicitud para restablecer la contraseña de tu cuenta. El enlace expira en 1 hora y solo se puede usar una vez:',
      input.link,
      '',
      'Si no solicitaste este cambio, ignora este mensaje: tu contraseña actual sigue siendo válida.',
    ].join('\n'),
  };
}

/** (Issue 28) A sign-in from a device the account had not used: where and when, and the way to end it. */
export function newDeviceEmail(input: { nombre: string; dispositivo: string; ip: string | null; cuando: string; link: string; dosPasos: boolean }): Rendered {
  const nombre = oneLine(input.nombre) || 'Hola';
  const where = `${oneLine(input.dispositivo)}${input.ip ? `, desde la dirección ${oneLine(input.ip)}` : ''}`;
  // The time goes before the device: '… 4:30 p.m.' never meets the sentence's own period.
  const lines = [`El ${oneLine(input.cuando)} se inició sesión en tu cuenta de Bufete desde un dispositivo nuevo: ${where}.`, 'Si fuiste tú, no tienes que hacer nada.'];
  const warning = input.dosPasos
    ? 'Si no fuiste tú, entra a Configuración → Seguridad, cierra esa sesión y cambia tu contraseña.'
    : 'Si no fuiste tú, entra a Configuración → Seguridad, cierra esa sesión, cambia tu contraseña y activa la verificación en dos pasos.';
  return {
    subject: 'Nuevo inicio de sesión en tu cuenta de Bufete',
    link: input.link,
    html: layout('Nuevo inicio de sesión', [`Hola ${escapeHtml(nombre)},`, ...lines.map(escapeHtml)], { label: 'Revisar mis sesiones', url: input.link }, escapeHtml(warning)),
    text: [`Hola ${nombre},`, '', ...lines, '', warning, input.link].join('\n'),
  };
}

/** (Issue 34) 'Cerrar mi cuenta' was asked: when everything goes, and how to keep it. */
export function accountClosedEmail(input: { nombre: string; link: string; eliminarEl: string }): Rendered {
  const nombre = oneLine(input.nombre) || 'Hola';
  const lines = [
    `Cerraste tu cuenta de Bufete y se cerraron todas tus sesiones. Todo lo que guardas en ella se eliminará para siempre el ${oneLine(input.eliminarEl)}.`,
    'Si fue un error o cambias de opinión, inicia sesión antes de esa fecha: tu cuenta se restaura completa.',
    'Si aún no lo hiciste, descarga antes tus datos (Configuración → Tus datos): la ley te obliga a conservar tus facturas cinco años (Código Fiscal de la Federación, art. 30).',
  ];
  const footnote = 'Si no fuiste tú quien cerró la cuenta, inicia sesión ahora y cambia tu contraseña.';
  return {
    subject: 'Cerraste tu cuenta de Bufete',
    link: input.link,
    html: layout('Cuenta cerrada', [`Hola ${escapeHtml(nombre)},`, ...lines.map(escapeHtml)], { label: 'Iniciar sesión', url: input.link }, escapeHtml(footnote)),
    text: [`Hola ${nombre},`, '', ...lines, '', footnote, input.link].join('\n'),
  };
}

/** (Issue 28) The last email of a closed account: everything was removed. */
export function accountDeletedEmail(input: { nombre: string; link: string }): Rendered {
  const nombre = oneLine(input.nombre) || 'Hola';
  const lines = [
    'Como pediste, eliminamos tu cuenta de Bufete y todo lo que guardabas en ella: casos, clientes, documentos, imágenes, notas, citas, facturas, tiempo y tu historial. No queda ninguna copia que podamos recuperar.',
    'Gracias por haber confiado en Bufete.',
  ];
  const footnote = 'Este es el último correo que recibirás de nosotros. Si algún día quieres volver, puedes crear una cuenta nueva.';
  return {
    subject: 'Tu cuenta de Bufete fue eliminada',
    link: input.link,
    html: layout('Cuenta eliminada', [`Hola ${escapeHtml(nombre)},`, ...lines.map(escapeHtml)], { label: 'Ir a Bufete', url: input.link }, escapeHtml(footnote)),
    text: [`Hola ${nombre},`, '', ...lines, '', footnote].join('\n'),
  };
}

/** 'Exportar todos mis datos' is ready: where to download it, and for how long. */
export function exportReadyEmail(input: { nombre: string; link: string }): Rendered {
  const nombre = oneLine(input.nombre) || 'Hola';
  const lines = [
    'Ya está lista la exportación de todos tus datos de Bufete: casos, clientes, documentos, imágenes, notas, citas, facturas, tiempo y tu historial, en un solo archivo .zip.',
    'Descárgalo desde Configuración → Tus datos, con tu sesión iniciada. El enlace funciona 24 horas; después borramos el archivo.',
  ];
  const footnote = 'Si no pediste esta exportación, cambia tu contraseña y revisa tus sesiones abiertas en Configuración → Seguridad.';
  return {
    subject: 'Tu exportación de datos está lista',
    link: input.link,
    html: layout('Tu exportación está lista', [`Hola ${escapeHtml(nombre)},`, ...lines.map(escapeHtml)], { label: 'Descargar mis datos', url: input.link }, escapeHtml(footnote)),
    text: [`Hola ${nombre},`, '', ...lines, '', `Descargar: ${input.link}`, '', footnote].join('\n'),
  };
}

/** A lawyer's message to a client: the text as written (escaped), signed with the lawyer's name. */
export function clientMessageEmail(input: { subject: string; message: string; lawyerName: string; especialidad: string; lawyerEmail: string }) {
  const subject = oneLine(input.subject);
  const paragraphs = input.message
    .split(/\n{2,}/)
    .map((paragraph) => `<p style="margin:0 0 16px;line-height:1.6">${escapeHtml(paragraph).replace(/\n/g, '<br>')}</p>`)
    .join('');
  const html = `<!doctype html>
<html lang="es"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:24px;background:#f4f5f7;font-family:Segoe UI,Helvetica,Arial,sans-serif;color:#1f2937">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center">
<table role="presentation" width="560" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:12px;padding:32px">
<tr><td>
${paragraphs}
<p style="margin:24px 0 0;line-height:1.5">${escapeHtml(input.lawyerName)}<br><span style="color:#6b7280">${escapeHtml(input.especialidad)} · ${escapeHtml(input.lawyerEmail)}</span></p>
</td></tr></table>
<p style="margin:16px 0 0;font-size:12px;color:#9ca3af">Enviado con Bufete. Responde a este correo para contestar a ${escapeHtml(input.lawyerName)}.</p>
</td></tr></table>
</body></html>`;
  const text = [input.message, '', '--', input.lawyerName, `${input.especialidad} · ${input.lawyerEmail}`].join('\n');
  return { subject, html, text };
}

/**
 * The email reminder of an appointment, to the lawyer: what, when (on their
 * clock, in Spanish), where and for which case, with a link to the calendar.
 */
export function appointmentReminderEmail(input: {
  nombre: string;
  titulo: string;
  cuando: string;
  faltan: string;
  ubicacion: string | null;
  caso: string | null;
  link: string;
}): Rendered {
  const titulo = oneLine(input.titulo);
  const lines = [
    `Hola ${escapeHtml(oneLine(input.nombre) || 'Hola')},`,
    `Tu cita <strong>${escapeHtml(titulo)}</strong> empieza ${escapeHtml(input.faltan)}: ${escapeHtml(input.cuando)}.`,
    ...(input.ubicacion ? [`Lugar: ${escapeHtml(oneLine(input.ubicacion))}`] : []),
    ...(input.caso ? [`Caso: ${escapeHtml(oneLine(input.caso))}`] : []),
  ];
  return {
    subject: `Recordatorio: ${titulo}`.slice(0, 200),
    link: input.link,
    html: layout(`Recordatorio: ${titulo}`, lines, { label: 'Ver mi calendario', url: input.link }, 'Recibes este aviso porque lo pediste al crear la cita en Bufete.'),
    text: [
      `Hola ${oneLine(input.nombre)},`,
      '',
      `Tu cita "${titulo}" empieza ${input.faltan}: ${input.cuando}.`,
      ...(input.ubicacion ? [`Lugar: ${oneLine(input.ubicacion)}`] : []),
      ...(input.caso ? [`Caso: ${oneLine(input.caso)}`] : []),
      '',
      `Tu calendario: ${input.link}`,
    ].join('\n'),
  };
}

/** Preferencias → 'Notificaciones por email': the morning summary of the lawyer's day. */
export function dailySummaryEmail(input: {
  nombre: string;
  dia: string;
  citas: { hora: string; titulo: string; ubicacion: string | null }[];
  vencidas: { numero: string; cliente: string | null; total: string; vencio: string }[];
  link: string;
}): Rendered {
  const cita = (item: (typeof input.citas)[number]) => `${item.hora} · ${oneLine(item.titulo)}${item.ubicacion ? ` (${oneLine(item.ubicacion)})` : ''}`;
  const factura = (item: (typeof input.vencidas)[number]) => `${item.numero}${item.cliente ? ` · ${oneLine(item.cliente)}` : ''} · ${item.total} · venció el ${item.vencio}`;
  const citasHtml = input.citas.length ? `<strong>Tus citas de hoy</strong><br>${input.citas.map((item) => escapeHtml(cita(item))).join('<br>')}` : 'Hoy no tienes citas.';
  const vencidasHtml = input.vencidas.length
    ? `<strong>Facturas vencidas</strong><br>${input.vencidas.map((item) => escapeHtml(factura(item))).join('<br>')}`
    : 'No tienes facturas vencidas.';
  const subject = `Tu día en Bufete: ${input.dia}`;
  return {
    subject,
    link: input.link,
    html: layout(
      subject,
      [`Hola ${escapeHtml(oneLine(input.nombre))},`, citasHtml, vencidasHtml],
      { label: 'Abrir Bufete', url: input.link },
      'Recibes este resumen porque lo activaste en Configuración → Preferencias. Puedes desactivarlo ahí mismo.',
    ),
    text: [
      `Hola ${oneLine(input.nombre)},`,
      '',
      ...(input.citas.length ? ['Tus citas de hoy:', ...input.citas.map(cita)] : ['Hoy no tienes citas.']),
      '',
      ...(input.vencidas.length ? ['Facturas vencidas:', ...input.vencidas.map(factura)] : ['No tienes facturas vencidas.']),
      '',
      `Bufete: ${input.link}`,
    ].join('\n'),
  };
}

/**
 * A followed bulletin read for the lawyer: how many acuerdos name their cases,
 * and the link to confirm them. Never a case's name or an acuerdo's text: the
 * subject and the body say only the count, the bulletin and the day.
 */
export function bulletinMatchesEmail(input: { nombre: string; boletin: string; dia: string; confirmadas: number; posibles: number; link: string }): Rendered {
  const nombre = oneLine(input.nombre) || 'Hola';
  const cuantos = conteoDeBoletin(input);
  const lines = [
    `Bufete leyó el ${input.boletin} del ${input.dia}: ${cuantos}.`,
    input.posibles > 0
      ? 'Los confirmados son de tus expedientes bajo tu juzgado; los posibles traen tu número pero algo no coincide (otro juzgado, un número dentro de otra entrada): revísalos antes de registrarlos.'
      : 'Son de tus expedientes bajo tu juzgado.',
    'Confírmalos en Bufete: cada uno quedará como actuación de su caso, con la fecha en que surte efectos propuesta.',
  ];
  const footnote = 'Recibes este aviso porque sigues este boletín en Configuración → Boletines. Puedes dejar de seguirlo ahí.';
  return {
    subject: oneLine(`${input.boletin} del ${input.dia}: ${cuantos}`),
    link: input.link,
    html: layout(
      `${cuantos[0]!.toUpperCase()}${cuantos.slice(1)}`,
      [`Hola ${escapeHtml(nombre)},`, ...lines.map(escapeHtml)],
      { label: 'Revisar los acuerdos', url: input.link },
      escapeHtml(footnote),
    ),
    text: [`Hola ${nombre},`, '', ...lines, '', `Revisar: ${input.link}`, '', footnote].join('\n'),
  };
}

/**
 * A client's link to their lawyer's portal (issue 38): one use, 15 minutes.
 * Names the lawyer (the client knows them, not Bufete); carries nothing of the
 * matter itself.
 */
export function portalLinkEmail(input: { abogado: string; link: string; invitacion: boolean }): Rendered {
  const abogado = oneLine(input.abogado);
  const title = input.invitacion ? `${abogado} te invita a su portal de clientes` : 'Tu enlace para entrar al portal';
  const lines = [
    input.invitacion
      ? `${abogado} te dio acceso a su portal de clientes en Bufete: ahí puedes ver cómo va tu asunto, los documentos que te comparta y tus facturas.`
      : `Pediste entrar al portal de clientes de ${abogado}.`,
    'El botón funciona una sola vez y durante 15 minutos. Si vence, pide otro enlace desde la página del portal con este mismo correo.',
  ];
  const footnote = 'Si no esperabas este correo, ignóralo: sin abrir el enlace nadie entra.';
  return {
    subject: oneLine(title),
    link: input.link,
    html: layout(title, lines.map(escapeHtml), { label: 'Entrar al portal', url: input.link }, footnote),
    text: [...lines, '', input.link, '', footnote].join('\n'),
  };
}

/**
 * A message in the portal, announced without its text (issue 38): to the
 * lawyer that a client wrote about a case, to the client that their lawyer
 * answered. Whoever reads the mail goes to Bufete to read the message.
 */
export function portalMessageEmail(input: {
  para: 'abogado' | 'cliente';
  de: string;
  caso: string;
  link: string;
  /** How the lawyer's profile names them ('abogada'): the client reads 'Tu abogada te escribió'. */
  tratamiento?: 'abogada' | 'abogado' | null;
}): Rendered {
  const de = oneLine(input.de);
  const caso = oneLine(input.caso);
  const title = input.para === 'abogado' ? `${de} te escribió en el portal` : `Tu ${input.tratamiento ?? 'abogado'} te escribió en el portal`;
  const lines =
    input.para === 'abogado'
      ? [`${de} te dejó un mensaje sobre «${caso}» en tu portal de clientes.`, 'Por tu privacidad y la de tu cliente, el mensaje no viene en este correo: léelo en Bufete.']
      : [
          `${de} te dejó un mensaje sobre «${caso}».`,
          'Por tu privacidad, el mensaje no viene en este correo: entra al portal para leerlo (te pediremos tu correo para enviarte un enlace).',
        ];
  const footnote = 'Si no esperabas este correo, ignóralo.';
  return {
    subject: oneLine(title),
    link: input.link,
    html: layout(title, lines.map(escapeHtml), { label: input.para === 'abogado' ? 'Leer en Bufete' : 'Ir al portal', url: input.link }, footnote),
    text: [...lines, '', input.link, '', footnote].join('\n'),
  };
}

/** A titular invites someone to their despacho (issue 46): the link works once, for 7 days. */
export function teamInvitationEmail(input: { titular: string; despacho: string; rol: string; link: string }): Rendered {
  const titular = oneLine(input.titular);
  const title = `${titular} te invita a su despacho en Bufete`;
  const lines = [
    `${titular} te invitó a trabajar en ${oneLine(input.despacho)} como ${oneLine(input.rol)}.`,
    'Entrarás con tu propia cuenta: si aún no tienes una, el enlace te lleva a crearla con este correo.',
    'El enlace funciona una sola vez y durante 7 días.',
  ];
  const footnote = 'Si no esperabas esta invitación, ignora este correo: sin abrir el enlace nadie entra.';
  return {
    subject: oneLine(title),
    link: input.link,
    html: layout(title, lines.map(escapeHtml), { label: 'Ver la invitación', url: input.link }, footnote),
    text: [...lines, '', input.link, '', footnote].join('\n'),
  };
}
