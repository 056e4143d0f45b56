import type { CfdiComprobante, Factura, FacturaUpdateOutput, NotaCreditoOutput, Sustitucion } from '@bufete/shared';
import { centavosOf, MSG } from '@bufete/shared';
import type { Database } from '../../db/client';
import { AppError, appError, notFound } from '../../http/errors';
import type { NotaCreditoRow } from '../invoices/service';
import { createCancellation } from './cancellation';
import { toCfdiComprobante } from './comprobante-row';
import { createCfdiForInvoices } from './for-invoices';
import { createSealing } from './sealing';
import { type CfdiService, isPacRejection } from './service';
import { CFDI_COMPLEMENT_JOB, isComplementRefusal, type StampingDeps } from './stamping-deps';
import { type CfdiRow, createStampQueries } from './stamp-queries';
import { createSubstitutions } from './substitution';
import { readComprobante, readTimbrado } from './timbre';

export { CFDI_COMPLEMENT_JOB, isComplementRefusal, type InvoicesForStamping } from './stamping-deps';

/**
 * An invoice's CFDI, whole (issue 27; one home since issue 34): built from
 * the invoice, sealed with the lawyer's CSD, stamped through the PAC,
 * cancelled, asked about at the SAT, kept (facturas_cfdi) and printed. The
 * invoices module reads what it needs of it through `CfdiForInvoices`, which
 * this service is (for-invoices.ts). Its parts: sealing.ts builds and seals
 * each CFDI, cancellation.ts cancels and asks the SAT, substitution.ts tells
 * where a sustitución stands; this file sends to the PAC and runs the flows.
 *
 * Nothing is stamped twice: the sealed XML is written (pendiente) before the
 * PAC is called, with its row's id as the PAC's customid. A call whose answer
 * is lost leaves it pendiente, and 'Timbrar CFDI' again sends the same XML
 * with the same id, for which the PAC returns the stamp it made.
 */
export function createStampingService(db: Database, deps: StampingDeps) {
  const queries = createStampQueries(db);
  const { sealedIngreso, sealedEgreso, sealedComplemento, stampedIngresoOf } = createSealing(deps, queries);
  const substitutions = createSubstitutions(deps, queries, { stampedIngresoOf });
  const { substitutionState, substitutionPair } = substitutions;

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

  const service = {
    ...createCfdiForInvoices(db, deps, queries, substitutions),
    ...createCancellation(db, deps, queries, owned),

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
