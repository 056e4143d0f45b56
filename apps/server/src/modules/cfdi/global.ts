import type { FacturaGlobal, GlobalPreview, PeriodicidadGlobal, ReciboGlobal } from '@bufete/shared';
import { centavosOf, formatMXN, moneyString, MOTIVOS_CANCELACION_CFDI, MSG, periodoGlobal } from '@bufete/shared';
import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { rowsOf } from '../../db/client';
import { AppError, appError, notFound } from '../../http/errors';
import type { HistoryService } from '../history/service';
import { facturas } from '../invoices/schema';
import type { CfdiImpreso, InvoiceService } from '../invoices/service';
import type { ProfileService } from '../profile/service';
import type { Concepto } from './comprobante';
import { estadoSegunSat, etiquetaSat } from './consulta-sat';
import { fechaDeExpedicion } from './invoice-comprobante';
import { printedOf } from './printed';
import { cfdiGlobales } from './schema';
import { type CfdiService, isPacRejection } from './service';
import { readTimbrado } from './timbre';

type GlobalRow = typeof cfdiGlobales.$inferSelect;

/** One CFDI holds at most this many receipts: a lawyer's month is far fewer; past it, a shorter period is asked for. */
export const GLOBAL_MAX_RECIBOS = 1000;

/** The Guía's receptor of a factura global: público en general. */
const PUBLICO_EN_GENERAL = { rfc: 'XAXX010101000', nombre: 'PUBLICO EN GENERAL', regimenFiscal: '616', usoCfdi: 'S01' };

export const numeroGlobal = (numero: number) => `GLO-${String(numero).padStart(4, '0')}`;

/** A cancelled global's receipts were freed: it held those its XML names, one concepto each. */
const conceptosEn = (xml: string) => xml.match(/<cfdi:Concepto\b/g)?.length ?? 0;

function toFacturaGlobal(row: GlobalRow & { recibos: number }): FacturaGlobal {
  return {
    id: row.id,
    numero: numeroGlobal(row.numero),
    periodo: { periodicidad: row.periodicidad, meses: row.meses, anio: row.anio, desde: row.desde, hasta: row.hasta },
    total: row.total,
    recibos: row.estado === 'cancelado' ? conceptosEn(row.xml) : Number(row.recibos),
    estado: row.estado,
    uuid: row.uuid,
    fecha_timbrado: row.fechaTimbrado?.toISOString() ?? null,
    cancelacion: row.motivoCancelacion && row.cancelacionSolicitadaAt ? { motivo: row.motivoCancelacion, solicitada: row.cancelacionSolicitadaAt.toISOString() } : null,
  };
}

/**
 * The factura global (Guía de llenado del CFDI global): the paid receipts
 * without a CFDI of clients who asked for none ('No requiere factura'),
 * gathered for a period into one CFDI to público en general — XAXX010101000,
 * 'PUBLICO EN GENERAL', the lawyer's código postal as the receptor's, 616,
 * S01, InformacionGlobal with the periodicidad, meses and año — each receipt
 * a concepto (01010101, its number as NoIdentificacion, 1 ACT 'Venta'), the
 * FormaPago of the receipt of the largest amount, PUE.
 *
 * A receipt is in one global only: its `factura_global_id` is set in the
 * same transaction that writes the global, sealed and `pendiente`, before the
 * PAC is called (the same never-twice rule as every CFDI: its id is the
 * customid). A PAC's refusal deletes it and frees its receipts.
 */
export function createGlobalInvoiceService(
  db: Database,
  deps: {
    cfdi: CfdiService;
    profiles: Pick<ProfileService, 'fiscalOf' | 'today'>;
    history: HistoryService;
    invoices: Pick<InvoiceService, 'printGlobal'>;
  },
) {
  /**
   * The receipts a global of [desde, hasta] holds: paid in full (by the day
   * of their last payment), no live CFDI, in no global, not an advance, no
   * retentions (público en general withholds nothing), of a client who asked
   * for no invoice; oldest first. Each with the form of its largest payment.
   */
  async function receipts(userId: string, desde: string, hasta: string, executor: Pick<Database, 'execute'> = db): Promise<(ReciboGlobal & { iva_aplicado: boolean })[]> {
    const rows = rowsOf<{
      id: string;
      numero: string;
      cliente: string | null;
      fecha_pago: string;
      forma_pago: string;
      subtotal: string;
      iva: string | null;
      total: string;
    }>(
      await executor.execute(sql`
        select f.id, f.numero_factura as numero, c.nombre as cliente, p.fecha::text as fecha_pago, p.forma as forma_pago,
               coalesce(f.subtotal, f.monto_total)::text as subtotal, f.iva::text as iva, f.monto_total::text as total
        from facturas f
        join clientes c on c.id = f.cliente_id and c.user_id = f.user_id and c.publico_en_general
        cross join lateral (
          select max(pg.fecha) as fecha,
                 (select pg2.forma_pago from pagos pg2 where pg2.factura_id = f.id order by pg2.monto desc, pg2.fecha limit 1) as forma
          from pagos pg where pg.factura_id = f.id
        ) p
        where f.user_id = ${userId} and f.estado = 'pagada' and not f.anticipo and f.factura_global_id is null
          and coalesce(f.retencion, 'ninguna') = 'ninguna'
          and p.fecha between ${desde}::date and ${hasta}::date
          and not exists (select 1 from facturas_cfdi x where x.factura_id = f.id and x.tipo = 'I' and x.estado <> 'cancelado')
        order by p.fecha, f.secuencia
        limit ${GLOBAL_MAX_RECIBOS + 1}`),
    );
    return rows.map((row) => ({
      id: row.id,
      numero_factura: row.numero,
      cliente: row.cliente,
      fecha_pago: row.fecha_pago,
      forma_pago: row.forma_pago,
      subtotal: row.subtotal,
      iva: row.iva ?? '0.00',
      total: row.total,
      iva_aplicado: row.iva !== null && Number(row.iva) > 0,
    }));
  }

  /** The period of the input, checked: closed (the global is issued at its close), its year one the SAT accepts, bimestral only in the RIF. */
  async function periodOf(userId: string, input: { periodicidad: PeriodicidadGlobal; fecha: string }) {
    const periodo = { periodicidad: input.periodicidad, ...periodoGlobal(input.periodicidad, input.fecha) };
    const [today, fiscal] = await Promise.all([deps.profiles.today(userId), deps.profiles.fiscalOf(userId)]);
    return { periodo, today, fiscal };
  }

  function summaryOf(periodo: GlobalPreview['periodo'], recibos: ReciboGlobal[]): GlobalPreview {
    const sum = (pick: (recibo: ReciboGlobal) => string) => moneyString(recibos.reduce((total, recibo) => total + (centavosOf(pick(recibo)) ?? 0), 0));
    const mayor = [...recibos].sort((a, b) => (centavosOf(b.total) ?? 0) - (centavosOf(a.total) ?? 0))[0];
    return {
      periodo,
      recibos: recibos.map(({ id, numero_factura, cliente, fecha_pago, forma_pago, subtotal, iva, total }) => ({
        id,
        numero_factura,
        cliente,
        fecha_pago,
        forma_pago,
        subtotal,
        iva,
        total,
      })),
      subtotal: sum((recibo) => recibo.subtotal),
      iva: sum((recibo) => recibo.iva),
      total: sum((recibo) => recibo.total),
      forma_pago: mayor?.forma_pago ?? null,
    };
  }

  async function owned(userId: string, id: string): Promise<GlobalRow> {
    const [row] = await db
      .select()
      .from(cfdiGlobales)
      .where(and(eq(cfdiGlobales.userId, userId), eq(cfdiGlobales.id, id)))
      .limit(1);
    if (!row) throw notFound();
    return row;
  }

  const countOf = async (userId: string, id: string) =>
    Number(
      (
        await db
          .select({ n: sql<number>`count(*)::int` })
          .from(facturas)
          .where(and(eq(facturas.userId, userId), eq(facturas.facturaGlobalId, id)))
      )[0]?.n ?? 0,
    );

  /** Sends a pendiente global to the PAC and keeps the stamp; a refusal deletes it and frees its receipts. */
  async function send(userId: string, row: GlobalRow): Promise<GlobalRow> {
    if (!row.pac) {
      const ref = await deps.cfdi.pacRef(userId);
      await db.update(cfdiGlobales).set({ pac: ref }).where(eq(cfdiGlobales.id, row.id));
      row = { ...row, pac: ref };
    }
    let stamped: Awaited<ReturnType<CfdiService['stamp']>>;
    try {
      stamped = await deps.cfdi.stamp(userId, row.xml, row.id, row.pac);
    } catch (error) {
      if (isPacRejection(error)) {
        await db.transaction(async (tx) => {
          await tx
            .update(facturas)
            .set({ facturaGlobalId: null })
            .where(and(eq(facturas.userId, userId), eq(facturas.facturaGlobalId, row.id)));
          await tx.delete(cfdiGlobales).where(and(eq(cfdiGlobales.id, row.id), eq(cfdiGlobales.estado, 'pendiente')));
        });
      }
      throw error;
    }
    const [updated] = await db
      .update(cfdiGlobales)
      .set({ estado: 'vigente', xml: stamped.xml, uuid: stamped.timbre.uuid, fechaTimbrado: stamped.timbre.fechaTimbradoInstant, updatedAt: new Date() })
      .where(and(eq(cfdiGlobales.id, row.id), eq(cfdiGlobales.estado, 'pendiente')))
      .returning();
    if (updated) {
      await deps.history.record(db, userId, {
        accion: 'timbrar',
        entidad: 'factura',
        entidadId: row.id,
        resumen: `Factura global ${numeroGlobal(row.numero)} timbrada por ${formatMXN(row.total)}. Folio fiscal ${stamped.timbre.uuid}`,
      });
    }
    return updated ?? (await owned(userId, row.id));
  }

  /**
   * Writes where the SAT leaves a global. Cancelled, its receipts are free
   * again (in the same transaction): each can then have its own CFDI or go
   * into the period's global issued again.
   */
  async function settle(userId: string, row: GlobalRow, next: Partial<GlobalRow>, resumen: string | null): Promise<GlobalRow> {
    return db.transaction(async (tx) => {
      const [updated] = await tx
        .update(cfdiGlobales)
        .set({ ...next, updatedAt: new Date() })
        .where(and(eq(cfdiGlobales.userId, userId), eq(cfdiGlobales.id, row.id)))
        .returning();
      if (resumen) await deps.history.record(tx, userId, { accion: 'cancelar_cfdi', entidad: 'factura', entidadId: row.id, resumen });
      if (updated!.estado === 'cancelado' && row.estado !== 'cancelado') {
        const freed = await tx
          .update(facturas)
          .set({ facturaGlobalId: null })
          .where(and(eq(facturas.userId, userId), eq(facturas.facturaGlobalId, row.id)))
          .returning({ id: facturas.id, numero: facturas.numeroFactura });
        for (const recibo of freed) {
          await deps.history.record(tx, userId, {
            accion: 'editar',
            entidad: 'factura',
            entidadId: recibo.id,
            resumen: `Recibo ${recibo.numero} fuera de la factura global ${numeroGlobal(row.numero)}, cancelada: puede timbrarse por separado o en otra factura global`,
          });
        }
      }
      return updated!;
    });
  }

  /** Asks the SAT how a global stands and keeps the answer; a change is in the history. */
  async function refreshRow(userId: string, row: GlobalRow): Promise<GlobalRow> {
    const sat = await deps.cfdi.estadoSat(readTimbrado(row.xml));
    const estado = estadoSegunSat(row.estado, sat);
    const resumen = estado !== row.estado ? `El SAT informa que la factura global ${numeroGlobal(row.numero)} (${row.uuid}) está: ${etiquetaSat(sat)}` : null;
    return settle(userId, row, { estado, estatusSat: etiquetaSat(sat) }, resumen);
  }

  const service = {
    /** The lawyer's global invoices, newest period first. */
    async list(userId: string): Promise<FacturaGlobal[]> {
      const rows = await db
        .select({
          global: cfdiGlobales,
          // Qualified by hand: drizzle writes a column of a one-table query without its table.
          recibos: sql<number>`(select count(*)::int from facturas r where r.factura_global_id = cfdi_globales.id)`,
        })
        .from(cfdiGlobales)
        .where(eq(cfdiGlobales.userId, userId))
        .orderBy(desc(cfdiGlobales.desde), desc(cfdiGlobales.numero))
        .limit(200);
      return rows.map((row) => toFacturaGlobal({ ...row.global, recibos: row.recibos }));
    },

    /** What the global of the period would hold. */
    async preview(userId: string, input: { periodicidad: PeriodicidadGlobal; fecha: string }): Promise<GlobalPreview> {
      const { periodo } = await periodOf(userId, input);
      return summaryOf(periodo, (await receipts(userId, periodo.desde, periodo.hasta)).slice(0, GLOBAL_MAX_RECIBOS));
    },

    /** 'Timbrar factura global': sealed, its receipts claimed and the global written in one transaction, then stamped. */
    async issue(userId: string, input: { periodicidad: PeriodicidadGlobal; fecha: string }): Promise<FacturaGlobal> {
      if (!(await deps.cfdi.hasPac(userId))) throw appError('PAC_NOT_CONFIGURED');
      const { periodo, today, fiscal } = await periodOf(userId, input);
      if (!fiscal.regimen_fiscal || !fiscal.codigo_postal_expedicion) {
        const faltan = [!fiscal.regimen_fiscal && 'régimen fiscal', !fiscal.codigo_postal_expedicion && 'código postal de expedición'].filter(Boolean).join(', ');
        throw appError('VALIDATION_ERROR', MSG.cfdi.emisorIncompleto(faltan));
      }
      if (periodo.periodicidad === '05' && fiscal.regimen_fiscal !== '621') throw appError('VALIDATION_ERROR', MSG.cfdi.globalBimestralSoloRif, 'periodicidad');
      if (periodo.hasta >= today) throw appError('VALIDATION_ERROR', MSG.cfdi.globalPeriodoFuturo, 'fecha');
      const now = new Date();
      const fecha = fechaDeExpedicion(now, fiscal.codigo_postal_expedicion);
      if (periodo.anio < Number(fecha.slice(0, 4)) - 1) throw appError('VALIDATION_ERROR', MSG.cfdi.globalAnio, 'fecha');
      const recibos = await receipts(userId, periodo.desde, periodo.hasta);
      if (recibos.length === 0) throw appError('VALIDATION_ERROR', MSG.cfdi.globalSinRecibos);
      if (recibos.length > GLOBAL_MAX_RECIBOS) throw appError('VALIDATION_ERROR', MSG.cfdi.globalDemasiados(GLOBAL_MAX_RECIBOS));
      const summary = summaryOf(periodo, recibos);
      const [{ siguiente }] = rowsOf<{ siguiente: number }>(
        await db.execute(sql`select coalesce(max(numero), 0) + 1 as siguiente from ${cfdiGlobales} where user_id = ${userId}`),
      ) as [{ siguiente: number }];
      const numero = Number(siguiente);
      const conceptos: Concepto[] = recibos.map((recibo) => ({
        claveProdServ: '01010101',
        noIdentificacion: recibo.numero_factura,
        claveUnidad: 'ACT',
        unidad: null,
        descripcion: 'Venta',
        valorUnitario: centavosOf(recibo.subtotal) ?? 0,
        iva: recibo.iva_aplicado,
      }));
      const { xml } = await deps.cfdi.sealIngreso(userId, {
        serie: 'GLO',
        folio: String(numero).padStart(4, '0'),
        fecha,
        formaPago: summary.forma_pago!,
        metodoPago: 'PUE',
        lugarExpedicion: fiscal.codigo_postal_expedicion,
        regimenFiscalEmisor: fiscal.regimen_fiscal,
        receptor: { ...PUBLICO_EN_GENERAL, domicilioFiscal: fiscal.codigo_postal_expedicion },
        informacionGlobal: { periodicidad: periodo.periodicidad, meses: periodo.meses, anio: periodo.anio },
        conceptos,
        impuestos: { iva: false, retencion: 'ninguna' },
      });
      let row: GlobalRow;
      try {
        row = await db.transaction(async (tx) => {
          const [inserted] = await tx
            .insert(cfdiGlobales)
            .values({
              userId,
              numero,
              periodicidad: periodo.periodicidad,
              meses: periodo.meses,
              anio: periodo.anio,
              desde: periodo.desde,
              hasta: periodo.hasta,
              total: summary.total,
              estado: 'pendiente',
              xml,
            })
            .returning();
          const ids = recibos.map((recibo) => recibo.id);
          // Claimed only if still free and paid: a receipt in another global, stamped or changed meanwhile refuses the whole.
          const claimed = await tx
            .update(facturas)
            .set({ facturaGlobalId: inserted!.id })
            .where(and(eq(facturas.userId, userId), inArray(facturas.id, ids), isNull(facturas.facturaGlobalId), eq(facturas.estado, 'pagada')))
            .returning({ id: facturas.id });
          if (claimed.length !== ids.length) throw appError('CFDI_CONFLICT', MSG.cfdi.globalCambio);
          for (const recibo of recibos) {
            await deps.history.record(tx, userId, {
              accion: 'editar',
              entidad: 'factura',
              entidadId: recibo.id,
              resumen: `Recibo ${recibo.numero_factura} incluido en la factura global ${numeroGlobal(numero)}`,
            });
          }
          return inserted!;
        });
      } catch (error) {
        // Two requests for the same lawyer's next number: the second is told to look again.
        if (!(error instanceof AppError) && /cfdi_globales_numero_idx|23505/.test(String((error as { cause?: unknown }).cause ?? error)))
          throw appError('CFDI_CONFLICT', MSG.cfdi.globalCambio);
        throw error;
      }
      const stamped = await send(userId, row);
      return toFacturaGlobal({ ...stamped, recibos: recibos.length });
    },

    /** 'Reintentar timbrado' of a global the PAC did not answer: the same XML and id. */
    async resume(userId: string, id: string): Promise<FacturaGlobal> {
      if (!(await deps.cfdi.hasPac(userId))) throw appError('PAC_NOT_CONFIGURED');
      const row = await owned(userId, id);
      if (row.estado !== 'pendiente') throw appError('CFDI_CONFLICT', MSG.cfdi.globalYaTimbrada);
      const stamped = await send(userId, row);
      return toFacturaGlobal({ ...stamped, recibos: await countOf(userId, id) });
    },

    /**
     * 'Cancelar factura global' with its motivo (MOTIVOS_CANCELACION_GLOBAL):
     * asked of the SAT through the PAC, then its status read once. A global to
     * público en general needs no receptor's acceptance, so it is usually
     * cancelled at once; one left in process is asked about again hourly.
     */
    async cancel(userId: string, id: string, input: { motivo: string }): Promise<FacturaGlobal> {
      const row = await owned(userId, id);
      if (row.estado !== 'vigente') throw appError('CFDI_CONFLICT', row.estado === 'pendiente' ? MSG.cfdi.sinTimbrar : MSG.cfdi.globalNoCancelable);
      const { acuse, codigo } = await deps.cfdi.cancel(userId, { uuid: row.uuid!, motivo: input.motivo, folioSustitucion: null });
      const motivo = MOTIVOS_CANCELACION_CFDI.find((item) => item.clave === input.motivo)!;
      let updated = await settle(
        userId,
        row,
        {
          // '202': the SAT had it cancelled already.
          estado: codigo === '202' ? 'cancelado' : 'cancelacion_en_proceso',
          motivoCancelacion: input.motivo,
          cancelacionSolicitadaAt: new Date(),
          acuseCancelacion: acuse,
        },
        `Cancelación de la factura global ${numeroGlobal(row.numero)} (${row.uuid}) solicitada al SAT: ${input.motivo} ${motivo.nombre}`,
      );
      // Cancelled at once or still in process: the SAT says which. Not answering is not an error here.
      updated = await refreshRow(userId, updated).catch(() => updated);
      return toFacturaGlobal({ ...updated, recibos: await countOf(userId, id) });
    },

    /** 'Consultar estado en el SAT'. */
    async refresh(userId: string, id: string): Promise<FacturaGlobal> {
      const row = await owned(userId, id);
      if (!row.uuid) throw appError('CFDI_CONFLICT', MSG.cfdi.sinTimbrar);
      const updated = await refreshRow(userId, row);
      return toFacturaGlobal({ ...updated, recibos: await countOf(userId, id) });
    },

    /** Hourly, beside the invoices' own: the globals whose cancellation is in process, asked about again (50 a pass). */
    async refreshCancellations(): Promise<{ userId: string; numero: string; uuid: string; estado: GlobalRow['estado']; estatusSat: string | null }[]> {
      const rows = await db.select().from(cfdiGlobales).where(eq(cfdiGlobales.estado, 'cancelacion_en_proceso')).orderBy(cfdiGlobales.cancelacionSolicitadaAt).limit(50);
      const ended = [];
      for (const row of rows) {
        try {
          const next = await refreshRow(row.userId, row);
          if (next.estado !== 'cancelacion_en_proceso')
            ended.push({ userId: row.userId, numero: numeroGlobal(row.numero), uuid: row.uuid!, estado: next.estado, estatusSat: next.estatusSat });
        } catch {
          // The SAT did not answer: asked again next hour.
        }
      }
      return ended;
    },

    /** Its stamped XML. */
    async xml(userId: string, id: string): Promise<{ name: string; xml: string }> {
      const row = await owned(userId, id);
      if (!row.uuid) throw appError('CFDI_CONFLICT', MSG.cfdi.sinTimbrar);
      return { name: `${numeroGlobal(row.numero)}-${row.uuid}.xml`, xml: row.xml };
    },

    /** Its printed version: the CFDI's fields, QR and seals, and every receipt it holds. */
    async pdf(userId: string, id: string): Promise<{ numero: string; bytes: Buffer }> {
      const row = await owned(userId, id);
      if (!row.uuid) throw appError('CFDI_CONFLICT', MSG.cfdi.sinTimbrar);
      const timbre = readTimbrado(row.xml);
      const cfdi: CfdiImpreso = printedOf(timbre, row.estado);
      const recibos = timbre.conceptos.map((concepto) => ({ numero: concepto.noIdentificacion ?? '', importe: concepto.importe }));
      const bytes = await deps.invoices.printGlobal(userId, {
        numero: numeroGlobal(row.numero),
        subtotal: timbre.comprobante.subTotal,
        total: timbre.comprobante.total,
        recibos,
        cfdi,
      });
      return { numero: numeroGlobal(row.numero), bytes };
    },
  };
  return service;
}

export type GlobalInvoiceService = ReturnType<typeof createGlobalInvoiceService>;
