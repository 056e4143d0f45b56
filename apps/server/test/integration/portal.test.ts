import {
  accountApi,
  actuacionesApi,
  calendarioApi,
  casoMensajesApi,
  casoPortalApi,
  casosApi,
  clientePortalApi,
  clientesApi,
  documentosApi,
  facturasApi,
  MSG,
  notificacionesApi,
  portalApi,
  securityApi,
} from '@bufete/shared';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { HttpClient } from '../support/http-client';
import { linkIn } from '../support/mail';
import { serverWithTwoLawyers } from '../support/suite';
import { readZip } from '../support/zip';

/**
 * The client portal's authorization matrix (issue 38): a client sees their
 * own cases, what their lawyer shared and their invoices — nothing of another
 * client of the same lawyer, nothing unshared, no lawyer's route — and a
 * lawyer's session never opens the portal.
 */
describe('Portal de clientes: acceso con enlace de un solo uso y matriz de autorización', () => {
  const suite = serverWithTwoLawyers();

  /** A lawyer's client with a case, two actuaciones and two documents (one of each shared), and an invoice. */
  async function clientWithMatter(lawyer: HttpClient, nombre: string, email: string) {
    const cliente = (await lawyer.call(clientesApi.create, { body: { nombre, email } })).json.cliente as { id: string };
    const caso = (await lawyer.call(casosApi.create, { body: { titulo: `Juicio de ${nombre}`, cliente_id: cliente.id, expediente: '123/2026', juzgado: 'Quinto de lo Civil' } }))
      .json.caso as { id: string };
    const actuacion = async (texto: string) =>
      (await lawyer.call(actuacionesApi.create, { body: { caso_id: caso.id, fecha_publicacion: '2026-11-20', tipo: 'acuerdo', texto } })).json.actuacion as { id: string };
    const compartida = await actuacion('Se admite la demanda.');
    const interna = await actuacion('Nota interna: revisar estrategia.');
    const documento = async (name: string) =>
      (await lawyer.upload(documentosApi.upload, { name, bytes: Buffer.from(`Contenido de ${name}`), type: 'text/plain' }, { caso_id: caso.id })).json.documento as { id: string };
    const doc = await documento(`Demanda de ${nombre}.txt`);
    const privado = await documento(`Estrategia de ${nombre}.txt`);
    // 'Visible para el cliente': what the lawyer shares; another lawyer cannot.
    expect((await suite.bob.call(documentosApi.setVisible, { params: { id: doc.id }, body: { visible: true } })).status).toBe(404);
    expect((await suite.bob.call(actuacionesApi.setVisible, { params: { id: compartida.id }, body: { visible: true } })).status).toBe(404);
    expect((await lawyer.call(actuacionesApi.setVisible, { params: { id: compartida.id }, body: { visible: true } })).json.actuacion.visible_cliente).toBe(true);
    expect((await lawyer.call(documentosApi.setVisible, { params: { id: doc.id }, body: { visible: true } })).json.documento.visible_cliente).toBe(true);
    const factura = (
      await lawyer.call(facturasApi.create, { body: { cliente_id: cliente.id, concepto: 'Honorarios', fecha_emision: '2026-11-20', calculo_automatico: false, monto: '5000' } })
    ).json.factura as { id: string; numero_factura: string };
    return { cliente, caso, compartida, interna, doc, privado, factura, email };
  }

  /** Invites the client and signs them in through the link of the email, as their browser would. */
  async function signedInClient(lawyer: HttpClient, matter: Awaited<ReturnType<typeof clientWithMatter>>) {
    const before = await suite.ts.mail.count(matter.email);
    const invited = await lawyer.call(clientePortalApi.invite, { params: { id: matter.cliente.id } });
    expect(invited.status, invited.text).toBe(200);
    const mail = await suite.ts.mail.waitFor(matter.email, /portal/, { after: before });
    const link = linkIn(mail, '/portal/entrar');
    const token = link.hash.slice(1);
    const browser = suite.ts.client();
    const signIn = await browser.call(portalApi.signIn, { body: { token } });
    expect(signIn.status, signIn.text).toBe(200);
    return { browser, token, mail };
  }

  it('a client reads their own cases, what was shared and their invoices; nothing of another client, nothing unshared, no lawyer route', async () => {
    const a = await clientWithMatter(suite.alice, 'Ana Torres', 'ana@cliente.mx');
    const b = await clientWithMatter(suite.alice, 'Beto Ruiz', 'beto@cliente.mx');
    const { browser: ana, token, mail } = await signedInClient(suite.alice, a);
    const { browser: beto } = await signedInClient(suite.alice, b);
    // The email names the lawyer and carries nothing of the matter.
    expect(mail.text).not.toContain('Juicio');
    expect(mail.text).not.toContain('Demanda');

    const session = (await ana.call(portalApi.session)).json;
    expect(session.cliente).toMatchObject({ nombre: 'Ana Torres', email: 'ana@cliente.mx' });
    expect((await ana.call(portalApi.cases)).json.items.map((caso: { id: string }) => caso.id)).toEqual([a.caso.id]);
    const detail = (await ana.call(portalApi.caseDetail, { params: { id: a.caso.id } })).json;
    expect(detail.caso).toMatchObject({ expediente: '123/2026', juzgado: 'Quinto de lo Civil' });
    expect(detail.actuaciones.map((item: { id: string }) => item.id)).toEqual([a.compartida.id]);
    expect(detail.documentos.map((item: { id: string }) => item.id)).toEqual([a.doc.id]);
    const file = await ana.download(`/api/portal/documentos/${a.doc.id}/archivo`);
    expect(file.status).toBe(200);
    expect(file.bytes.toString()).toBe('Contenido de Demanda de Ana Torres.txt');
    const facturas = (await ana.call(portalApi.invoices)).json;
    expect(facturas.items.map((item: { id: string }) => item.id)).toEqual([a.factura.id]);
    expect(facturas.saldo).toBe('5000.00');
    expect((await ana.download(`/api/portal/facturas/${a.factura.id}/pdf`)).status).toBe(200);

    // She sends a document to her case: the lawyer's checks, and it lands in 'Recibidos del cliente' with the lawyer's bell.
    const uploaded = await ana.upload(`/api/portal/casos/${a.caso.id}/documentos`, { name: 'INE Ana.txt', bytes: Buffer.from('Identificación'), type: 'text/plain' });
    expect(uploaded.status, uploaded.text).toBe(201);
    expect((await ana.call(portalApi.caseDetail, { params: { id: a.caso.id } })).json.enviados.map((item: { nombre: string }) => item.nombre)).toEqual(['INE Ana.txt']);
    expect((await ana.download(`/api/portal/documentos/${uploaded.json.documento.id}/archivo`)).status).toBe(200);
    const received = (await suite.alice.call(documentosApi.list, { query: { caso_id: a.caso.id } })).json.items.find((item: { nombre: string }) => item.nombre === 'INE Ana.txt');
    expect(received).toMatchObject({ recibido_cliente: true, por_revisar: true, visible_cliente: false, cliente_id: a.cliente.id });
    // 'Recibidos del cliente': only what she sent, each 'por revisar' until the lawyer marks it reviewed.
    const recibidos = (await suite.alice.call(documentosApi.list, { query: { caso_id: a.caso.id, recibidos: '1' } })).json.items;
    expect(recibidos.map((item: { nombre: string }) => item.nombre)).toEqual(['INE Ana.txt']);
    expect((await suite.bob.call(documentosApi.setReviewed, { params: { id: received.id }, body: { revisado: true } })).status).toBe(404);
    const own = await suite.alice.call(documentosApi.setReviewed, { params: { id: a.doc.id }, body: { revisado: true } });
    expect(own.status).toBe(400);
    expect(own.json.error.message).toBe(MSG.portal.noRecibido);
    const reviewed = await suite.alice.call(documentosApi.setReviewed, { params: { id: received.id }, body: { revisado: true } });
    expect(reviewed.json.documento).toMatchObject({ recibido_cliente: true, por_revisar: false });
    const history = (await suite.alice.call(casosApi.history, { params: { id: a.caso.id } })).json.items.map((item: { resumen: string }) => item.resumen);
    expect(history).toContain('Documento «INE Ana.txt» del cliente revisado');
    const bell = (await suite.alice.call(notificacionesApi.list)).json.items.map((item: { titulo: string }) => item.titulo);
    expect(bell).toContain('Ana Torres envió «INE Ana.txt»');
    const disguised = await ana.upload(`/api/portal/casos/${a.caso.id}/documentos`, {
      name: 'contrato.pdf',
      bytes: Buffer.from('MZ\x90\x00 no soy un PDF'),
      type: 'application/pdf',
    });
    expect(disguised.status).toBe(415);
    expect(disguised.json.error.message).toBe(MSG.documents.formatoNoPermitidoPortal);
    // The photos a phone takes go as they are, each typed by its bytes whatever its name says; an empty file is called so.
    const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
    const heic = Buffer.concat([Buffer.from([0, 0, 0, 24]), Buffer.from('ftypheic\0\0\0\0mif1heic', 'latin1'), Buffer.alloc(64, 1)]);
    const jpeg = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16]), Buffer.from('JFIF\0', 'latin1'), Buffer.alloc(64, 2)]);
    for (const [name, bytes, tipo] of [
      ['INE frente.png', png, 'image/png'],
      ['IMG_2041.HEIC', heic, 'image/heic'],
      ['recibo.jpg', jpeg, 'image/jpeg'],
    ] as const) {
      const photo = await ana.upload(`/api/portal/casos/${a.caso.id}/documentos`, { name, bytes, type: 'application/octet-stream' });
      expect(photo.status, photo.text).toBe(201);
      const stored = (await suite.alice.call(documentosApi.list, { query: { caso_id: a.caso.id, recibidos: '1' } })).json.items.find(
        (item: { nombre: string }) => item.nombre === name,
      );
      expect(stored, name).toMatchObject({ tipo, recibido_cliente: true });
    }
    const empty = await ana.upload(`/api/portal/casos/${a.caso.id}/documentos`, { name: 'INE reverso.jpg', bytes: Buffer.alloc(0), type: 'image/jpeg' });
    expect(empty.status).toBe(400);
    expect(empty.json.error.message).toBe(MSG.documents.archivoVacio('INE reverso.jpg'));
    // The lawyer's own uploads stay documents: a photo there is still refused, in the words of that screen.
    const lawyersPhoto = await suite.alice.upload(documentosApi.upload, { name: 'foto.png', bytes: png, type: 'image/png' }, { caso_id: a.caso.id });
    expect(lawyersPhoto.status).toBe(415);
    expect(lawyersPhoto.json.error.message).toBe(MSG.documents.formatoNoPermitido);
    expect((await ana.upload(`/api/portal/casos/${b.caso.id}/documentos`, { name: 'intruso.txt', bytes: Buffer.from('x'), type: 'text/plain' })).status).toBe(404);
    expect((await suite.alice.upload(`/api/portal/casos/${a.caso.id}/documentos`, { name: 'abogado.txt', bytes: Buffer.from('x'), type: 'text/plain' })).status).toBe(401);

    // Another client's, or unshared: 404, ids copied from the other session included.
    expect((await ana.call(portalApi.caseDetail, { params: { id: b.caso.id } })).status).toBe(404);
    expect((await ana.download(`/api/portal/documentos/${b.doc.id}/archivo`)).status).toBe(404);
    expect((await ana.download(`/api/portal/documentos/${a.privado.id}/archivo`)).status).toBe(404);
    expect((await ana.download(`/api/portal/facturas/${b.factura.id}/pdf`)).status).toBe(404);
    expect((await beto.download(`/api/portal/facturas/${a.factura.id}/pdf`)).status).toBe(404);
    expect((await beto.call(portalApi.caseDetail, { params: { id: a.caso.id } })).status).toBe(404);

    // A client's session opens no lawyer route; a lawyer's opens no portal route.
    for (const endpoint of [casosApi.list, clientesApi.list, facturasApi.list]) expect((await ana.call(endpoint)).status).toBe(401);
    expect((await ana.call(clientePortalApi.get, { params: { id: a.cliente.id } })).status).toBe(401);
    expect((await ana.download(`/api/documentos/${a.doc.id}/file`)).status).toBe(401);
    const lawyerOnPortal = await suite.alice.call(portalApi.cases);
    expect(lawyerOnPortal.status).toBe(401);
    expect(lawyerOnPortal.json.error.message).toBe(MSG.portal.sesionTerminada);
    // Another lawyer neither invites nor reads Alice's client.
    expect((await suite.bob.call(clientePortalApi.invite, { params: { id: a.cliente.id } })).status).toBe(404);
    expect((await suite.bob.call(clientePortalApi.get, { params: { id: a.cliente.id } })).status).toBe(404);

    // The lawyer's trail: each sign-in and download.
    const trail = (await suite.alice.call(securityApi.history, { query: { limit: 100 } })).json.items.map((entry: { resumen: string }) => entry.resumen).join('\n');
    expect(trail).toContain('«Ana Torres» entró al portal');
    expect(trail).toContain('«Ana Torres» descargó «Demanda de Ana Torres.txt» desde el portal');
    expect(trail).toContain(`«Ana Torres» descargó ${a.factura.numero_factura} desde el portal`);
    expect((await suite.alice.call(clientePortalApi.get, { params: { id: a.cliente.id } })).json.acceso).toMatchObject({ estado: 'activo', email: 'ana@cliente.mx' });

    // A link works once.
    const again = await suite.ts.client().call(portalApi.signIn, { body: { token } });
    expect(again.status).toBe(400);
    expect(again.json.error.message).toBe(MSG.portal.enlaceInvalido);

    // Suspended: the next request of the open session is refused, and no link goes out any more.
    await suite.alice.call(clientePortalApi.suspend, { params: { id: a.cliente.id } });
    expect((await ana.call(portalApi.cases)).status).toBe(401);
    const sent = await suite.ts.mail.count('ana@cliente.mx');
    expect((await suite.ts.client().call(portalApi.requestLink, { body: { email: 'ana@cliente.mx' } })).json.message).toBe(MSG.portal.enlaceEnviado);
    expect(await suite.ts.mail.count('ana@cliente.mx')).toBe(sent);
    // Beto's session is untouched.
    expect((await beto.call(portalApi.cases)).status).toBe(200);
    // Signing out ends the session.
    await beto.call(portalApi.signOut);
    expect((await beto.call(portalApi.cases)).status).toBe(401);
  });

  it('a link expires after 15 minutes; a new one is asked for by email, as often as the limit allows; an unknown address gets the same answer and no mail', async () => {
    const c = await clientWithMatter(suite.alice, 'Carla Núñez', 'carla@cliente.mx');
    await suite.alice.call(clientePortalApi.invite, { params: { id: c.cliente.id } });
    const mail = await suite.ts.mail.waitFor('carla@cliente.mx', /portal/);
    const token = linkIn(mail, '/portal/entrar').hash.slice(1);
    await suite.ts.server.database.db.execute(sql`update portal_enlaces set expires_at = now() - interval '1 second'`);
    const expired = await suite.ts.client().call(portalApi.signIn, { body: { token } });
    expect(expired.json.error.message).toBe(MSG.portal.enlaceInvalido);
    const malformed = await suite.ts.client().call(portalApi.signIn, { body: { token: 'x' } });
    expect(malformed.status).toBe(400);
    expect(malformed.json.error.message).toBe(MSG.portal.enlaceInvalido);

    const browser = suite.ts.client();
    const asked = await browser.call(portalApi.requestLink, { body: { email: 'Carla@Cliente.mx' } });
    expect(asked.json.message, asked.text).toBe(MSG.portal.enlaceEnviado);
    const fresh = await suite.ts.mail.waitFor('carla@cliente.mx', /Tu enlace para entrar al portal/);
    expect((await browser.call(portalApi.signIn, { body: { token: linkIn(fresh, '/portal/entrar').hash.slice(1) } })).status).toBe(200);

    // Five links per address in ten minutes; the sixth is refused before anything is looked up.
    for (let i = 0; i < 4; i++) expect((await browser.call(portalApi.requestLink, { body: { email: 'carla@cliente.mx' } })).status).toBe(200);
    const limited = await browser.call(portalApi.requestLink, { body: { email: 'carla@cliente.mx' } });
    expect(limited.status).toBe(429);
    expect(limited.json.error.message).toBe(MSG.portal.demasiadosEnlaces);

    // Downloads (a file read, a PDF drawn, an entry in the trail each): 60 per access in ten minutes.
    await suite.alice.call(documentosApi.setVisible, { params: { id: c.doc.id }, body: { visible: true } });
    for (let i = 0; i < 60; i++) expect((await browser.download(`/api/portal/documentos/${c.doc.id}/archivo`)).status).toBe(200);
    const tooMany = await browser.request(`/api/portal/facturas/${c.factura.id}/pdf`);
    expect(tooMany.status).toBe(429);
    expect(tooMany.json.error.message).toBe(MSG.portal.demasiadasDescargas);

    const nobody = await browser.call(portalApi.requestLink, { body: { email: 'nadie@ejemplo.mx' } });
    expect(nobody.json.message).toBe(MSG.portal.enlaceEnviado);
    expect(await suite.ts.mail.count('nadie@ejemplo.mx')).toBe(0);
    const invalid = await browser.call(portalApi.requestLink, { body: { email: 'no es un correo' } });
    expect(invalid.status).toBe(400);
    expect(invalid.json.error.message).toBe(MSG.validation.emailInvalid);

    // A client without an email cannot be invited: said in Spanish.
    const sinEmail = (await suite.alice.call(clientesApi.create, { body: { nombre: 'Sin correo' } })).json.cliente;
    expect((await suite.alice.call(clientePortalApi.invite, { params: { id: sinEmail.id } })).json.error.message).toBe(MSG.portal.clienteSinEmail);
  });

  it('erasing a client’s data ends their portal: the access and its address go, the open session is refused, the trail and the bell keep neither name nor address', async () => {
    const d = await clientWithMatter(suite.alice, 'Diana Solís', 'diana@cliente.mx');
    const { browser: diana } = await signedInClient(suite.alice, d);
    const sent = await diana.upload(`/api/portal/casos/${d.caso.id}/documentos`, { name: 'Acta Diana.txt', bytes: Buffer.from('Acta'), type: 'text/plain' });
    expect(sent.status).toBe(201);
    expect((await diana.download(`/api/portal/documentos/${d.doc.id}/archivo`)).status).toBe(200);
    const erased = await suite.alice.call(clientesApi.erase, { params: { id: d.cliente.id }, body: { confirmacion: true } });
    expect(erased.status, erased.text).toBe(200);
    expect((await diana.call(portalApi.cases)).status).toBe(401);
    const trail = JSON.stringify((await suite.alice.call(securityApi.history, { query: { limit: 100 } })).json.items);
    expect(trail).not.toContain('diana@cliente.mx');
    const bell = JSON.stringify((await suite.alice.call(notificacionesApi.list)).json.items);
    expect(bell).not.toContain('Acta Diana.txt');
    // Her invoice is kept (the law): she stays with her fiscal data only, and without access.
    if (!erased.json.eliminado) expect((await suite.alice.call(clientePortalApi.get, { params: { id: d.cliente.id } })).json.acceso).toBeNull();
  });

  it('the next hearing of a case reaches its client only when the lawyer shows it: the next one, a hearing, not begun', async () => {
    const g = await clientWithMatter(suite.alice, 'Gloria Paz', 'gloria@cliente.mx');
    const { browser: gloria } = await signedInClient(suite.alice, g);
    const inDays = (days: number, hourUtc: number) => {
      const date = new Date(Date.now() + days * 86_400_000);
      date.setUTCHours(hourUtc, 0, 0, 0);
      return date.toISOString();
    };
    const cita = (body: Record<string, unknown>) => suite.alice.call(calendarioApi.create, { body: { caso_id: g.caso.id, ...body } });
    expect((await cita({ titulo: 'Junta con el perito', inicio: inDays(2, 16), fin: inDays(2, 17) })).status).toBe(201);
    expect((await cita({ titulo: 'Audiencia de pruebas', inicio: inDays(9, 16), fin: inDays(9, 18), ubicacion: 'Juzgado Quinto de lo Civil', audiencia: true })).status).toBe(201);
    expect((await cita({ titulo: 'Audiencia de alegatos', inicio: inDays(30, 16), fin: inDays(30, 18), audiencia: true })).status).toBe(201);
    expect((await cita({ titulo: 'Audiencia pasada', inicio: inDays(-3, 16), fin: inDays(-3, 18), audiencia: true })).status).toBe(201);

    // Not shown until the lawyer says so.
    expect((await gloria.call(portalApi.cases)).json.items[0].proxima_audiencia).toBeNull();
    const state = (await suite.alice.call(casoPortalApi.get, { params: { id: g.caso.id } })).json;
    expect(state).toMatchObject({
      audiencia_visible: false,
      proxima_audiencia: { titulo: 'Audiencia de pruebas', inicio: inDays(9, 16), ubicacion: 'Juzgado Quinto de lo Civil' },
    });
    expect((await suite.bob.call(casoPortalApi.set, { params: { id: g.caso.id }, body: { audiencia_visible: true } })).status).toBe(404);
    expect((await gloria.call(casoPortalApi.set, { params: { id: g.caso.id }, body: { audiencia_visible: true } })).status).toBe(401);
    const shown = await suite.alice.call(casoPortalApi.set, { params: { id: g.caso.id }, body: { audiencia_visible: true } });
    expect(shown.json.audiencia_visible).toBe(true);
    const expected = { titulo: 'Audiencia de pruebas', inicio: inDays(9, 16), ubicacion: 'Juzgado Quinto de lo Civil', zona: 'America/Mexico_City' };
    expect((await gloria.call(portalApi.cases)).json.items[0].proxima_audiencia).toEqual(expected);
    expect((await gloria.call(portalApi.caseDetail, { params: { id: g.caso.id } })).json.caso.proxima_audiencia).toEqual(expected);
    const history = (await suite.alice.call(casosApi.history, { params: { id: g.caso.id } })).json.items.map((item: { resumen: string }) => item.resumen);
    expect(history).toContain('El portal muestra al cliente la próxima audiencia de «Juicio de Gloria Paz»');
    // Hidden again.
    await suite.alice.call(casoPortalApi.set, { params: { id: g.caso.id }, body: { audiencia_visible: false } });
    expect((await gloria.call(portalApi.caseDetail, { params: { id: g.caso.id } })).json.caso.proxima_audiencia).toBeNull();
  });

  it('an optional password: set by the signed-in client, another way in; wrong ones refused alike, suspended refused, attempts limited per address', async () => {
    const h = await clientWithMatter(suite.alice, 'Héctor Luna', 'hector@cliente.mx');
    const { browser: hector } = await signedInClient(suite.alice, h);
    expect((await hector.call(portalApi.session)).json.cliente.con_contrasena).toBe(false);
    const short = await hector.call(portalApi.setPassword, { body: { contrasena: 'corta' } });
    expect(short.status).toBe(400);
    expect(short.json.error.message).toBe(MSG.validation.passwordNuevaMin);
    const saved = await hector.call(portalApi.setPassword, { body: { contrasena: 'Pensión alimenticia 2026' } });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.json.message).toBe(MSG.portal.contrasenaGuardada);
    expect((await hector.call(portalApi.session)).json.cliente.con_contrasena).toBe(true);
    // A lawyer's session cannot set it.
    expect((await suite.alice.call(portalApi.setPassword, { body: { contrasena: 'Pensión alimenticia 2026' } })).status).toBe(401);

    const other = suite.ts.client();
    const wrong = await other.call(portalApi.signInWithPassword, { body: { email: 'hector@cliente.mx', contrasena: 'otra contraseña cualquiera' } });
    expect(wrong.status).toBe(401);
    expect(wrong.json.error.message).toBe(MSG.portal.credencialesInvalidas);
    const unknown = await other.call(portalApi.signInWithPassword, { body: { email: 'nadie@cliente.mx', contrasena: 'Pensión alimenticia 2026' } });
    expect(unknown.status).toBe(401);
    expect(unknown.json.error.message).toBe(MSG.portal.credencialesInvalidas);
    const right = await other.call(portalApi.signInWithPassword, { body: { email: 'HECTOR@cliente.mx', contrasena: 'Pensión alimenticia 2026' } });
    expect(right.status, right.text).toBe(200);
    expect(right.json.cliente).toMatchObject({ nombre: 'Héctor Luna', email: 'hector@cliente.mx' });
    expect((await other.call(portalApi.cases)).json.items.map((caso: { id: string }) => caso.id)).toEqual([h.caso.id]);
    const trail = (await suite.alice.call(securityApi.history, { query: { entidad: 'cliente' } })).json.items.map((item: { resumen: string }) => item.resumen);
    expect(trail.some((resumen: string) => resumen.startsWith('«Héctor Luna» entró al portal con contraseña'))).toBe(true);
    expect(trail).toContain('«Héctor Luna» guardó una contraseña para el portal');
    expect(JSON.stringify(trail)).not.toContain('Pensión alimenticia 2026');

    // Suspended: the password opens nothing.
    await suite.alice.call(clientePortalApi.suspend, { params: { id: h.cliente.id } });
    const suspended = await suite.ts.client().call(portalApi.signInWithPassword, { body: { email: 'hector@cliente.mx', contrasena: 'Pensión alimenticia 2026' } });
    expect(suspended.status).toBe(401);
    // Five attempts per address in ten minutes, counted before anything is checked: the sixth is refused in Spanish.
    const attempt = () => suite.ts.client().call(portalApi.signInWithPassword, { body: { email: 'hector@cliente.mx', contrasena: 'adivinando' } });
    expect((await attempt()).status).toBe(401);
    expect((await attempt()).status).toBe(401);
    const limited = await attempt();
    expect(limited.status).toBe(429);
    expect(limited.json.error.message).toBe(MSG.portal.demasiadosIntentos);
  });

  it('messages per case: the client writes, the lawyer reads and answers; each side is told by email without the text; nobody else reads or writes them', async () => {
    const e = await clientWithMatter(suite.alice, 'Elena Vega', 'elena@cliente.mx');
    const f = await clientWithMatter(suite.alice, 'Fausto Gil', 'fausto@cliente.mx');
    const { browser: elena } = await signedInClient(suite.alice, e);
    const { browser: fausto } = await signedInClient(suite.alice, f);
    const lawyerEmail = await lawyerAddress(suite.alice);

    const blank = await elena.call(portalApi.sendMessage, { params: { id: e.caso.id }, body: { texto: '   ' } });
    expect(blank.json.error).toMatchObject({ message: MSG.portal.mensajeVacio, field: 'texto' });
    const secret = 'Mi exesposo no ha pagado la pensión de octubre';
    const sent = await elena.call(portalApi.sendMessage, { params: { id: e.caso.id }, body: { texto: secret } });
    expect(sent.status, sent.text).toBe(201);
    // The lawyer: on the case, in the bell, and an email that does not carry the text.
    expect((await suite.alice.call(casoMensajesApi.list, { params: { id: e.caso.id } })).json.items).toMatchObject([{ autor: 'cliente', texto: secret }]);
    expect((await suite.alice.call(notificacionesApi.list)).json.items.map((item: { titulo: string }) => item.titulo)).toContain('Elena Vega te escribió en el portal');
    const notice = await suite.ts.mail.waitFor(lawyerEmail, /Elena Vega te escribió en el portal/);
    expect(notice.text).not.toContain('pensión de octubre');
    expect(notice.html).not.toContain('pensión de octubre');

    // The answer: the client reads it, and is told without the text.
    const before = await suite.ts.mail.count('elena@cliente.mx');
    const answer = await suite.alice.call(casoMensajesApi.send, { params: { id: e.caso.id }, body: { texto: 'Presentaremos el incidente de incumplimiento el lunes.' } });
    expect(answer.status, answer.text).toBe(201);
    expect((await elena.call(portalApi.messages, { params: { id: e.caso.id } })).json.items.map((item: { autor: string }) => item.autor)).toEqual(['cliente', 'abogado']);
    const told = await suite.ts.mail.waitFor('elena@cliente.mx', /Tu abogado te escribió en el portal/, { after: 0 });
    expect(await suite.ts.mail.count('elena@cliente.mx')).toBe(before + 1);
    expect(told.text).not.toContain('incidente');

    // Nobody else: another client of the same lawyer, another lawyer, a lawyer's session on the portal's route.
    expect((await fausto.call(portalApi.messages, { params: { id: e.caso.id } })).status).toBe(404);
    expect((await fausto.call(portalApi.sendMessage, { params: { id: e.caso.id }, body: { texto: 'hola' } })).status).toBe(404);
    expect((await suite.bob.call(casoMensajesApi.list, { params: { id: e.caso.id } })).status).toBe(404);
    expect((await suite.bob.call(casoMensajesApi.send, { params: { id: e.caso.id }, body: { texto: 'hola' } })).status).toBe(404);
    expect((await elena.call(casoMensajesApi.list, { params: { id: e.caso.id } })).status).toBe(401);
    // A case whose client has no access: said in Spanish.
    const sinCliente = (await suite.alice.call(casosApi.create, { body: { titulo: 'Sin cliente' } })).json.caso;
    expect((await suite.alice.call(casoMensajesApi.send, { params: { id: sinCliente.id }, body: { texto: 'hola' } })).json.error.message).toBe(MSG.portal.casoSinPortal);
    // They are the client's own data: in the export the lawyer gives them (LFPDPPP), the other client's are not.
    const exported = await suite.alice.download(`/api/clientes/${e.cliente.id}/export`);
    expect(exported.status).toBe(200);
    const files = await readZip(exported.bytes);
    const mensajes = JSON.parse(files.get('mensajes.json')!.toString('utf8')) as { autor: string; texto: string; caso: string }[];
    expect(mensajes).toMatchObject([
      { autor: 'cliente', texto: secret, caso: 'Juicio de Elena Vega' },
      { autor: 'abogado', caso: 'Juicio de Elena Vega' },
    ]);
    expect(files.get('resumen.html')!.toString('utf8')).toContain('Mensajes del portal');
    expect(files.get('LEEME.txt')!.toString('utf8')).toContain('mensajes.json');
    const other = await readZip((await suite.alice.download(`/api/clientes/${f.cliente.id}/export`)).bytes);
    expect(other.has('mensajes.json')).toBe(false);
    // Erasing the client's data takes the messages with it.
    await suite.alice.call(clientesApi.erase, { params: { id: e.cliente.id }, body: { confirmacion: true } });
    expect((await suite.alice.call(casoMensajesApi.list, { params: { id: e.caso.id } })).json.items).toEqual([]);
  });
});

/** The lawyer's own address (where the portal's notices to them go). */
async function lawyerAddress(client: HttpClient): Promise<string> {
  return (await client.call(accountApi.session)).json.session.user.email as string;
}
