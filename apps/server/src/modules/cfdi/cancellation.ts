import type { CfdiComprobante } from '@bufete/shared';
import { CFDI_ESTADO_LABEL, MOTIVOS_CANCELACION_CFDI, MSG } from '@bufete/shared';
import type { Database } from '../../db/client';
import { AppError, appError } from '../../http/errors';
import { toCfdiComprobante } from './comprobante-row';
import { estadoSegunSat, etiquetaSat } from './consulta-sat';
import type { StampingDeps } from './stamping-deps';
import type { CfdiRow, StampQueries } from './stamp-queries';
import { readTimbrado } from './timbre';

/**
 * 'Cancelar CFDI' and what follows it: the SAT asked through the PAC, its
 * status read once and then hourly while the receptor decides, a credit note
 * whose CFDI is cancelled taken back off the balance; each step in the
 * invoice's history.
 */
export function createCancellation(db: Database, deps: StampingDeps, queries: StampQueries, owned: (userId: string, facturaId: string, cfdiId: string) => Promise<CfdiRow>) {
  const cancellation = {
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
      updated = await cancellation.refreshRow(userId, updated, factura.numero_factura).catch(() => updated);
      return toCfdiComprobante(updated);
    },

    /** 'Consultar estado en el SAT'. */
    async refresh(userId: string, facturaId: string, cfdiId: string): Promise<CfdiComprobante> {
      const factura = await deps.invoices.get(userId, facturaId);
      const row = await owned(userId, facturaId, cfdiId);
      if (row.estado === 'pendiente') throw appError('CFDI_CONFLICT', MSG.cfdi.sinTimbrar);
      return toCfdiComprobante(await cancellation.refreshRow(userId, row, factura.numero_factura));
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
          const next = await cancellation.refreshRow(row.userId, row, factura.numero_factura);
          if (next.estado !== 'cancelacion_en_proceso')
            ended.push({ userId: row.userId, facturaId: row.facturaId, numero: factura.numero_factura, uuid: row.uuid!, estado: next.estado, estatusSat: next.estatusSat });
        } catch (error) {
          deps.logger.warn(`estado de una cancelación sin consultar (${row.id}): ${error instanceof AppError ? error.code : 'error'}`);
        }
      }
      return ended;
    },
  };
  return cancellation;
}
