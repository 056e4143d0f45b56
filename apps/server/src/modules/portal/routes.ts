import { casoMensajesApi, casoPortalApi, clientePortalApi, portalApi } from '@bufete/shared';
import { generatedFile, sendStoredFile } from '../../http/file-response';
import type { Router } from '../../http/route';
import type { Storage } from '../../storage';
import type { PortalService } from './service';
import type { PortalSessions } from './sessions';

export function portalRoutes({ on }: Router, { portal, sessions, storage }: { portal: PortalService; sessions: PortalSessions; storage: Storage }) {
  // The client's side: a session of its own kind ('client').
  on(portalApi.requestLink, async ({ c, body }) => ({ message: await portal.requestLink(body.email, c.get('clientNet')) }));
  on(portalApi.signIn, async ({ c, body }) => {
    const { token, client } = await portal.signIn(body.token, { ip: c.get('clientIp') ?? null });
    sessions.give(c, token);
    return portal.session(client);
  });
  on(portalApi.signInWithPassword, async ({ c, body }) => {
    const { token, client } = await portal.signInWithPassword(body.email, body.contrasena, { ip: c.get('clientIp') ?? null, net: c.get('clientNet') });
    sessions.give(c, token);
    return portal.session(client);
  });
  on(portalApi.setPassword, async ({ client, body }) => ({ message: await portal.setPassword(client, body.contrasena) }));
  on(portalApi.session, async ({ client }) => portal.session(client));
  on(portalApi.signOut, async ({ c, client }) => {
    await portal.signOut(client);
    sessions.forget(c);
    return { ok: true as const };
  });
  on(portalApi.cases, async ({ client }) => ({ items: await portal.cases(client) }));
  on(portalApi.caseDetail, async ({ client, params }) => portal.caseDetail(client, params.id));
  on(portalApi.document, async ({ c, client, params }) => sendStoredFile(c, storage, await portal.document(client, params.id)));
  on(portalApi.upload, async ({ client, params, upload }) => ({ documento: await portal.upload(client, params.id, upload.file) }));
  on(portalApi.invoices, async ({ client }) => portal.invoices(client));
  on(portalApi.messages, async ({ client, params }) => ({ items: await portal.messages(client, params.id) }));
  on(portalApi.sendMessage, async ({ client, params, body }) => ({ mensaje: await portal.sendFromClient(client, params.id, body.texto) }));
  on(portalApi.invoiceXml, async ({ client, params }) => {
    const { name, xml } = await portal.invoiceXml(client, params.id);
    return generatedFile(xml, { type: 'application/xml; charset=utf-8', name });
  });
  on(portalApi.invoicePdf, async ({ client, params }) => {
    const { numero, bytes } = await portal.invoicePdf(client, params.id);
    return generatedFile(bytes, { type: 'application/pdf', name: `${numero}.pdf` });
  });

  // The lawyer's side of a client's access.
  on(clientePortalApi.get, async ({ user, params }) => ({ acceso: await portal.access(user.id, params.id) }));
  on(clientePortalApi.invite, async ({ user, params }) => ({ acceso: await portal.invite(user.id, params.id) }));
  on(casoPortalApi.get, async ({ user, params }) => portal.casePortal(user.id, params.id));
  on(casoPortalApi.set, async ({ user, params, body }) => portal.setCasePortal(user.id, params.id, body.audiencia_visible));
  on(casoMensajesApi.list, async ({ user, params }) => ({ items: await portal.messagesForLawyer(user.id, params.id) }));
  on(casoMensajesApi.send, async ({ user, params, body }) => ({ mensaje: await portal.sendFromLawyer(user.id, params.id, body.texto) }));
  on(clientePortalApi.suspend, async ({ user, params }) => ({ acceso: await portal.suspend(user.id, params.id) }));
}
