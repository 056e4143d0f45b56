import type { CfdiComprobante, Factura, FacturaUpdateOutput, NotaCreditoOutput, Sustitucion } from '@bufete/shared';
import { centavosOf, CFDI_ESTADO_LABEL, MOTIVOS_CANCELACION_CFDI, MSG } from '@bufete/shared';
import type { Database, Transaction } from '../../db/client';
import { AppError, appError, notFound } from '../../http/errors';
import type { JobQueue } from '../../jobs/queue';
import type { Logger } from '../../logger';
import type { ClientService } from '../clients/service';
import type { HistoryService } from '../history/service';
import type { CfdiForInvoices, CfdiImpreso, InvoiceService } from '../invoices/service';
import type { NotaCreditoRow } from '../invoices/service';
import type { ProfileService } from '../profile/service';
import { comprobanteEgresoOf, comprobanteOf, comprobantePagoOf } from './invoice-comprobante';
import { printedOf } from './printed';
import { numeroGlobal } from './global';
import { cfdiGlobales } from './schema';
import { and, eq } from 'drizzle-orm';
import { estadoSegunSat, etiquetaSat } from './consulta-sat';
import { type CfdiService, isPacRejection } from './service';
import { type CfdiRow, createStampQueries, latestIngresoColumns } from './stamp-queries';
import { readComprobante, readTimbrado, type Timbrado } from './timbre';

/** A CFDI of an invoice as the contract sends it (its serie, folio and total read from the XML itself). */
function toCfdiComprobante(row: CfdiRow, notas: Map<string, { id: string; motivo: string; descripcion: string | null }> = new Map()): CfdiComprobante {
  const { serie, folio, total, metodoPago } = readComprobante(row.xml);
  return {
    id: row.id,
    tipo: row.tipo,
    pago_id: row.pagoId,
    nota_credito: row.notaCreditoId ? (notas.get(row.notaCreditoId) ?? { id: row.notaCreditoId, motivo: '', descripcion: null }) : null,
    estado: row.estado,
    uuid: row.uuid,
    fecha_timbrado: row.fechaTimbrado?.toISOString() ?? null,
    serie,
    folio,
    total,
    metodo_pago: metodoPago,
    cancelacion:
      row.motivoCancelacion && row.cancelacionSolicitadaAt
        ? { motivo: row.motivoCancelacion, folio_sustitucion: row.folioSustitucion, solicitada: row.cancelacionSolicitadaAt.toISOString() }
        : null,
    estatus_sat: row.estatusSat,
    consultado_at: row.consultadoAt?.toISOString() ?? null,
  };
}

/** The invoice data a CFDI is built from: the invoices module's service (app.ts passes it). */
export type InvoicesForStamping = Pick<
  InvoiceService,
  | 'get'
  | 'pagos'
  | 'pagoIds'
  | 'nameFormaPago'
  | 'createSubstitute'
  | 'substitutionLinks'
  | 'reserveCreditNote'
  | 'applyCreditNote'
  | 'dropCreditNote'
  | 'revertCreditNote'
  | 'creditNotes'
  | 'advanceAppliedIn'
>;

/** A stamped PPD invoice's Complementos de Pago, stamped by the queue after a payment is recorded (retried, never twice). */
export const CFDI_COMPLEMENT_JOB = 'cfdi.complementos';

/** What no retry mends: the PAC said no, the payment lacks its form, the invoice or CFDI changed. The lawyer is told instead. */
const COMPLEMENT_REFUSALS = new Set(['PAC_REJECTED', 'CFDI_CONFLICT', 'VALIDATION_ERROR', 'NOT_FOUND', 'PAC_NOT_CONFIGURED', 'INVOICE_CANCELLED']);
export const isComplementRefusal = (error: unknown) => error instanceof AppError && COMPLEMENT_REFUSALS.has(error.code);

/**
 * An invoice's CFDI, whole (issue 27; one home since issue 34): built from
 * the invoice, sealed with the lawyer's CSD, stamped through the PAC,
 * cancelled, asked about at the SAT, kept (facturas_cfdi) and printed. The
 * invoices module reads what it needs of it through `CfdiForInvoices`, which
 * this service is.
 *
 * Nothing is stamped twice: the sealed XML is written (pendiente) before the
 * PAC is called, with its row's id as the PAC's customid. A call whose answer
 * is lost leaves it pendiente, and 'Timbrar CFDI' again sends the same XML
 * with the same id, for which the PAC returns the stamp it made.
 */
export function createStampingService(
  db: Database,
  deps: {
    invoices: InvoicesForStamping;
    clients: Pick<ClientService, 'get'>;
    profiles: Pick<ProfileService, 'fiscalOf'>;
    cfdi: CfdiService;
    history: HistoryService;
    logger: Logger;
    queue: JobQueue;
  },
) {
  const queries = createStampQueries(db);

  /** The invoice as a CFDI 4.0 de Ingreso sealed with the lawyer's CSD, not stamped. */
  async function sealedIngreso(userId: string, facturaId: string): Promise<{ numero: string; xml: string }> {
    const factura = await deps.invoices.get(userId, facturaId);
    const [cliente, fiscal, pagos] = await Promise.all([
      factura.cliente ? deps.clients.get(userId, factura.cliente.id) : Promise.resolve(null),
      deps.profiles.fiscalOf(userId),
      deps.invoices.pagos(userId, facturaId),
    ]);
    const input = comprobanteOf({ factura, cliente, fiscal, pagos, now: new Date() });
    // A substitute relates the CFDI it replaces (TipoRelacion 04): the one cancelled with motivo 01 naming it.
    const { original } = await deps.invoices.substitutionLinks(userId, facturaId);
    const replaced = original ? await stampedIngresoOf(userId, original.id) : null;
    let relacionados = replaced?.uuid ? { tipoRelacion: '04', uuids: [replaced.uuid] } : null;
    // A final invoice that applies an advance relates the advance's CFDI (Apéndice 6, A.II: TipoRelacion 07).
    if (factura.anticipo_aplicado_id) {
      const anticipo = await queries.live(userId, factura.anticipo_aplicado_id);
      if (anticipo?.estado !== 'vigente' || !anticipo.uuid) throw appError('CFDI_CONFLICT', MSG.cfdi.anticipoNoDisponible);
      relacionados = { tipoRelacion: '07', uuids: [anticipo.uuid] };
    }
    return { numero: factura.numero_factura, xml: (await deps.cfdi.sealIngreso(userId, { ...input, relacionados })).xml };
  }

  /**
   * A credit note as its CFDI de egreso (Anexo 20, Apéndice 5): related 01 to
   * the invoice's stamped CFDI, PUE, the form it is given with, the invoice's
   * receptor and concept's clave with its taxes on the amount credited.
   */
  async function sealedEgreso(userId: string, facturaId: string, nota: NotaCreditoRow, ingreso: Timbrado): Promise<string> {
    const [factura, fiscal] = await Promise.all([deps.invoices.get(userId, facturaId), deps.profiles.fiscalOf(userId)]);
    const input = comprobanteEgresoOf({ factura, ingreso, fiscal, nota, now: new Date() });
    return (await deps.cfdi.sealIngreso(userId, input)).xml;
  }

  /** An invoice's CFDI de Ingreso with a folio fiscal: the valid one, else the latest (cancelled, or being cancelled). */
  async function stampedIngresoOf(userId: string, facturaId: string): Promise<CfdiRow | null> {
    const rows = (await queries.ofFactura(userId, facturaId)).filter((row) => row.tipo === 'I' && row.uuid);
    return rows.find((row) => row.estado !== 'cancelado') ?? rows[0] ?? null;
  }

  /** The two invoices of a sustitución `id` takes part in, replaced or replacing; null when it takes part in none. */
  async function substitutionPair(userId: string, id: string): Promise<{ original: { id: string; numero: string }; sustituto: { id: string; numero: string } } | null> {
    const links = await deps.invoices.substitutionLinks(userId, id);
    const self = async () => ({ id, numero: (await deps.invoices.get(userId, id)).numero_factura });
    if (links.sustituto) return { original: await self(), sustituto: links.sustituto };
    if (links.original) return { original: links.original, sustituto: await self() };
    return null;
  }

  /** Where a sustitución stands, from both invoices' CFDI. */
  async function substitutionState(userId: string, pair: NonNullable<Awaited<ReturnType<typeof substitutionPair>>>): Promise<Sustitucion> {
    const [original, sustituto] = await Promise.all([stampedIngresoOf(userId, pair.original.id), queries.live(userId, pair.sustituto.id)]);
    const side = (invoice: { id: string; numero: string }, row: CfdiRow | null | undefined) => ({
      id: invoice.id,
      numero_factura: invoice.numero,
      uuid: row?.uuid ?? null,
      estado: row?.estado ?? null,
    });
    const paso: Sustitucion['paso'] =
      sustituto?.estado !== 'vigente'
        ? 'timbrar_sustituto'
        : original?.estado === 'cancelado'
          ? 'terminada'
          : original?.estado === 'cancelacion_en_proceso'
            ? 'esperando_receptor'
            : 'cancelar_original';
    return { original: side(pair.original, original), sustituto: side(pair.sustituto, sustituto), paso };
  }

  /** The Complemento de Pago of one of the invoice's payments, sealed, for its stamped CFDI de Ingreso `ingreso`. */
  async function sealedComplemento(userId: string, facturaId: string, pagoId: string, ingreso: Timbrado): Promise<string> {
    const [factura, fiscal, pagos] = await Promise.all([deps.invoices.get(userId, facturaId), deps.profiles.fiscalOf(userId), deps.invoices.pagos(userId, facturaId)]);
    if (!pagos.some((pago) => pago.id === pagoId)) throw notFound();
    const input = comprobantePagoOf({ factura, ingreso, fiscal, pagos: [...pagos].reverse(), pagoId, now: new Date() });
    return (await deps.cfdi.sealPago(userId, input)).xml;
  }

  /** Sends a pendiente CFDI to the PAC and keeps the stamp; a refusal deletes it (nothing was stamped). */
  async function send(userId: string, row: CfdiRow, numero: string): Promise<CfdiRow> {
    let stamped: Awaited<ReturnType<CfdiService['stamp']>>;
    // The PAC it goes to is recorded first: sent again (its answer lost), it goes to that one only.
    if (!row.pac) {
      const ref = await deps.cfdi.pacRef(userId);
      if (ref) await queries.setPac(row.id, ref);
      row = { ...row, pac: ref };
    }
    try {
      stamped = await deps.cfdi.stamp(userId, row.xml, row.id, row.pac);
    } catch (error) {
      if (isPacRejection(error)) {
        await queries.deletePending(row.id);
        // Nothing was stamped: the credit note it carried is forgotten too.
        if (row.notaCreditoId) await deps.invoices.dropCreditNote(userId, row.notaCreditoId);
      }
      throw error;
    }
    // An identical XML sealed within the same second as one stamped before: the PAC answers with that one's stamp.
    const holder = await queries.idOfUuid(stamped.timbre.uuid);
    if (holder && holder !== row.id) {
      await queries.deletePending(row.id);
      throw appError('CFDI_CONFLICT', MSG.cfdi.timbreRepetido);
    }
    const complementos = await db.transaction(async (tx) => {
      if (!(await queries.markStamped(tx, row.id, { xml: stamped.xml, uuid: stamped.timbre.uuid, fechaTimbrado: stamped.timbre.fechaTimbradoInstant }))) return null;
      const que = row.tipo === 'I' ? `CFDI de ${numero}` : row.tipo === 'E' ? `Nota de crédito de ${numero}` : `Complemento de pago de ${numero}`;
      const timbrado = row.tipo === 'E' ? 'timbrada' : 'timbrado';
      await deps.history.record(tx, userId, {
        accion: 'timbrar',
        entidad: 'factura',
        entidadId: row.facturaId,
        resumen: `${que} ${timbrado}. Folio fiscal ${stamped.timbre.uuid}`,
      });
      // A credit note counts once its CFDI exists: in this same transaction.
      if (row.notaCreditoId) await deps.invoices.applyCreditNote(tx, userId, row.notaCreditoId);
      // A PPD invoice paid in part before it was stamped (or a substitute that took the payments of the one it replaces)
      // owes their complements now: queued with the stamp, so no crash between them loses them.
      if (row.tipo !== 'I' || stamped.timbre.comprobante.metodoPago !== 'PPD') return null;
      return deps.queue.enqueue(CFDI_COMPLEMENT_JOB, { userId, facturaId: row.facturaId }, { executor: tx, dedupeKey: `complementos:${row.id}` });
    });
    if (complementos) await deps.queue.runNow(complementos);
    return (await queries.one(userId, row.facturaId, row.id))!;
  }

  async function owned(userId: string, facturaId: string, cfdiId: string): Promise<CfdiRow> {
    const row = await queries.one(userId, facturaId, cfdiId);
    if (!row) throw notFound();
    return row;
  }

  const forInvoices: CfdiForInvoices = {
    latestIngresoColumns,
    latestOf: (userId, facturaIds) => queries.latestIngresos(userId, facturaIds) as Promise<Map<string, NonNullable<Factura['cfdi']>>>,
    async ofInvoice(userId, facturaId) {
      const [rows, notas] = await Promise.all([queries.ofFactura(userId, facturaId), deps.invoices.creditNotes(userId, facturaId)]);
      const byId = new Map(notas.map((nota) => [nota.id, { id: nota.id, motivo: nota.motivo, descripcion: nota.descripcion }]));
      return rows.map((row) => toCfdiComprobante(row, byId));
    },
    hasPac: (userId) => deps.cfdi.hasPac(userId),
    async hasLiveIngreso(tx: Transaction, userId, facturaId) {
      return !!(await queries.live(userId, facturaId, null, tx));
    },
    liveComplements: (tx, facturaId) => queries.liveComplements(tx, facturaId),
    async globalOf(userId, globalId) {
      const [row] = await db
        .select({ id: cfdiGlobales.id, numero: cfdiGlobales.numero, uuid: cfdiGlobales.uuid, estado: cfdiGlobales.estado })
        .from(cfdiGlobales)
        .where(and(eq(cfdiGlobales.userId, userId), eq(cfdiGlobales.id, globalId)))
        .limit(1);
      return row ? { id: row.id, numero: numeroGlobal(row.numero), uuid: row.uuid, estado: row.estado } : null;
    },
    async printed(userId, facturaId): Promise<CfdiImpreso | null> {
      // Its latest stamped CFDI de Ingreso: valid, or cancelled when there is no other.
      const stamped = (await queries.ofFactura(userId, facturaId)).find((row) => row.tipo === 'I' && row.uuid);
      return stamped ? printedOf(readTimbrado(stamped.xml), stamped.estado) : null;
    },
    async printedCreditNote(userId, notaId) {
      const row = await queries.liveOfNota(userId, notaId);
      const stamped = row?.uuid ? row : await queries.latestOfNota(userId, notaId);
      return stamped?.uuid ? printedOf(readTimbrado(stamped.xml), stamped.estado) : null;
    },
    async validIngreso(userId, facturaId) {
      const stamped = (await queries.ofFactura(userId, facturaId)).find((row) => row.tipo === 'I' && row.estado === 'vigente');
      return stamped?.uuid ? { uuid: stamped.uuid, xml: stamped.xml } : null;
    },
    async substitutionOf(userId, facturaId) {
      const pair = await substitutionPair(userId, facturaId);
      return pair ? substitutionState(userId, pair) : null;
    },
    async paymentRecorded(tx, userId, facturaId, pagoId) {
      const ingreso = await queries.live(userId, facturaId, null, tx);
      if (!ingreso || readComprobante(ingreso.xml).metodoPago !== 'PPD') return null;
      // One job per payment (a job already running for the invoice may have read its payments before this one).
      return deps.queue.enqueue(CFDI_COMPLEMENT_JOB, { userId, facturaId }, { executor: tx, dedupeKey: `complemento:${pagoId}` });
    },
    async stampQueued(jobId) {
      await deps.queue.runNow(jobId);
    },
  };

  const service = {
    ...forInvoices,

    /** The invoice's number (what the bell names it by). */
    numeroOf: async (userId: string, facturaId: string) => (await deps.invoices.get(userId, facturaId)).numero_factura,

    /** 'XML sellado': the invoice as a CFDI sealed now, not stamped, to check it before a PAC stamps it. */
    sealedXml: sealedIngreso,

    /** The stamped XML of each of the invoice's CFDI (de Ingreso and complements), named as their download is. */
    async stampedXmls(userId: string, facturaId: string): Promise<{ name: string; xml: string; tipo: string; estado: string }[]> {
      const factura = await deps.invoices.get(userId, facturaId);
      const rows = (await queries.ofFactura(userId, facturaId)).filter((row) => row.uuid);
      return rows.map((row) => ({
        name: `${factura.numero_factura}${row.tipo === 'P' ? '-pago' : row.tipo === 'E' ? '-nota-credito' : ''}-${row.uuid}.xml`,
        xml: row.xml,
        tipo: row.tipo,
        estado: row.estado,
      }));
    },

    /**
     * 'Timbrar CFDI': the invoice's CFDI de Ingreso sealed now (or the one
     * already sent and not confirmed), stamped by the PAC. A final invoice
     * that applies an advance then gets the application's CFDI de egreso
     * (Apéndice 6: after the ingreso, preferably the same day); when that
     * one fails, the invoice shows it waiting, with its button.
     */
    async stamp(userId: string, facturaId: string): Promise<CfdiComprobante> {
      if (!(await deps.cfdi.hasPac(userId))) throw appError('PAC_NOT_CONFIGURED');
      const factura = await deps.invoices.get(userId, facturaId);
      if (factura.factura_global_id) {
        const global = await service.globalOf(userId, factura.factura_global_id);
        if (global && global.estado !== 'cancelado') throw appError('CFDI_CONFLICT', MSG.cfdi.enFacturaGlobal(global.numero));
      }
      const ingreso = await service.stampIngreso(userId, factura);
      if (factura.anticipo_aplicado_id && ingreso.estado === 'vigente') {
        await service.applyAdvance(userId, facturaId).catch((error: unknown) => {
          deps.logger.warn(`aplicación de anticipo sin timbrar (factura ${facturaId}): ${error instanceof AppError ? error.code : 'error'}`);
        });
      }
      // A substitute stamped on its own ('Timbrar CFDI', 'Reintentar timbrado') goes on with its sustitución:
      // the original is cancelled with motivo 01 now, as 'Continuar sustitución' would (its refusal is thrown the same way).
      const { original } = await deps.invoices.substitutionLinks(userId, facturaId);
      if (original && ingreso.estado === 'vigente') {
        const state = await substitutionState(userId, { original, sustituto: { id: facturaId, numero: factura.numero_factura } });
        if (state.paso === 'cancelar_original') {
          const replaced = (await stampedIngresoOf(userId, original.id))!;
          await service.cancel(userId, original.id, replaced.id, { motivo: '01', folio_sustitucion: state.sustituto.uuid });
        }
      }
      return ingreso;
    },

    async stampIngreso(userId: string, factura: Factura): Promise<CfdiComprobante> {
      const facturaId = factura.id;
      let row = await queries.live(userId, facturaId);
      if (row && row.estado !== 'pendiente') throw appError('CFDI_CONFLICT', MSG.cfdi.yaTimbrada);
      if (!row) {
        const { xml } = await sealedIngreso(userId, facturaId);
        row = (await queries.insertPending({ userId, facturaId, pagoId: null, tipo: 'I', xml })) ?? (await queries.live(userId, facturaId));
        if (!row) throw appError('CFDI_CONFLICT', MSG.cfdi.yaTimbrada);
        if (row.estado !== 'pendiente') throw appError('CFDI_CONFLICT', MSG.cfdi.yaTimbrada);
      }
      return toCfdiComprobante(await send(userId, row, factura.numero_factura));
    },

    /**
     * 'Timbrar complemento': the Complemento de Pago of one payment of an
     * invoice whose CFDI de Ingreso is valid and PPD (paid later or in parts).
     */
    async stampPago(userId: string, facturaId: string, pagoId: string, formaPago: string | null = null): Promise<CfdiComprobante> {
      if (!(await deps.cfdi.hasPac(userId))) throw appError('PAC_NOT_CONFIGURED');
      const factura = await deps.invoices.get(userId, facturaId);
      // A payment recorded before Bufete asked how it was made: the lawyer names the form now (the SAT has no 'Por definir' for a payment).
      if (formaPago) await deps.invoices.nameFormaPago(userId, facturaId, pagoId, formaPago);
      const ingreso = await queries.live(userId, facturaId);
      const timbre = ingreso?.estado === 'vigente' ? readTimbrado(ingreso.xml) : null;
      if (!timbre || timbre.comprobante.metodoPago !== 'PPD') throw appError('CFDI_CONFLICT', MSG.cfdi.complementoSoloPpd);
      let row = await queries.live(userId, facturaId, pagoId);
      if (row && row.estado !== 'pendiente') throw appError('CFDI_CONFLICT', MSG.cfdi.complementoYaTimbrado);
      if (!row) {
        const xml = await sealedComplemento(userId, facturaId, pagoId, timbre);
        row = (await queries.insertPending({ userId, facturaId, pagoId, tipo: 'P', xml })) ?? (await queries.live(userId, facturaId, pagoId));
        if (!row || row.estado !== 'pendiente') throw appError('CFDI_CONFLICT', MSG.cfdi.complementoYaTimbrado);
      }
      return toCfdiComprobante(await send(userId, row, factura.numero_factura));
    },

    /**
     * The queue's job after a payment: every payment of the invoice without a
     * live complement gets one, oldest first. Run again after a crash it sends
     * a pendiente complement again with the same XML and id (the PAC returns
     * the stamp it made) and skips those stamped: never twice. A CFDI de
     * Ingreso still pendiente is waited for (a retry); one cancelled meanwhile
     * owes nothing. A refusal (the PAC's, a payment without its form) does not
     * stop the others, and is thrown at the end for the lawyer's bell.
     */
    async stampComplements(userId: string, facturaId: string): Promise<void> {
      const ingreso = await queries.live(userId, facturaId);
      if (!ingreso) return;
      if (ingreso.estado === 'pendiente') throw new Error('El CFDI de ingreso aún no está confirmado por el PAC');
      if (ingreso.estado !== 'vigente' || readComprobante(ingreso.xml).metodoPago !== 'PPD') return;
      const stamped = new Set(
        (await queries.ofFactura(userId, facturaId)).filter((row) => row.tipo === 'P' && row.estado !== 'cancelado' && row.estado !== 'pendiente').map((row) => row.pagoId),
      );
      let refusal: unknown = null;
      for (const pagoId of await deps.invoices.pagoIds(userId, facturaId)) {
        if (stamped.has(pagoId)) continue;
        try {
          await service.stampPago(userId, facturaId, pagoId);
        } catch (error) {
          if (!isComplementRefusal(error)) throw error;
          // The PAC's message may name the client: the code is enough for the log.
          deps.logger.warn(`complemento de pago sin timbrar (factura ${facturaId}, pago ${pagoId}): ${(error as AppError).code}`);
          refusal ??= error;
        }
      }
      if (refusal) throw refusal;
    },

    /**
     * 'Nota de crédito': a CFDI de egreso related 01 to the invoice's valid
     * CFDI de Ingreso. The note is reserved (checked against what is owed or
     * paid), sealed, kept pendiente and sent; stamped, it comes off the
     * balance in the stamp's transaction; refused, it is forgotten; without
     * an answer it waits, pendiente, for 'Reintentar' (the same XML and id).
     */
    async issueCreditNote(
      userId: string,
      facturaId: string,
      input: Omit<NotaCreditoOutput, 'motivo' | 'forma_pago'> & { motivo: NotaCreditoRow['motivo']; forma_pago: string },
    ): Promise<CfdiComprobante> {
      if (!(await deps.cfdi.hasPac(userId))) throw appError('PAC_NOT_CONFIGURED');
      const factura = await deps.invoices.get(userId, facturaId);
      const ingreso = await queries.live(userId, facturaId);
      if (ingreso?.estado !== 'vigente') throw appError('CFDI_CONFLICT', MSG.cfdi.notaSoloTimbrada);
      // A note reserved by a request that died before its CFDI was written holds an amount nobody can send: let it go.
      for (const stale of (await deps.invoices.creditNotes(userId, facturaId)).filter((item) => item.estado === 'pendiente')) {
        if (!(await queries.liveOfNota(userId, stale.id))) await deps.invoices.dropCreditNote(userId, stale.id);
      }
      const nota = await deps.invoices.reserveCreditNote(userId, facturaId, input);
      let row: CfdiRow | undefined;
      try {
        const xml = await sealedEgreso(userId, facturaId, nota, readTimbrado(ingreso.xml));
        row = await queries.insertPending({ userId, facturaId, pagoId: null, notaCreditoId: nota.id, tipo: 'E', xml });
      } catch (error) {
        await deps.invoices.dropCreditNote(userId, nota.id);
        throw error;
      }
      return service.toComprobante(userId, await send(userId, row!, factura.numero_factura));
    },

    /**
     * The application of the advance a final invoice applies (Apéndice 6,
     * A.III): a CFDI de egreso of the advance's amount, forma 30, related 07
     * to the final invoice's CFDI; kept as one of its credit notes (motivo
     * 'anticipo'), so it comes off what the client owes once stamped, in the
     * stamp's transaction. A pendiente one is sent again as it is.
     */
    async applyAdvance(userId: string, facturaId: string): Promise<CfdiComprobante> {
      if (!(await deps.cfdi.hasPac(userId))) throw appError('PAC_NOT_CONFIGURED');
      const factura = await deps.invoices.get(userId, facturaId);
      if (!factura.anticipo_aplicado_id) throw appError('CFDI_CONFLICT', MSG.cfdi.aplicacionSinAnticipo);
      const notas = (await deps.invoices.creditNotes(userId, facturaId)).filter((nota) => nota.motivo === 'anticipo' && nota.estado !== 'cancelada');
      const pendiente = notas.find((nota) => nota.estado === 'pendiente');
      if (notas.some((nota) => nota.estado === 'aplicada')) throw appError('CFDI_CONFLICT', MSG.cfdi.aplicacionSinAnticipo);
      if (pendiente && (await queries.liveOfNota(userId, pendiente.id))) return service.stampCreditNote(userId, facturaId, pendiente.id);
      const anticipo = await deps.invoices.get(userId, factura.anticipo_aplicado_id);
      const monto = centavosOf(anticipo.impuestos?.subtotal ?? anticipo.monto_total) ?? 0;
      return service.issueCreditNote(userId, facturaId, { motivo: 'anticipo', monto, forma_pago: '30', descripcion: `Anticipo ${anticipo.numero_factura}` });
    },

    /** 'Reintentar timbrado' of a credit note whose PAC did not answer: the same XML and id. */
    async stampCreditNote(userId: string, facturaId: string, notaId: string): Promise<CfdiComprobante> {
      if (!(await deps.cfdi.hasPac(userId))) throw appError('PAC_NOT_CONFIGURED');
      const factura = await deps.invoices.get(userId, facturaId);
      const nota = (await deps.invoices.creditNotes(userId, facturaId)).find((item) => item.id === notaId);
      if (!nota) throw notFound();
      const row = await queries.liveOfNota(userId, notaId);
      if (!row || row.estado !== 'pendiente') throw appError('CFDI_CONFLICT', MSG.cfdi.notaYaTimbrada);
      return service.toComprobante(userId, await send(userId, row, factura.numero_factura));
    },

    /** A CFDI row as the contract sends it, with its credit note's motive when it has one. */
    async toComprobante(userId: string, row: CfdiRow): Promise<CfdiComprobante> {
      const notas = row.notaCreditoId ? await deps.invoices.creditNotes(userId, row.facturaId) : [];
      return toCfdiComprobante(row, new Map(notas.map((nota) => [nota.id, { id: nota.id, motivo: nota.motivo, descripcion: nota.descripcion }])));
    },

    /**
     * 'Sustituir CFDI': the corrected copy becomes a new invoice (the invoices
     * module's step, one transaction), then the flow runs: the new CFDI
     * stamped related 04, the old one cancelled with motivo 01 naming it.
     * Only a valid CFDI de Ingreso with no live complements is replaced, once.
     */
    async substitute(userId: string, facturaId: string, input: FacturaUpdateOutput): Promise<Sustitucion> {
      await deps.invoices.get(userId, facturaId); // the lawyer's, or 404
      const original = await queries.live(userId, facturaId);
      if (original?.estado !== 'vigente') throw appError('CFDI_CONFLICT', MSG.cfdi.sustitucionSoloVigente);
      if ((await queries.liveComplements(db, facturaId)) > 0) throw appError('CFDI_CONFLICT', MSG.cfdi.complementosPrimero);
      // Its cancellation (motivo 01) would wait behind them: the SAT cancels the related credit notes first.
      if ((await queries.liveCreditNotes(facturaId)) > 0) throw appError('CFDI_CONFLICT', MSG.cfdi.notasCreditoPrimero);
      const { sustituto } = await deps.invoices.substitutionLinks(userId, facturaId);
      if (sustituto) throw appError('CFDI_CONFLICT', MSG.cfdi.sustitucionEnCurso(sustituto.numero));
      await deps.invoices.createSubstitute(userId, facturaId, input);
      return service.resumeSubstitution(userId, facturaId);
    },

    /**
     * Takes a sustitución from where it stopped (from either invoice): stamps
     * the substitute if it is not, then asks the SAT to cancel the original
     * with motivo 01 and the substitute's folio fiscal. A refusal or no answer
     * is thrown (the screen says it, and shows where the flow stands).
     */
    async resumeSubstitution(userId: string, facturaId: string): Promise<Sustitucion> {
      await deps.invoices.get(userId, facturaId); // the lawyer's, or 404
      const pair = await substitutionPair(userId, facturaId);
      if (!pair) throw appError('CFDI_CONFLICT', MSG.cfdi.sinSustitucion);
      let state = await substitutionState(userId, pair);
      if (state.paso === 'timbrar_sustituto') {
        await service.stamp(userId, pair.sustituto.id); // which goes on to cancel the original
        state = await substitutionState(userId, pair);
      }
      if (state.paso === 'cancelar_original') {
        const original = (await stampedIngresoOf(userId, pair.original.id))!;
        await service.cancel(userId, pair.original.id, original.id, { motivo: '01', folio_sustitucion: state.sustituto.uuid });
        state = await substitutionState(userId, pair);
      }
      return state;
    },

    /** 'Cancelar CFDI' with the SAT's motivo: asked through the PAC, then the SAT's status is read once. */
    async cancel(userId: string, facturaId: string, cfdiId: string, input: { motivo: string; folio_sustitucion: string | null }): Promise<CfdiComprobante> {
      const factura = await deps.invoices.get(userId, facturaId);
      const row = await owned(userId, facturaId, cfdiId);
      if (row.estado !== 'vigente') throw appError('CFDI_CONFLICT', MSG.cfdi.noCancelable);
      if (row.tipo === 'I' && (await queries.liveComplements(db, facturaId)) > 0) throw appError('CFDI_CONFLICT', MSG.cfdi.complementosPrimero);
      if (row.tipo === 'I' && (await queries.liveCreditNotes(facturaId)) > 0) throw appError('CFDI_CONFLICT', MSG.cfdi.notasCreditoPrimero);
      // An advance applied in a live invoice: its CFDI is related (07) by that invoice's, which goes first.
      const aplicadoEn = row.tipo === 'I' && factura.anticipo ? await deps.invoices.advanceAppliedIn(userId, facturaId) : null;
      if (aplicadoEn) throw appError('CFDI_CONFLICT', MSG.cfdi.anticipoAplicado(aplicadoEn.numero));
      const timbre = readTimbrado(row.xml);
      const { acuse, codigo } = await deps.cfdi.cancel(userId, { uuid: timbre.uuid, motivo: input.motivo, folioSustitucion: input.folio_sustitucion });
      const motivo = MOTIVOS_CANCELACION_CFDI.find((item) => item.clave === input.motivo)!;
      let updated = await db.transaction(async (tx) => {
        const next = await queries.update(tx, row.id, {
          // '202': the SAT had it cancelled already.
          estado: codigo === '202' ? 'cancelado' : 'cancelacion_en_proceso',
          motivoCancelacion: input.motivo,
          folioSustitucion: input.folio_sustitucion,
          cancelacionSolicitadaAt: new Date(),
          acuseCancelacion: acuse,
        });
        if (next.estado === 'cancelado' && row.notaCreditoId) await deps.invoices.revertCreditNote(tx, userId, row.notaCreditoId);
        await deps.history.record(tx, userId, {
          accion: 'cancelar_cfdi',
          entidad: 'factura',
          entidadId: facturaId,
          resumen: `Cancelación del CFDI ${timbre.uuid} de ${factura.numero_factura} solicitada al SAT: ${input.motivo} ${motivo.nombre}${input.folio_sustitucion ? ` (lo sustituye ${input.folio_sustitucion})` : ''}`,
        });
        return next;
      });
      // Cancelled at once, or waiting for the receptor: the SAT says which. Not answering is not an error here.
      updated = await service.refreshRow(userId, updated, factura.numero_factura).catch(() => updated);
      return toCfdiComprobante(updated);
    },

    /** 'Consultar estado en el SAT'. */
    async refresh(userId: string, facturaId: string, cfdiId: string): Promise<CfdiComprobante> {
      const factura = await deps.invoices.get(userId, facturaId);
      const row = await owned(userId, facturaId, cfdiId);
      if (row.estado === 'pendiente') throw appError('CFDI_CONFLICT', MSG.cfdi.sinTimbrar);
      return toCfdiComprobante(await service.refreshRow(userId, row, factura.numero_factura));
    },

    async refreshRow(userId: string, row: CfdiRow, numero: string): Promise<CfdiRow> {
      const sat = await deps.cfdi.estadoSat(readTimbrado(row.xml));
      const estado = estadoSegunSat(row.estado, sat);
      return db.transaction(async (tx) => {
        const next = await queries.update(tx, row.id, { estado, estatusSat: etiquetaSat(sat), consultadoAt: new Date() });
        // A credit note whose CFDI the SAT cancelled no longer comes off the balance.
        if (estado === 'cancelado' && row.estado !== 'cancelado' && row.notaCreditoId) await deps.invoices.revertCreditNote(tx, userId, row.notaCreditoId);
        if (estado !== row.estado) {
          await deps.history.record(tx, userId, {
            accion: 'estado_cfdi',
            entidad: 'factura',
            entidadId: row.facturaId,
            resumen: `El SAT informa que el CFDI ${row.uuid} de ${numero} está: ${etiquetaSat(sat)}`,
            cambios: [{ campo: 'Estado del CFDI', antes: CFDI_ESTADO_LABEL[row.estado], despues: CFDI_ESTADO_LABEL[estado] }],
          });
        }
        return next;
      });
    },

    /**
     * Hourly: asks the SAT about the cancellations still waiting for the
     * receptor (up to 50 a pass), and returns those that ended (cancelled or
     * rejected) for the bell. A SAT that does not answer is asked next time.
     */
    async refreshCancellations(): Promise<{ userId: string; facturaId: string; numero: string; uuid: string; estado: CfdiRow['estado']; estatusSat: string | null }[]> {
      const ended = [];
      for (const row of await queries.cancellationsInProcess(50)) {
        try {
          const factura = await deps.invoices.get(row.userId, row.facturaId);
          const next = await service.refreshRow(row.userId, row, factura.numero_factura);
          if (next.estado !== 'cancelacion_en_proceso')
            ended.push({ userId: row.userId, facturaId: row.facturaId, numero: factura.numero_factura, uuid: row.uuid!, estado: next.estado, estatusSat: next.estatusSat });
        } catch (error) {
          deps.logger.warn(`estado de una cancelación sin consultar (${row.id}): ${error instanceof AppError ? error.code : 'error'}`);
        }
      }
      return ended;
    },

    /** The stamped XML of one of the invoice's CFDI (the sealed one while it is pendiente). */
    async xml(userId: string, facturaId: string, cfdiId: string): Promise<{ name: string; xml: string }> {
      const factura = await deps.invoices.get(userId, facturaId);
      const row = await owned(userId, facturaId, cfdiId);
      if (row.estado === 'pendiente' || !row.uuid) throw appError('CFDI_CONFLICT', MSG.cfdi.sinTimbrar);
      return { name: `${factura.numero_factura}${row.tipo === 'P' ? '-pago' : row.tipo === 'E' ? '-nota-credito' : ''}-${row.uuid}.xml`, xml: row.xml };
    },
  };
  return service;
}

export type StampingService = ReturnType<typeof createStampingService>;
