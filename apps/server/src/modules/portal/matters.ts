import type { CasoPortal, PortalCaso, PortalCasoDetalle, PortalFactura, ProximaAudiencia } from '@bufete/shared';
import { centavosOf, moneyString, MSG } from '@bufete/shared';
import { and, desc, eq, gte, inArray, isNotNull, isNull, or, sql } from 'drizzle-orm';
import type { PortalClient } from '../../auth/portal-client';
import type { Database } from '../../db/client';
import type { StoredFile } from '../../http/file-response';
import { notFound } from '../../http/errors';
import type { ReceivedFile } from '../../http/upload';
import { calendarEvents } from '../calendar/schema';
import { casos } from '../cases/schema';
import { documentos } from '../documents/schema';
import type { InvoiceService } from '../invoices/service';
import { actuaciones } from '../proceedings/schema';
import type { PortalDeps } from './deps';
import type { PortalLookups } from './lookups';
import { portalAudiencias } from './schema';

/**
 * What the client reads of their matters: their cases with the next hearing
 * the lawyer shows, the actuaciones and documents marked visible, what they
 * sent, their invoices and their files; and the lawyer's switch for the
 * hearing. Downloads are bounded per access and go to the lawyer's trail.
 */
export function createPortalMatters(db: Database, deps: PortalDeps, lookups: PortalLookups) {
  const toCaso = (row: Awaited<ReturnType<typeof lookups.caseOf>>, audiencia: ProximaAudiencia | null): PortalCaso => ({
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

  return {
    /** A case in the portal, the lawyer's side: whether its next hearing is shown to the client, and which one it is. */
    casePortal: async (userId: string, casoId: string) => {
      await lookups.lawyerCase(userId, casoId);
      return casePortal(userId, casoId);
    },

    /** 'Mostrar al cliente la próxima audiencia' (in the case's history). */
    async setCasePortal(userId: string, casoId: string, visible: boolean): Promise<CasoPortal> {
      const caso = await lookups.lawyerCase(userId, casoId);
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
      const caso = await lookups.caseOf(client, casoId);
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
      let caso: Awaited<ReturnType<typeof lookups.caseOf>>;
      try {
        caso = await lookups.caseOf(client, casoId);
      } catch (error) {
        await file.discard();
        throw error;
      }
      const nombre = await lookups.clientName(client);
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
        resumen: `«${(await lookups.clientName(client)).slice(0, 120)}» descargó «${row.nombre.slice(0, 150)}» desde el portal`,
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
        resumen: `«${(await lookups.clientName(client)).slice(0, 120)}» descargó el XML de ${factura.numero_factura} desde el portal`,
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
        resumen: `«${(await lookups.clientName(client)).slice(0, 120)}» descargó ${factura.numero_factura} desde el portal`,
      });
      return pdf;
    },
  };
}
