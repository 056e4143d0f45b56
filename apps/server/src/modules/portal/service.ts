import type { CasoPortal, Mensaje, PortalAcceso, PortalCaso, PortalCasoDetalle, PortalFactura, PortalSesion, ProximaAudiencia } from '@bufete/shared';
import { centavosOf, moneyString, MSG } from '@bufete/shared';
import { and, desc, eq, gte, inArray, isNotNull, isNull, or, sql } from 'drizzle-orm';
import type { ReceivedFile } from '../../http/upload';
import type { PortalClient } from '../../auth/portal-client';
import type { Database, Transaction } from '../../db/client';
import { appError, notFound } from '../../http/errors';
import type { RateLimiter } from '../../http/rate-limit';
import type { Logger } from '../../logger';
import type { Mailer } from '../../mail/mailer';
import { portalLinkEmail, portalMessageEmail } from '../../mail/templates';
import type { StoredFile } from '../../http/file-response';
import { casos } from '../cases/schema';
import { calendarEvents } from '../calendar/schema';
import type { ClientService } from '../clients/service';
import type { DocumentService } from '../documents/service';
import type { Notice } from '../notifications/service';
import { documentos } from '../documents/schema';
import type { HistoryService } from '../history/service';
import type { InvoiceService } from '../invoices/service';
import type { PaymentService } from '../payments/service';
import { actuaciones } from '../proceedings/schema';
import type { ProfileService } from '../profile/service';
import { portalAccesos, portalAudiencias, portalEnlaces, portalMensajes, portalSesiones } from './schema';
import { hashPassword, passwordMatches } from './passwords';
import { newToken, PORTAL_SESSION_MS, tokenHash } from './sessions';

/** A link works this long, once. */
export const PORTAL_LINK_MS = 15 * 60 * 1000;
/** One address may be invited by several lawyers: at most this many links go out per request. */
const LINKS_PER_REQUEST = 5;

type AccessRow = typeof portalAccesos.$inferSelect;

const toAcceso = (row: AccessRow): PortalAcceso => ({
  email: row.email,
  estado: row.estado,
  invitado_at: row.invitadoAt.toISOString(),
  ultima_visita_at: row.ultimaVisitaAt?.toISOString() ?? null,
});

/**
 * The client's portal (issue 38), the server's whole side of it: the lawyer
 * invites a client and can suspend them; the client asks for a one-use link
 * by email, opens it for a session of their own, and reads only their cases,
 * what the lawyer marked visible, and their invoices. Every query is scoped
 * by the lawyer and the client of the session, never by an id the browser
 * sends alone. Sign-ins and downloads go to the lawyer's audit trail.
 */
export function createPortalService(
  db: Database,
  deps: {
    clients: Pick<ClientService, 'get'>;
    documents: Pick<DocumentService, 'upload'>;
    notify: (userId: string, notice: Notice) => Promise<void>;
    profiles: Pick<ProfileService, 'signature' | 'timeZoneOf'>;
    invoices: Pick<InvoiceService, 'get' | 'list' | 'pdf'>;
    /** The stamped CFDI of an invoice (its ingreso's XML for the client). */
    stampedXmls: (userId: string, facturaId: string) => Promise<{ name: string; xml: string; tipo: string; estado: string }[]>;
    /** 'Pagar' and the OXXO vouchers waiting, when the lawyer takes payments online. */
    payments: Pick<PaymentService, 'forPortal'>;
    history: HistoryService;
    mailer: Mailer;
    logger: Logger;
    appUrl: string;
    /** Link requests: per address and per network, checked before anything is looked up; messages per access and per lawyer. */
    limits: { perEmail: RateLimiter; perNet: RateLimiter; messages: RateLimiter; downloads: RateLimiter };
  },
) {
  async function accessOf(userId: string, clienteId: string): Promise<AccessRow | undefined> {
    const [row] = await db
      .select()
      .from(portalAccesos)
      .where(and(eq(portalAccesos.userId, userId), eq(portalAccesos.clienteId, clienteId)))
      .limit(1);
    return row;
  }

  /** A new link of the access, and its mail sent without the request waiting on the mail server. */
  async function sendLink(access: AccessRow, invitacion: boolean): Promise<void> {
    const token = newToken();
    await db.insert(portalEnlaces).values({ accesoId: access.id, tokenHash: tokenHash(token), expiresAt: new Date(Date.now() + PORTAL_LINK_MS) });
    const { nombre } = await deps.profiles.signature(access.userId);
    // In the fragment: never sent to a server, so it reaches no log nor Referer.
    const link = `${deps.appUrl}/portal/entrar#${token}`;
    deps.mailer.send({ to: access.email, ...portalLinkEmail({ abogado: nombre, link, invitacion }), fromName: nombre }).catch((error: unknown) => {
      deps.logger.warn(`un enlace del portal no se pudo enviar (acceso ${access.id}): ${(error as { code?: string }).code ?? 'error'}`);
    });
  }

  /** A case of the session's client, or 404. */
  async function caseOf(client: PortalClient, casoId: string) {
    const [row] = await db
      .select({ id: casos.id, titulo: casos.titulo, estado: casos.estado, expediente: casos.expediente, juzgado: casos.juzgado, updatedAt: casos.updatedAt })
      .from(casos)
      .where(and(eq(casos.id, casoId), eq(casos.userId, client.userId), eq(casos.clienteId, client.clienteId)))
      .limit(1);
    if (!row) throw notFound();
    return row;
  }

  const toCaso = (row: Awaited<ReturnType<typeof caseOf>>, audiencia: ProximaAudiencia | null): PortalCaso => ({
    id: row.id,
    titulo: row.titulo,
    estado: row.estado,
    expediente: row.expediente,
    juzgado: row.juzgado,
    updated_at: row.updatedAt.toISOString(),
    proxima_audiencia: audiencia,
  });

  /**
   * The next hearing of each of these cases (a calendar event marked as a
   * hearing, not yet begun); `onlyShared`: of the cases whose lawyer shows it
   * to the client. One query for a whole list.
   */
  async function nextHearings(userId: string, casoIds: string[], onlyShared: boolean): Promise<Map<string, ProximaAudiencia>> {
    if (casoIds.length === 0) return new Map();
    const rows = await db
      .selectDistinctOn([calendarEvents.casoId], {
        casoId: calendarEvents.casoId,
        titulo: calendarEvents.titulo,
        inicio: calendarEvents.fechaInicio,
        ubicacion: calendarEvents.ubicacion,
      })
      .from(calendarEvents)
      .where(
        and(
          eq(calendarEvents.userId, userId),
          inArray(calendarEvents.casoId, casoIds),
          eq(calendarEvents.audiencia, true),
          gte(calendarEvents.fechaInicio, new Date()),
          onlyShared
            ? sql`exists (select 1 from portal_audiencias where portal_audiencias.caso_id = ${calendarEvents.casoId} and portal_audiencias.user_id = ${userId})`
            : undefined,
        ),
      )
      .orderBy(calendarEvents.casoId, calendarEvents.fechaInicio);
    if (rows.length === 0) return new Map();
    const zona = await deps.profiles.timeZoneOf(userId);
    return new Map(rows.map((row) => [row.casoId!, { titulo: row.titulo, inicio: row.inicio.toISOString(), ubicacion: row.ubicacion, zona }]));
  }

  async function casePortal(userId: string, casoId: string): Promise<CasoPortal> {
    const [shared] = await db
      .select({ casoId: portalAudiencias.casoId })
      .from(portalAudiencias)
      .where(and(eq(portalAudiencias.casoId, casoId), eq(portalAudiencias.userId, userId)));
    const next = await nextHearings(userId, [casoId], false);
    return { audiencia_visible: !!shared, proxima_audiencia: next.get(casoId) ?? null };
  }

  const clientName = async (client: PortalClient) => (await deps.clients.get(client.userId, client.clienteId)).nombre;

  const toMensaje = (row: typeof portalMensajes.$inferSelect): Mensaje => ({ id: row.id, autor: row.autor, texto: row.texto, created_at: row.createdAt.toISOString() });

  /** A case's messages, oldest first (the latest 500). */
  async function messagesOf(userId: string, clienteId: string, casoId: string): Promise<Mensaje[]> {
    const rows = await db
      .select()
      .from(portalMensajes)
      .where(and(eq(portalMensajes.userId, userId), eq(portalMensajes.clienteId, clienteId), eq(portalMensajes.casoId, casoId)))
      .orderBy(desc(portalMensajes.createdAt))
      .limit(500);
    return rows.reverse().map(toMensaje);
  }

  /** A notice by email that carries no message text; sent without the request waiting on the mail server. */
  function announce(to: string, content: ReturnType<typeof portalMessageEmail>, fromName?: string) {
    deps.mailer.send({ to, ...content, ...(fromName ? { fromName } : {}) }).catch((error: unknown) => {
      deps.logger.warn(`un aviso de mensaje del portal no se pudo enviar: ${(error as { code?: string }).code ?? 'error'}`);
    });
  }

  /** The lawyer's case with its client, and the client's active access, or a Spanish refusal. */
  /** A new session of an access still active, its visit noted: null when it was suspended meanwhile. */
  async function openSession(tx: Transaction, accesoId: string, session: string): Promise<PortalClient | null> {
    const [access] = await tx
      .update(portalAccesos)
      .set({ ultimaVisitaAt: new Date() })
      .where(and(eq(portalAccesos.id, accesoId), eq(portalAccesos.estado, 'activo')))
      .returning();
    if (!access) return null;
    const [row] = await tx
      .insert(portalSesiones)
      .values({ accesoId: access.id, tokenHash: tokenHash(session), expiresAt: new Date(Date.now() + PORTAL_SESSION_MS) })
      .returning({ id: portalSesiones.id });
    return { sessionId: row!.id, accesoId: access.id, clienteId: access.clienteId, userId: access.userId, email: access.email };
  }

  async function signedInTrail(client: PortalClient, ip: string | null, how: string) {
    const nombre = (await deps.clients.get(client.userId, client.clienteId)).nombre;
    await deps.history.record(db, client.userId, {
      accion: 'portal_entrar',
      entidad: 'cliente',
      entidadId: client.clienteId,
      resumen: `«${nombre.slice(0, 120)}» entró al portal${how}${ip ? ` desde ${ip}` : ''}`,
    });
  }

  async function lawyerCase(userId: string, casoId: string) {
    const [row] = await db
      .select({ id: casos.id, titulo: casos.titulo, clienteId: casos.clienteId })
      .from(casos)
      .where(and(eq(casos.id, casoId), eq(casos.userId, userId)))
      .limit(1);
    if (!row) throw notFound();
    return row;
  }

  return {
    /** The lawyer's 'Portal' card: the client's access, if any. */
    async access(userId: string, clienteId: string): Promise<PortalAcceso | null> {
      await deps.clients.get(userId, clienteId); // the lawyer's client, or 404
      const row = await accessOf(userId, clienteId);
      return row ? toAcceso(row) : null;
    },

    /** 'Invitar al portal': the access (given back if suspended, at the client's current address) and a link by email. */
    async invite(userId: string, clienteId: string): Promise<PortalAcceso> {
      const cliente = await deps.clients.get(userId, clienteId);
      if (!cliente.email) throw appError('VALIDATION_ERROR', MSG.portal.clienteSinEmail);
      const email = cliente.email.toLowerCase();
      const [row] = await db
        .insert(portalAccesos)
        .values({ userId, clienteId, email, estado: 'activo' })
        .onConflictDoUpdate({ target: portalAccesos.clienteId, set: { email, estado: 'activo', invitadoAt: new Date(), updatedAt: new Date() } })
        .returning();
      await deps.history.record(db, userId, {
        accion: 'portal_invitar',
        entidad: 'cliente',
        entidadId: clienteId,
        resumen: `Cliente «${cliente.nombre.slice(0, 120)}» invitado al portal (${email})`,
      });
      await sendLink(row!, true);
      return toAcceso(row!);
    },

    /** 'Eliminar datos del cliente': their access (and its address, links and sessions) and their messages go. */
    async forgetClient(userId: string, clienteId: string): Promise<void> {
      await db.transaction(async (tx) => {
        await tx.delete(portalMensajes).where(and(eq(portalMensajes.userId, userId), eq(portalMensajes.clienteId, clienteId)));
        await tx.delete(portalAccesos).where(and(eq(portalAccesos.userId, userId), eq(portalAccesos.clienteId, clienteId)));
      });
    },

    /** The client's side of a case's messages. */
    async messages(client: PortalClient, casoId: string): Promise<Mensaje[]> {
      await caseOf(client, casoId);
      return messagesOf(client.userId, client.clienteId, casoId);
    },

    /** The client writes about one of their cases: kept, in the lawyer's trail (not its text), the bell, and an email without the text. */
    async sendFromClient(client: PortalClient, casoId: string, texto: string): Promise<Mensaje> {
      const caso = await caseOf(client, casoId);
      await deps.limits.messages.hit(`portal-mensaje:${client.accesoId}`, MSG.portal.demasiadosMensajes);
      const nombre = await clientName(client);
      const mensaje = await db.transaction(async (tx) => {
        const [row] = await tx.insert(portalMensajes).values({ userId: client.userId, clienteId: client.clienteId, casoId, autor: 'cliente', texto }).returning();
        await deps.history.record(tx, client.userId, {
          accion: 'portal_mensaje',
          entidad: 'cliente',
          entidadId: client.clienteId,
          casoId,
          resumen: `«${nombre.slice(0, 120)}» escribió en el portal sobre «${caso.titulo.slice(0, 150)}»`,
        });
        return row!;
      });
      await deps.notify(client.userId, {
        tipo: 'portal',
        titulo: `${nombre.slice(0, 120)} te escribió en el portal`,
        detalle: `Sobre ${caso.titulo.slice(0, 150)}`,
        enlace: `/clientes/${client.clienteId}`,
        clave: `portal-mensaje:${mensaje.id}`,
      });
      const abogado = await deps.profiles.signature(client.userId);
      announce(abogado.email, portalMessageEmail({ para: 'abogado', de: nombre, caso: caso.titulo, link: `${deps.appUrl}/casos/${casoId}?tab=portal` }));
      return toMensaje(mensaje);
    },

    /** The lawyer's side of a case's messages. */
    async messagesForLawyer(userId: string, casoId: string): Promise<Mensaje[]> {
      const caso = await lawyerCase(userId, casoId);
      return caso.clienteId ? messagesOf(userId, caso.clienteId, casoId) : [];
    },

    /** A case in the portal, the lawyer's side: whether its next hearing is shown to the client, and which one it is. */
    casePortal: async (userId: string, casoId: string) => {
      await lawyerCase(userId, casoId);
      return casePortal(userId, casoId);
    },

    /** 'Mostrar al cliente la próxima audiencia' (in the case's history). */
    async setCasePortal(userId: string, casoId: string, visible: boolean): Promise<CasoPortal> {
      const caso = await lawyerCase(userId, casoId);
      const before = await casePortal(userId, casoId);
      if (before.audiencia_visible !== visible) {
        await db.transaction(async (tx) => {
          if (visible) await tx.insert(portalAudiencias).values({ casoId, userId }).onConflictDoNothing();
          else await tx.delete(portalAudiencias).where(and(eq(portalAudiencias.casoId, casoId), eq(portalAudiencias.userId, userId)));
          await deps.history.record(tx, userId, {
            accion: 'editar',
            entidad: 'caso',
            entidadId: casoId,
            casoId,
            resumen: visible
              ? `El portal muestra al cliente la próxima audiencia de «${caso.titulo.slice(0, 150)}»`
              : `El portal ya no muestra la próxima audiencia de «${caso.titulo.slice(0, 150)}»`,
          });
        });
      }
      return casePortal(userId, casoId);
    },

    /** Every message between a client and the lawyer, oldest first, with its case: the client's own data (their LFPDPPP export). */
    async messagesOfClient(userId: string, clienteId: string): Promise<(Mensaje & { caso: string })[]> {
      const rows = await db
        .select({ mensaje: portalMensajes, caso: casos.titulo })
        .from(portalMensajes)
        .innerJoin(casos, eq(casos.id, portalMensajes.casoId))
        .where(and(eq(portalMensajes.userId, userId), eq(portalMensajes.clienteId, clienteId)))
        .orderBy(portalMensajes.createdAt)
        .limit(10_000);
      return rows.map((row) => ({ ...toMensaje(row.mensaje), caso: row.caso }));
    },

    /** The lawyer answers on a case whose client has access: kept, and the client told by email without the text. */
    async sendFromLawyer(userId: string, casoId: string, texto: string): Promise<Mensaje> {
      const caso = await lawyerCase(userId, casoId);
      const access = caso.clienteId ? await accessOf(userId, caso.clienteId) : undefined;
      if (!caso.clienteId || access?.estado !== 'activo') throw appError('VALIDATION_ERROR', MSG.portal.casoSinPortal);
      await deps.limits.messages.hit(`portal-mensaje-abogado:${userId}`, MSG.portal.demasiadosMensajes);
      const [row] = await db.insert(portalMensajes).values({ userId, clienteId: caso.clienteId, casoId, autor: 'abogado', texto }).returning();
      const abogado = await deps.profiles.signature(userId);
      announce(
        access.email,
        portalMessageEmail({ para: 'cliente', de: abogado.nombre, caso: caso.titulo, link: `${deps.appUrl}/portal`, tratamiento: abogado.tratamiento }),
        abogado.nombre,
      );
      return toMensaje(row!);
    },

    /** 'Suspender acceso': the access and every open session of it end in one transaction. */
    async suspend(userId: string, clienteId: string): Promise<PortalAcceso> {
      const cliente = await deps.clients.get(userId, clienteId);
      const updated = await db.transaction(async (tx) => {
        const [row] = await tx
          .update(portalAccesos)
          .set({ estado: 'suspendido', updatedAt: new Date() })
          .where(and(eq(portalAccesos.userId, userId), eq(portalAccesos.clienteId, clienteId)))
          .returning();
        if (!row) throw appError('VALIDATION_ERROR', MSG.portal.sinAcceso);
        await tx
          .update(portalSesiones)
          .set({ endedAt: new Date() })
          .where(and(eq(portalSesiones.accesoId, row.id), isNull(portalSesiones.endedAt)));
        await deps.history.record(tx, userId, {
          accion: 'portal_suspender',
          entidad: 'cliente',
          entidadId: clienteId,
          resumen: `Acceso al portal de «${cliente.nombre.slice(0, 120)}» suspendido`,
        });
        return row;
      });
      return toAcceso(updated);
    },

    /**
     * 'Entrar': a link to each active access of the address. The answer is
     * the same whether it has one or not; the limits per address and per
     * network come first (a refused request looks nothing up and sends nothing).
     */
    async requestLink(email: string, net: string): Promise<string> {
      await deps.limits.perNet.hit(`portal-enlace-red:${net}`, MSG.portal.demasiadosEnlaces);
      await deps.limits.perEmail.hit(`portal-enlace:${email}`, MSG.portal.demasiadosEnlaces);
      const accesses = await db
        .select()
        .from(portalAccesos)
        .where(and(eq(portalAccesos.email, email), eq(portalAccesos.estado, 'activo')))
        .limit(LINKS_PER_REQUEST);
      for (const access of accesses) await sendLink(access, false);
      return MSG.portal.enlaceEnviado;
    },

    /**
     * The link opened: used once (the update that marks it is the check), within
     * 15 minutes, of an access still active. Gives a new session's token.
     */
    async signIn(token: string, from: { ip: string | null }): Promise<{ token: string; client: PortalClient }> {
      const session = newToken();
      const result = await db.transaction(async (tx) => {
        const [link] = await tx
          .update(portalEnlaces)
          .set({ usedAt: new Date() })
          .where(and(eq(portalEnlaces.tokenHash, tokenHash(token)), isNull(portalEnlaces.usedAt), sql`${portalEnlaces.expiresAt} > now()`))
          .returning({ accesoId: portalEnlaces.accesoId });
        return link ? openSession(tx, link.accesoId, session) : null;
      });
      if (!result) throw appError('INVALID_TOKEN', MSG.portal.enlaceInvalido);
      await signedInTrail(result, from.ip, '');
      return { token: session, client: result };
    },

    /**
     * 'Entrar con contraseña': the address's active accesses that have a
     * password (one per lawyer who invited it, at most five), the first whose
     * password matches. Limited per address and per network before anything
     * is looked up; a wrong address and a wrong password answer the same.
     */
    async signInWithPassword(email: string, password: string, from: { ip: string | null; net: string }): Promise<{ token: string; client: PortalClient }> {
      await deps.limits.perNet.hit(`portal-contrasena-red:${from.net}`, MSG.portal.demasiadosIntentos);
      await deps.limits.perEmail.hit(`portal-contrasena:${email}`, MSG.portal.demasiadosIntentos);
      const candidates = await db
        .select({ id: portalAccesos.id, hash: portalAccesos.contrasenaHash })
        .from(portalAccesos)
        .where(and(eq(portalAccesos.email, email), eq(portalAccesos.estado, 'activo'), isNotNull(portalAccesos.contrasenaHash)))
        .limit(LINKS_PER_REQUEST);
      let match: string | null = null;
      for (const candidate of candidates) {
        if (await passwordMatches(password, candidate.hash!)) {
          match = candidate.id;
          break;
        }
      }
      if (!match) throw appError('INVALID_CREDENTIALS', MSG.portal.credencialesInvalidas);
      const session = newToken();
      const result = await db.transaction((tx) => openSession(tx, match, session));
      if (!result) throw appError('INVALID_CREDENTIALS', MSG.portal.credencialesInvalidas);
      await signedInTrail(result, from.ip, ' con contraseña');
      return { token: session, client: result };
    },

    /** 'Guardar contraseña': the client's own, optional; in the lawyer's trail without it. */
    async setPassword(client: PortalClient, password: string): Promise<string> {
      const hash = await hashPassword(password);
      await db.update(portalAccesos).set({ contrasenaHash: hash, updatedAt: new Date() }).where(eq(portalAccesos.id, client.accesoId));
      await deps.history.record(db, client.userId, {
        accion: 'portal_contrasena',
        entidad: 'cliente',
        entidadId: client.clienteId,
        resumen: `«${(await clientName(client)).slice(0, 120)}» guardó una contraseña para el portal`,
      });
      return MSG.portal.contrasenaGuardada;
    },

    async session(client: PortalClient): Promise<PortalSesion> {
      const [cliente, abogado, [access]] = await Promise.all([
        deps.clients.get(client.userId, client.clienteId),
        deps.profiles.signature(client.userId),
        db.select({ hash: portalAccesos.contrasenaHash }).from(portalAccesos).where(eq(portalAccesos.id, client.accesoId)),
      ]);
      return {
        cliente: { nombre: cliente.nombre, email: client.email, con_contrasena: !!access?.hash },
        abogado: { nombre: abogado.nombre, especialidad: abogado.especialidad || null, email: abogado.email, tratamiento: abogado.tratamiento },
      };
    },

    async signOut(client: PortalClient): Promise<void> {
      await db.update(portalSesiones).set({ endedAt: new Date() }).where(eq(portalSesiones.id, client.sessionId));
    },

    /** The client's cases, latest touched first. */
    async cases(client: PortalClient): Promise<PortalCaso[]> {
      const rows = await db
        .select({ id: casos.id, titulo: casos.titulo, estado: casos.estado, expediente: casos.expediente, juzgado: casos.juzgado, updatedAt: casos.updatedAt })
        .from(casos)
        .where(and(eq(casos.userId, client.userId), eq(casos.clienteId, client.clienteId)))
        .orderBy(desc(casos.updatedAt))
        .limit(200);
      const hearings = await nextHearings(
        client.userId,
        rows.map((row) => row.id),
        true,
      );
      return rows.map((row) => toCaso(row, hearings.get(row.id) ?? null));
    },

    /** One of their cases with the actuaciones and documents the lawyer marked visible: nothing else. */
    async caseDetail(client: PortalClient, casoId: string): Promise<PortalCasoDetalle> {
      const caso = await caseOf(client, casoId);
      const hearing = (await nextHearings(client.userId, [casoId], true)).get(casoId) ?? null;
      const [acts, docs, sent] = await Promise.all([
        db
          .select({ id: actuaciones.id, fecha: actuaciones.fechaPublicacion, tipo: actuaciones.tipo, texto: actuaciones.texto })
          .from(actuaciones)
          .where(and(eq(actuaciones.userId, client.userId), eq(actuaciones.casoId, casoId), eq(actuaciones.visibleCliente, true)))
          .orderBy(desc(actuaciones.fechaPublicacion), desc(actuaciones.createdAt))
          .limit(500),
        db
          .select({ id: documentos.id, nombre: documentos.nombre, tipo: documentos.tipo, tamano: documentos.tamano, createdAt: documentos.createdAt })
          .from(documentos)
          .where(and(eq(documentos.userId, client.userId), eq(documentos.casoId, casoId), eq(documentos.visibleCliente, true)))
          .orderBy(desc(documentos.createdAt))
          .limit(500),
        db
          .select({ id: documentos.id, nombre: documentos.nombre, tipo: documentos.tipo, tamano: documentos.tamano, createdAt: documentos.createdAt })
          .from(documentos)
          .where(and(eq(documentos.userId, client.userId), eq(documentos.casoId, casoId), isNotNull(documentos.recibidoClienteAt)))
          .orderBy(desc(documentos.createdAt))
          .limit(500),
      ]);
      const asDocumento = (row: (typeof docs)[number]) => ({ id: row.id, nombre: row.nombre, tipo: row.tipo, tamano: Number(row.tamano), created_at: row.createdAt.toISOString() });
      return {
        caso: toCaso(caso, hearing),
        actuaciones: acts.map((row) => ({ id: row.id, fecha_publicacion: row.fecha, tipo: row.tipo, texto: row.texto })),
        documentos: docs.map(asDocumento),
        enviados: sent.map(asDocumento),
      };
    },

    /**
     * A document the client sends to one of their cases: the lawyer's own
     * checks (type from the bytes, size) and quota, stored as the lawyer's
     * document marked 'Recibido del cliente'; the lawyer's bell says so.
     */
    async upload(client: PortalClient, casoId: string, file: ReceivedFile): Promise<PortalCasoDetalle['enviados'][number]> {
      let caso: Awaited<ReturnType<typeof caseOf>>;
      try {
        caso = await caseOf(client, casoId);
      } catch (error) {
        await file.discard();
        throw error;
      }
      const nombre = await clientName(client);
      const documento = await deps.documents.upload(client.userId, file, { casoId, clienteId: client.clienteId, fromClient: nombre });
      await deps.notify(client.userId, {
        tipo: 'portal',
        titulo: `${nombre.slice(0, 120)} envió «${documento.nombre.slice(0, 120)}»`,
        detalle: `Desde su portal, al caso ${caso.titulo.slice(0, 150)}`,
        // On the client's page (their documents): an erasure of the client's data forgets what links there.
        enlace: `/clientes/${client.clienteId}`,
        clave: `portal-documento:${documento.id}`,
      });
      return { id: documento.id, nombre: documento.nombre, tipo: documento.tipo, tamano: documento.tamaño, created_at: documento.created_at };
    },

    /** A shared document of one of their cases (or of them): the file, and the download in the lawyer's trail. */
    async document(client: PortalClient, id: string): Promise<StoredFile> {
      // Each download is a file read and an entry in the lawyer's trail: bounded per access.
      await deps.limits.downloads.hit(`portal-descarga:${client.accesoId}`, MSG.portal.demasiadasDescargas);
      const [row] = await db
        .select({ nombre: documentos.nombre, tipo: documentos.tipo, key: documentos.storageKey, casoId: documentos.casoId })
        .from(documentos)
        .leftJoin(casos, eq(casos.id, documentos.casoId))
        .where(
          and(
            eq(documentos.id, id),
            eq(documentos.userId, client.userId),
            // Shared by the lawyer, or sent by the client (theirs to see again).
            or(eq(documentos.visibleCliente, true), isNotNull(documentos.recibidoClienteAt)),
            or(eq(casos.clienteId, client.clienteId), and(isNull(documentos.casoId), eq(documentos.clienteId, client.clienteId))),
          ),
        )
        .limit(1);
      if (!row) throw notFound();
      // Recorded on the client (not the document): an erasure of the client's data reaches it.
      await deps.history.record(db, client.userId, {
        accion: 'portal_descargar',
        entidad: 'cliente',
        entidadId: client.clienteId,
        casoId: row.casoId,
        resumen: `«${(await clientName(client)).slice(0, 120)}» descargó «${row.nombre.slice(0, 150)}» desde el portal`,
      });
      return { bucket: 'documentos', key: row.key, name: row.nombre, type: row.tipo, download: true };
    },

    /** Their invoices (not cancelled) and what they owe in all. */
    async invoices(client: PortalClient): Promise<{ items: PortalFactura[]; saldo: string; pago_en_linea: boolean }> {
      const page = await deps.invoices.list(client.userId, { cliente_id: client.clienteId, limit: 200 } as Parameters<InvoiceService['list']>[1]);
      const theirs = page.items.filter((factura) => factura.estado !== 'cancelada' && factura.cliente?.id === client.clienteId);
      const online = await deps.payments.forPortal(
        client,
        theirs.map((factura) => factura.id),
      );
      const items = theirs.map((factura) => {
        const saldo = (centavosOf(factura.monto_total) ?? 0) - (centavosOf(factura.monto_pagado) ?? 0) - (centavosOf(factura.monto_acreditado) ?? 0);
        return {
          id: factura.id,
          numero_factura: factura.numero_factura,
          fecha_emision: factura.fecha_emision,
          fecha_vencimiento: factura.fecha_vencimiento,
          concepto: factura.concepto,
          monto_total: factura.monto_total,
          monto_pagado: factura.monto_pagado,
          saldo: moneyString(saldo),
          estado: factura.estado,
          cfdi: factura.cfdi,
          ficha: online.fichas.get(factura.id) ?? null,
        };
      });
      return { items, saldo: moneyString(items.reduce((sum, item) => sum + (centavosOf(item.saldo) ?? 0), 0)), pago_en_linea: online.activo };
    },

    /** An invoice's CFDI as the SAT holds it (its XML), theirs only: the live one, or the last stamped. */
    async invoiceXml(client: PortalClient, id: string): Promise<{ name: string; xml: string }> {
      await deps.limits.downloads.hit(`portal-descarga:${client.accesoId}`, MSG.portal.demasiadasDescargas);
      const factura = await deps.invoices.get(client.userId, id);
      if (factura.cliente?.id !== client.clienteId || factura.estado === 'cancelada') throw notFound();
      const ingresos = (await deps.stampedXmls(client.userId, id)).filter((row) => row.tipo === 'I');
      const cfdi = ingresos.find((row) => row.estado === 'vigente') ?? ingresos.at(-1);
      if (!cfdi) throw notFound();
      await deps.history.record(db, client.userId, {
        accion: 'portal_descargar',
        entidad: 'cliente',
        entidadId: client.clienteId,
        resumen: `«${(await clientName(client)).slice(0, 120)}» descargó el XML de ${factura.numero_factura} desde el portal`,
      });
      return { name: cfdi.name, xml: cfdi.xml };
    },

    /** An invoice's PDF (the receipt, or its CFDI's printed version), theirs only. */
    async invoicePdf(client: PortalClient, id: string): Promise<{ numero: string; bytes: Buffer }> {
      // A PDF drawn per request and an entry in the trail: bounded per access, with the documents.
      await deps.limits.downloads.hit(`portal-descarga:${client.accesoId}`, MSG.portal.demasiadasDescargas);
      const factura = await deps.invoices.get(client.userId, id);
      if (factura.cliente?.id !== client.clienteId || factura.estado === 'cancelada') throw notFound();
      const pdf = await deps.invoices.pdf(client.userId, id);
      await deps.history.record(db, client.userId, {
        accion: 'portal_descargar',
        entidad: 'cliente',
        entidadId: client.clienteId,
        resumen: `«${(await clientName(client)).slice(0, 120)}» descargó ${factura.numero_factura} desde el portal`,
      });
      return pdf;
    },
  };
}

export type PortalService = ReturnType<typeof createPortalService>;
