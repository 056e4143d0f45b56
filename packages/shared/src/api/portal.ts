import { LIMITS } from '../constants';
import { okSchema } from '../common';
import { endpoint } from '../endpoint';
import {
  casoPortalInputSchema,
  casoPortalSchema,
  mensajeInputSchema,
  mensajeSchema,
  mensajesReply,
  portalAccesoReply,
  portalCasoDetalleSchema,
  portalCasoSchema,
  portalContrasenaSchema,
  portalEntrarContrasenaSchema,
  portalDocumentoSchema,
  portalEnlaceSchema,
  portalEntrarSchema,
  portalFacturasSchema,
  portalSesionSchema,
} from '../portal';
import { z } from '../zod';

/** The client's portal (issue 38): signed in with a one-use link, a session of its own kind ('client'). */
export const portalApi = {
  /** 'Entrar': a link to the address, if it has access (the answer never says whether it does). */
  requestLink: endpoint({ method: 'POST', path: '/portal/enlaces', auth: 'public', body: portalEnlaceSchema, response: z.strictObject({ message: z.string() }) }),
  /** The link opened: its token for a portal session (a cookie of its own). */
  signIn: endpoint({ method: 'POST', path: '/portal/sesion', auth: 'public', body: portalEntrarSchema, response: portalSesionSchema }),
  /** 'Entrar con contraseña', for a client who set one: limited per address and per network like the links. */
  signInWithPassword: endpoint({ method: 'POST', path: '/portal/sesion/contrasena', auth: 'public', body: portalEntrarContrasenaSchema, response: portalSesionSchema }),
  /** 'Guardar contraseña': optional, set (or changed) by the signed-in client. */
  setPassword: endpoint({ method: 'PUT', path: '/portal/contrasena', auth: 'client', body: portalContrasenaSchema, response: z.strictObject({ message: z.string() }) }),
  session: endpoint({ method: 'GET', path: '/portal/sesion', auth: 'client', response: portalSesionSchema }),
  signOut: endpoint({ method: 'DELETE', path: '/portal/sesion', auth: 'client', response: okSchema }),
  cases: endpoint({ method: 'GET', path: '/portal/casos', auth: 'client', response: z.strictObject({ items: z.array(portalCasoSchema) }) }),
  caseDetail: endpoint({ method: 'GET', path: '/portal/casos/:id', auth: 'client', response: portalCasoDetalleSchema }),
  document: endpoint({ method: 'GET', path: '/portal/documentos/:id/archivo', auth: 'client', response: 'file' }),
  /** A document the client sends to one of their cases: the lawyer's checks and quota; it lands in 'Recibidos del cliente'. */
  upload: endpoint({
    method: 'POST',
    path: '/portal/casos/:id/documentos',
    auth: 'client',
    upload: { fields: z.object({}), maxBytes: LIMITS.documentMaxBytes },
    response: z.strictObject({ documento: portalDocumentoSchema }),
    status: 201,
  }),
  invoices: endpoint({ method: 'GET', path: '/portal/facturas', auth: 'client', response: portalFacturasSchema }),
  /** A case's messages with the lawyer, oldest first; writing one tells the lawyer (bell and an email without its text). */
  messages: endpoint({ method: 'GET', path: '/portal/casos/:id/mensajes', auth: 'client', response: mensajesReply }),
  sendMessage: endpoint({
    method: 'POST',
    path: '/portal/casos/:id/mensajes',
    auth: 'client',
    body: mensajeInputSchema,
    response: z.strictObject({ mensaje: mensajeSchema }),
    status: 201,
  }),
  invoicePdf: endpoint({ method: 'GET', path: '/portal/facturas/:id/pdf', auth: 'client', response: 'file' }),
  /** The invoice's CFDI (the XML the SAT holds), once stamped. */
  invoiceXml: endpoint({ method: 'GET', path: '/portal/facturas/:id/xml', auth: 'client', response: 'file' }),
};

/** The lawyer's side of a client's access. */
export const clientePortalApi = {
  get: endpoint({ method: 'GET', path: '/clientes/:id/portal', auth: 'user', response: portalAccesoReply }),
  /** 'Invitar al portal' (again: a new link; a suspended access is given back). */
  invite: endpoint({ method: 'POST', path: '/clientes/:id/portal', auth: 'user', response: portalAccesoReply }),
  /** 'Suspender acceso': the client's sessions end at once. */
  suspend: endpoint({ method: 'POST', path: '/clientes/:id/portal/suspension', auth: 'user', response: portalAccesoReply }),
};

/** The lawyer's side of a case in the portal: 'Mostrar al cliente la próxima audiencia'. */
export const casoPortalApi = {
  get: endpoint({ method: 'GET', path: '/casos/:id/portal', auth: 'user', response: casoPortalSchema }),
  set: endpoint({ method: 'PUT', path: '/casos/:id/portal', auth: 'user', body: casoPortalInputSchema, response: casoPortalSchema }),
};

/** The lawyer's side of a case's messages with its client (issue 38). */
export const casoMensajesApi = {
  list: endpoint({ method: 'GET', path: '/casos/:id/mensajes', auth: 'user', response: mensajesReply }),
  send: endpoint({ method: 'POST', path: '/casos/:id/mensajes', auth: 'user', body: mensajeInputSchema, response: z.strictObject({ mensaje: mensajeSchema }), status: 201 }),
};
