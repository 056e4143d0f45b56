import type { Factura, FacturaCreateOutput, FacturaDetalle, FacturaListQuery, FacturaSummary, FacturaUpdateOutput, Page, Pago } from '@bufete/shared';
import { centavosOf, diaMx, FACTURA_ESTADO_LABEL, formaPagoNombre, formatMXN, MSG } from '@bufete/shared';
import type { Database, Transaction } from '../../db/client';
import { appError, notFound } from '../../http/errors';
import { changesOf } from '../history/service';
import { invoiceAsRecorded, FIELD_LABELS } from './history-fields';
import { invoicesCsv } from './csv';
import { settlePayments } from './payments';
import { toFactura, toPago } from './mappers';
import { createInvoiceQueries, type FacturaRow, type InvoiceQueries, paging } from './queries';
import { createCreditNotes } from './credit-notes';
import { createInvoicePrinting } from './printing';

export type { CfdiImpreso } from './receipt-cfdi';
export type { NotaCreditoRow } from './queries';
export type { CfdiForInvoices, InvoiceServiceDeps, TimeForInvoices } from './deps';
import type { InvoiceServiceDeps } from './deps';

/**
 * Invoicing (spec part 2) and what a lawyer needs around it: numbers per
 * lawyer decided atomically, time billed once (inside the invoice's
 * transaction), payments with their day and form, edits while nothing is
 * paid, cancellation that keeps the number and gives the time back, and a
 * history of all of it. SQL lives in queries.ts; this file holds the rules.
 */
export function createInvoiceService(db: Database, deps: InvoiceServiceDeps, queries: InvoiceQueries = createInvoiceQueries(db, deps.cfdi.latestIngresoColumns)) {
  async function get(userId: string, id: string): Promise<Factura> {
    const row = await queries.one(userId, id);
    if (!row) throw notFound();
    return toFactura(row, await deps.profiles.today(userId));
  }

  async function locked(tx: Transaction, userId: string, id: string): Promise<FacturaRow> {
    const row = await queries.lock(tx, userId, id);
    if (!row) throw notFound();
    if (row.estado === 'cancelada') throw appError('INVOICE_CANCELLED');
    return row;
  }

  /** The advance an invoice applies, those of its client it could still apply, and where an advance is applied. */
  async function advancesOf(userId: string, factura: Factura): Promise<FacturaDetalle['anticipo']> {
    if (factura.anticipo) {
      const en = await queries.advanceAppliedIn(userId, factura.id);
      return { aplicado: null, disponibles: [], aplicado_en: en ? { id: en.id, numero_factura: en.numero } : null };
    }
    if (factura.anticipo_aplicado_id) {
      const [anticipo, notas] = await Promise.all([get(userId, factura.anticipo_aplicado_id).catch(() => null), queries.creditNotesOf(userId, factura.id)]);
      if (!anticipo) return { aplicado: null, disponibles: [], aplicado_en: null };
      return {
        aplicado: {
          id: anticipo.id,
          numero_factura: anticipo.numero_factura,
          fecha_emision: anticipo.fecha_emision,
          monto_total: anticipo.monto_total,
          uuid: anticipo.cfdi?.uuid ?? null,
          aplicado: notas.some((nota) => nota.motivo === 'anticipo' && nota.estado === 'aplicada'),
        },
        disponibles: [],
        aplicado_en: null,
      };
    }
    const open = factura.estado !== 'cancelada' && (!factura.cfdi || factura.cfdi.estado === 'cancelado') && !factura.factura_global_id;
    if (!open || !factura.cliente) return { aplicado: null, disponibles: [], aplicado_en: null };
    const rows = await queries.advancesOfClient(userId, factura.cliente.id);
    const cfdis = await deps.cfdi.latestOf(
      userId,
      rows.map((row) => row.id),
    );
    const disponibles = rows
      .filter((row) => cfdis.get(row.id)?.estado === 'vigente')
      .map((row) => ({ id: row.id, numero_factura: row.numero, fecha_emision: row.fecha, monto_total: row.total, uuid: cfdis.get(row.id)!.uuid }));
    return { aplicado: null, disponibles, aplicado_en: null };
  }

  const printing = createInvoicePrinting(deps, queries, get);
  const creditNotes = createCreditNotes(db, deps, queries, { get, locked });

  return {
    get,

    async detail(userId: string, id: string): Promise<FacturaDetalle> {
      const factura = await get(userId, id);
      const [pagos, entradas, historial, cfdis, pacConfigurado, sustitucion, anticipo, facturaGlobal] = await Promise.all([
        queries.pagosOf(userId, id),
        deps.time.entriesOfInvoice(userId, id),
        deps.history.ofEntity(userId, 'factura', id),
        deps.cfdi.ofInvoice(userId, id),
        deps.cfdi.hasPac(userId),
        deps.cfdi.substitutionOf(userId, id),
        advancesOf(userId, factura),
        factura.factura_global_id ? deps.cfdi.globalOf(userId, factura.factura_global_id) : Promise.resolve(null),
      ]);
      return { factura, pagos: pagos.map(toPago), entradas, historial, cfdis, pac_configurado: pacConfigurado, sustitucion, anticipo, factura_global: facturaGlobal };
    },

    /**
     * 'Aplicar anticipo' (Apéndice 6, A): the final invoice, before its CFDI is
     * stamped, names an advance of the same client whose CFDI is valid, with
     * the same taxes, no more than what it still owes, applied nowhere else.
     * Stamped, its CFDI relates the advance's (07) and the application's CFDI
     * de egreso follows (the CFDI module). `null` takes it off.
     */
    async setAdvance(userId: string, id: string, anticipoId: string | null): Promise<Factura> {
      const factura = await get(userId, id);
      const stamped = factura.cfdi && factura.cfdi.estado !== 'cancelado';
      if (factura.estado === 'cancelada') throw appError('INVOICE_CANCELLED');
      if (factura.anticipo || !factura.cliente || stamped || factura.factura_global_id) throw appError('CFDI_CONFLICT', MSG.cfdi.anticipoNoAplicable);
      let anticipo: Factura | null = null;
      if (anticipoId) {
        anticipo = await get(userId, anticipoId).catch(() => null);
        const valid = anticipo ? await deps.cfdi.validIngreso(userId, anticipo.id) : null;
        if (!anticipo || !anticipo.anticipo || anticipo.estado === 'cancelada' || anticipo.cliente?.id !== factura.cliente.id || !valid) {
          throw appError('CFDI_CONFLICT', MSG.cfdi.anticipoNoDisponible);
        }
        const taxes = (item: Factura) => (item.impuestos ? `${item.impuestos.iva !== '0.00'}/${item.impuestos.retencion}` : 'sin');
        if (taxes(anticipo) !== taxes(factura)) throw appError('VALIDATION_ERROR', MSG.cfdi.anticipoImpuestos);
      }
      await db.transaction(async (tx) => {
        const row = await locked(tx, userId, id);
        if (anticipo) {
          await queries.lock(tx, userId, anticipo.id);
          const elsewhere = await queries.advanceAppliedIn(userId, anticipo.id, tx);
          if (elsewhere && elsewhere.id !== id) throw appError('CFDI_CONFLICT', MSG.cfdi.anticipoNoDisponible);
          const owed = (centavosOf(row.montoTotal) ?? 0) - (centavosOf(row.montoPagado) ?? 0) - (centavosOf(row.montoAcreditado) ?? 0);
          if ((centavosOf(anticipo.monto_total) ?? 0) > owed) throw appError('VALIDATION_ERROR', MSG.cfdi.anticipoExcede(formatMXN(anticipo.monto_total)));
        }
        if ((row.anticipoAplicadoId ?? null) === (anticipo?.id ?? null)) return;
        await queries.setAdvance(tx, userId, id, anticipo?.id ?? null);
        await deps.history.record(tx, userId, {
          accion: 'editar',
          entidad: 'factura',
          entidadId: id,
          resumen: anticipo
            ? `${row.numeroFactura} aplicará el anticipo ${anticipo.numero_factura} (${formatMXN(anticipo.monto_total)}) al timbrar su CFDI`
            : `${row.numeroFactura} ya no aplica un anticipo`,
          cambios: [{ campo: 'Anticipo aplicado', antes: null, despues: anticipo?.numero_factura ?? null }],
        });
      });
      return get(userId, id);
    },

    /** The live invoice that applies the advance `id` (its CFDI is not cancelled while it does). */
    advanceAppliedIn: (userId: string, id: string) => queries.advanceAppliedIn(userId, id),

    /** A page of the filtered invoices, newest issue date first, and the cards over all of them (one request). */
    async list(userId: string, query: FacturaListQuery): Promise<Page<Factura> & { resumen: FacturaSummary }> {
      const { rows, totals } = await queries.page(userId, query);
      return {
        ...paging.page(rows, query.limit, (row) => toFactura(row, totals.hoy)),
        resumen: {
          total_facturado: totals.total,
          cobrado: totals.cobrado,
          pendiente: totals.pendiente,
          saldo: totals.saldo,
          facturas: Number(totals.facturas),
          pagadas: Number(totals.pagadas),
          pendientes: Number(totals.pendientes),
          parciales: Number(totals.parciales),
          vencidas: Number(totals.vencidas),
          canceladas: Number(totals.canceladas),
        },
      };
    },

    async exportCsv(userId: string, query: FacturaListQuery): Promise<string> {
      return invoicesCsv(await queries.exportRows(userId, query));
    },

    clientChoices: (userId: string) => queries.clientChoices(userId),

    /**
     * 'Crear Nueva Factura', and 'Facturar tiempo' once reviewed: the number,
     * the invoice, the billed time, the first payment and its history are one
     * transaction: any refusal leaves nothing (and takes no number).
     */
    async create(userId: string, input: FacturaCreateOutput): Promise<Factura> {
      if (input.cliente_id) await deps.clients.assertOwned(userId, input.cliente_id);
      const [today, { serie_cfdi: serie }] = await Promise.all([deps.profiles.today(userId), deps.profiles.fiscalOf(userId)]);
      const id = await db.transaction(async (tx) => {
        const { id, numero } = await queries.insert(tx, userId, input, serie);
        await deps.time.claimForInvoice(tx, userId, { ids: input.entrada_ids, facturaId: id, clienteId: input.cliente_id });
        if (input.pagado > 0) await queries.insertPago(tx, userId, id, { fecha: input.pago.fecha ?? today, centavos: input.pagado, forma: input.pago.forma });
        const time = input.entrada_ids.length ? ` con ${input.entrada_ids.length} ${input.entrada_ids.length === 1 ? 'entrada' : 'entradas'} de tiempo` : '';
        const resumen = input.anticipo
          ? `Anticipo ${numero} recibido por ${formatMXN(input.total)} (${formaPagoNombre(input.pago.forma)})`
          : `Factura ${numero} creada por ${formatMXN(input.total)}${time}`;
        await deps.history.record(tx, userId, { accion: 'crear', entidad: 'factura', entidadId: id, resumen });
        return id;
      });
      return get(userId, id);
    },

    /** 'Editar factura': new figures while the invoice is pendiente and nothing is paid; its time keeps its client. */
    async update(userId: string, id: string, input: FacturaUpdateOutput): Promise<Factura> {
      const today = await deps.profiles.today(userId);
      const before = await get(userId, id);
      if (before.estado === 'cancelada') throw appError('INVOICE_CANCELLED');
      if (before.cfdi && before.cfdi.estado !== 'cancelado') throw appError('CFDI_CONFLICT', MSG.cfdi.facturaTimbrada);
      if (!before.editable) throw appError('INVOICE_NOT_EDITABLE');
      if (input.cliente_id) await deps.clients.assertOwned(userId, input.cliente_id);
      if ((before.cliente?.id ?? null) !== input.cliente_id && (await deps.time.entriesOfInvoice(userId, id)).length > 0) {
        throw appError('VALIDATION_ERROR', MSG.invoices.clienteDeLasEntradas, 'cliente_id');
      }
      // The advance it applies must still fit: its client, its taxes, no more than the new total (its application is stamped after it).
      if (before.anticipo_aplicado_id) {
        const anticipo = await get(userId, before.anticipo_aplicado_id);
        if (anticipo.cliente?.id !== input.cliente_id) throw appError('VALIDATION_ERROR', MSG.cfdi.anticipoNoDisponible, 'cliente_id');
        const taxes = input.impuestos ? `${input.impuestos.iva_aplicado}/${input.impuestos.retencion}` : 'sin';
        const advanceTaxes = anticipo.impuestos ? `${anticipo.impuestos.iva !== '0.00'}/${anticipo.impuestos.retencion}` : 'sin';
        if (taxes !== advanceTaxes) throw appError('VALIDATION_ERROR', MSG.cfdi.anticipoImpuestos);
        if ((centavosOf(anticipo.monto_total) ?? 0) > input.total) throw appError('VALIDATION_ERROR', MSG.cfdi.anticipoExcede(formatMXN(anticipo.monto_total)), 'monto');
      }
      await db.transaction(async (tx) => {
        if (!(await queries.updateFigures(tx, userId, id, input))) throw appError('INVOICE_NOT_EDITABLE');
        const after = toFactura((await queries.one(userId, id, tx))!, today);
        const cambios = changesOf(invoiceAsRecorded(before), invoiceAsRecorded(after), FIELD_LABELS);
        await deps.history.record(tx, userId, { accion: 'editar', entidad: 'factura', entidadId: id, resumen: `Factura ${before.numero_factura} editada`, cambios });
      });
      return get(userId, id);
    },

    /**
     * 'Editar Estado de Factura' (spec: any state to any; pagada pays the
     * total, pendiente nothing, partial what was typed up to the total), with
     * the payment's day and form recorded, or the latest payments taken back.
     */
    async updateStatus(
      userId: string,
      id: string,
      input: { estado: 'pendiente' | 'pagada_parcialmente' | 'pagada'; monto_pagado: number | null; fecha_pago: string | null; forma_pago: string },
    ): Promise<Factura> {
      const today = await deps.profiles.today(userId);
      const complemento = await db.transaction(async (tx) => {
        const row = await locked(tx, userId, id);
        // What its credit notes took off is never paid: 'Pagada' pays the rest.
        const total = centavosOf(row.montoTotal)! - (centavosOf(row.montoAcreditado) ?? 0);
        let pagado = 0;
        if (input.estado === 'pagada') pagado = total;
        if (input.estado === 'pagada_parcialmente') {
          if (input.monto_pagado === null || input.monto_pagado <= 0) throw appError('VALIDATION_ERROR', MSG.invoices.pagadoObligatorio, 'monto_pagado');
          if (input.monto_pagado > total) throw appError('VALIDATION_ERROR', MSG.invoices.pagadoExcede, 'monto_pagado');
          pagado = input.monto_pagado;
        }
        const fecha = input.fecha_pago ?? today;
        // A stamped complement states its payment: it cannot be taken back while the complement is valid.
        if (pagado < (centavosOf(row.montoPagado) ?? 0) && (await deps.cfdi.liveComplements(tx, id)) > 0) throw appError('CFDI_CONFLICT', MSG.cfdi.pagoConComplemento);
        const movement = await settlePayments(queries, tx, userId, row, pagado, { fecha, forma: input.forma_pago });
        await queries.setPaid(tx, userId, id, input.estado, pagado);
        const cambios = changesOf(
          { estado: FACTURA_ESTADO_LABEL[row.estado], pagado: formatMXN(row.montoPagado) },
          { estado: FACTURA_ESTADO_LABEL[input.estado], pagado: formatMXN(pagado) },
          { estado: 'Estado', pagado: 'Monto pagado' },
        );
        if (cambios.length === 0) return null;
        const paid = centavosOf(row.montoPagado) ?? 0;
        const resumen =
          movement?.movimiento === 'pago'
            ? `Pago de ${formatMXN(pagado - paid)} registrado el ${diaMx(fecha)} (${formaPagoNombre(input.forma_pago)}) en ${row.numeroFactura}`
            : movement?.movimiento === 'devolucion'
              ? `Se retiraron ${formatMXN(paid - pagado)} de los pagos de ${row.numeroFactura}`
              : `Estado de ${row.numeroFactura}: ${FACTURA_ESTADO_LABEL[input.estado]}`;
        await deps.history.record(tx, userId, { accion: movement?.movimiento ?? 'estado', entidad: 'factura', entidadId: id, resumen, cambios });
        return movement?.movimiento === 'pago' ? deps.cfdi.paymentRecorded(tx, userId, id, movement.pagoId) : null;
      });
      // A payment of a stamped PPD invoice gets its Complemento de Pago now, or from the queue, which retries it.
      if (complemento) await deps.cfdi.stampQueued(complemento);
      return get(userId, id);
    },

    /**
     * A payment received by another way than the lawyer's form (online, from
     * the portal), in the caller's transaction: it adds to what was paid, and
     * is not applied (registrado false) when the invoice was cancelled or the
     * amount is more than it still owes, so money already counted is never
     * counted twice. `afterCommit` stamps a PPD invoice's complement.
     */
    async recordReceivedPayment(
      tx: Transaction,
      userId: string,
      id: string,
      pago: { centavos: number; fecha: string; forma: string; como: string },
    ): Promise<{ registrado: boolean; numero: string | null; pagoId: string | null; afterCommit: () => Promise<void> }> {
      const nothing = async () => {};
      const row = await queries.lock(tx, userId, id);
      if (!row || row.estado === 'cancelada') return { registrado: false, numero: row?.numeroFactura ?? null, pagoId: null, afterCommit: nothing };
      const total = centavosOf(row.montoTotal)! - (centavosOf(row.montoAcreditado) ?? 0);
      const paid = centavosOf(row.montoPagado) ?? 0;
      const target = paid + pago.centavos;
      if (pago.centavos <= 0 || target > total) return { registrado: false, numero: row.numeroFactura, pagoId: null, afterCommit: nothing };
      const estado = target === total ? 'pagada' : 'pagada_parcialmente';
      const movement = await settlePayments(queries, tx, userId, row, target, { fecha: pago.fecha, forma: pago.forma });
      await queries.setPaid(tx, userId, id, estado, target);
      const cambios = changesOf(
        { estado: FACTURA_ESTADO_LABEL[row.estado], pagado: formatMXN(row.montoPagado) },
        { estado: FACTURA_ESTADO_LABEL[estado], pagado: formatMXN(target) },
        { estado: 'Estado', pagado: 'Monto pagado' },
      );
      const resumen = `Pago ${pago.como} de ${formatMXN(pago.centavos)} recibido el ${diaMx(pago.fecha)} (${formaPagoNombre(pago.forma)}) en ${row.numeroFactura}`;
      await deps.history.record(tx, userId, { accion: 'pago', entidad: 'factura', entidadId: id, resumen, cambios });
      const complemento = movement?.movimiento === 'pago' ? await deps.cfdi.paymentRecorded(tx, userId, id, movement.pagoId) : null;
      return {
        registrado: true,
        numero: row.numeroFactura,
        pagoId: movement?.movimiento === 'pago' ? movement.pagoId : null,
        afterCommit: async () => (complemento ? deps.cfdi.stampQueued(complemento) : undefined),
      };
    },

    /**
     * 'Cancelar factura': the number stays taken (never reused), the time it
     * billed is unbilled again, the reason goes to its history. An invoice
     * with payments is first set back to Pendiente (the refund), so the
     * cards never count money for a cancelled invoice.
     */
    async cancel(userId: string, id: string, motivo: string): Promise<Factura> {
      // A substitute not stamped yet is the only way its sustitución ends: the original is cancelled in Bufete already.
      // (Read before the transaction: the embedded database has one connection.)
      const sustitucion = await deps.cfdi.substitutionOf(userId, id);
      if (sustitucion?.sustituto.id === id && sustitucion.paso === 'timbrar_sustituto') throw appError('CFDI_CONFLICT', MSG.cfdi.sustitutoNoSeCancela);
      await db.transaction(async (tx) => {
        const row = await locked(tx, userId, id);
        if (await deps.cfdi.hasLiveIngreso(tx, userId, id)) throw appError('CFDI_CONFLICT', MSG.cfdi.facturaTimbrada);
        if ((centavosOf(row.montoPagado) ?? 0) > 0) throw appError('INVOICE_HAS_PAYMENTS');
        await queries.cancel(tx, userId, id, motivo);
        const released = await deps.time.releaseForInvoice(tx, userId, id);
        const time = released ? ` ${released === 1 ? 'Su entrada de tiempo vuelve' : `Sus ${released} entradas de tiempo vuelven`} a estar sin facturar.` : '';
        await deps.history.record(tx, userId, {
          accion: 'cancelar',
          entidad: 'factura',
          entidadId: id,
          resumen: `Factura ${row.numeroFactura} cancelada.${time}`,
          cambios: [
            { campo: 'Estado', antes: FACTURA_ESTADO_LABEL[row.estado], despues: FACTURA_ESTADO_LABEL.cancelada },
            { campo: 'Motivo', antes: null, despues: motivo },
          ],
        });
      });
      return get(userId, id);
    },

    ...printing,

    /** The invoice's payments, newest first. */
    async pagos(userId: string, id: string): Promise<Pago[]> {
      return (await queries.pagosOf(userId, id)).map(toPago);
    },

    ...creditNotes,

    /**
     * A sustitución's first step (the CFDI module runs the rest): a new invoice
     * with the corrected figures replaces this one, in one transaction. It
     * takes its payments and its time, and this one is cancelled in Bufete,
     * its number kept; its CFDI stays valid until the new one's is stamped
     * and it is cancelled with motivo 01 naming it.
     */
    async createSubstitute(userId: string, id: string, input: FacturaUpdateOutput): Promise<{ id: string; numero: string }> {
      if (input.cliente_id) await deps.clients.assertOwned(userId, input.cliente_id);
      const { serie_cfdi: serie } = await deps.profiles.fiscalOf(userId);
      // Read before the transaction (the embedded database has one connection): time billed to one client stays with that client.
      const before = await get(userId, id);
      if ((before.cliente?.id ?? null) !== input.cliente_id && (await deps.time.entriesOfInvoice(userId, id)).length > 0) {
        throw appError('VALIDATION_ERROR', MSG.invoices.clienteDeLasEntradas, 'cliente_id');
      }
      return db.transaction(async (tx) => {
        const original = await locked(tx, userId, id);
        const pagado = centavosOf(original.montoPagado) ?? 0;
        if (pagado > input.total) throw appError('VALIDATION_ERROR', MSG.cfdi.sustitutoMenorQuePagado(formatMXN(pagado)), 'monto');
        const estado = pagado === 0 ? 'pendiente' : pagado === input.total ? 'pagada' : 'pagada_parcialmente';
        const nuevo = await queries.insert(tx, userId, { ...input, estado, pagado, pago: { fecha: null, forma: '03' }, entrada_ids: [], anticipo: false }, serie);
        await queries.linkSubstitute(tx, userId, id, nuevo.id);
        await deps.time.moveToInvoice(tx, userId, id, nuevo.id);
        // Its payments are the new one's now: it keeps none, as any cancelled invoice.
        await queries.setPaid(tx, userId, id, 'pendiente', 0);
        await queries.cancel(tx, userId, id, MSG.cfdi.sustituidaPor(nuevo.numero));
        await deps.history.record(tx, userId, {
          accion: 'sustituir',
          entidad: 'factura',
          entidadId: id,
          resumen: `Factura ${original.numeroFactura} sustituida por ${nuevo.numero}: sus pagos y su tiempo pasan a ${nuevo.numero}`,
          cambios: [{ campo: 'Estado', antes: FACTURA_ESTADO_LABEL[original.estado], despues: FACTURA_ESTADO_LABEL.cancelada }],
        });
        await deps.history.record(tx, userId, {
          accion: 'crear',
          entidad: 'factura',
          entidadId: nuevo.id,
          resumen: `Factura ${nuevo.numero} creada por ${formatMXN(input.total)} para sustituir a ${original.numeroFactura}`,
        });
        return nuevo;
      });
    },

    /** The invoice `id` replaces, and the one that replaces it. */
    substitutionLinks: (userId: string, id: string) => queries.substitutionLinks(userId, id),

    /**
     * Names how a payment recorded as 'No registrada' (99, before Bufete asked)
     * was made, so its Complemento de Pago can state it. A form already named
     * is never changed: a complement may state it.
     */
    async nameFormaPago(userId: string, id: string, pagoId: string, forma: string): Promise<void> {
      await db.transaction(async (tx) => {
        const row = await locked(tx, userId, id);
        const pago = (await queries.pagosOf(userId, id, tx)).find((item) => item.id === pagoId);
        if (!pago) throw notFound();
        if (pago.formaPago === forma) return;
        if (pago.formaPago !== '99') throw appError('CFDI_CONFLICT', MSG.cfdi.formaPagoYaRegistrada);
        await queries.setFormaPago(tx, userId, pagoId, forma);
        await deps.history.record(tx, userId, {
          accion: 'editar',
          entidad: 'factura',
          entidadId: id,
          resumen: `Forma de pago del pago de ${formatMXN(pago.monto)} del ${diaMx(pago.fecha)} en ${row.numeroFactura}: ${formaPagoNombre(forma)}`,
          cambios: [{ campo: 'Forma de pago', antes: formaPagoNombre('99'), despues: formaPagoNombre(forma) }],
        });
      });
    },

    /** The ids of the invoice's payments, oldest first. */
    async pagoIds(userId: string, id: string): Promise<string[]> {
      return (await queries.pagosOf(userId, id)).map((pago) => pago.id).reverse();
    },

    /** Emails the receipt to the invoice's client, as one of the lawyer's emails to clients (limits, history). */
    async email(userId: string, id: string): Promise<string> {
      const factura = await get(userId, id);
      if (factura.estado === 'cancelada') throw appError('INVOICE_CANCELLED');
      if (!factura.cliente?.email) throw appError('VALIDATION_ERROR', MSG.invoices.sinEmailCliente);
      const { bytes } = await this.pdf(userId, id);
      // Stamped and valid: the CFDI's printed version with its XML, the file the client's accountant needs.
      const stamped = await deps.cfdi.validIngreso(userId, id);
      const documento = stamped ? `la factura ${factura.numero_factura} (CFDI, folio fiscal ${stamped.uuid}), con su XML,` : `el recibo de honorarios ${factura.numero_factura}`;
      const { enviado } = await deps.reminders.sendNow(userId, {
        clienteId: factura.cliente.id,
        subject: stamped ? `Factura ${factura.numero_factura}` : `Recibo de honorarios ${factura.numero_factura}`,
        message: `Le envío ${documento} por ${factura.concepto.slice(0, 200)}.\n\nQuedo a sus órdenes para cualquier duda.`,
        attachments: [
          { filename: `${factura.numero_factura}.pdf`, content: bytes, contentType: 'application/pdf' },
          ...(stamped ? [{ filename: `${factura.numero_factura}-${stamped.uuid}.xml`, content: Buffer.from(stamped.xml, 'utf8'), contentType: 'application/xml' }] : []),
        ],
      });
      await deps.history.record(db, userId, {
        accion: 'enviar',
        entidad: 'factura',
        entidadId: id,
        resumen: stamped
          ? `Factura ${factura.numero_factura} (CFDI con su XML) ${enviado ? 'enviada' : 'en cola para enviarse'} a ${factura.cliente.email}`
          : `Recibo ${factura.numero_factura} ${enviado ? 'enviado' : 'en cola para enviarse'} a ${factura.cliente.email}`,
      });
      return enviado ? MSG.invoices.enviada(factura.cliente.email) : MSG.reminders.enCola;
    },

    /** The daily summary's list: the lawyer's overdue invoices, oldest due first. */
    async overdueOf(userId: string): Promise<{ numero: string; cliente: string | null; total: string; vencio: string }[]> {
      const rows = await queries.overdueOf(userId, await deps.profiles.today(userId));
      return rows.map((row) => ({ numero: row.numero, cliente: row.cliente, total: formatMXN(row.total), vencio: diaMx(row.vence!) }));
    },

    dueDates: (userId: string) => queries.dueDates(userId),
    recentlyOverdue: () => queries.recentlyOverdue(),
  };
}

export type InvoiceService = ReturnType<typeof createInvoiceService>;
