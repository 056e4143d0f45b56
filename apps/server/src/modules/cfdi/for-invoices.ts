import type { Factura } from '@bufete/shared';
import { and, eq } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client';
import type { CfdiForInvoices, CfdiImpreso } from '../invoices/service';
import { toCfdiComprobante } from './comprobante-row';
import { numeroGlobal } from './global';
import { printedOf } from './printed';
import { cfdiGlobales } from './schema';
import { CFDI_COMPLEMENT_JOB, type StampingDeps } from './stamping-deps';
import { latestIngresoColumns, type StampQueries } from './stamp-queries';
import type { createSubstitutions } from './substitution';
import { readComprobante, readTimbrado } from './timbre';

/** What the invoices module reads of an invoice's CFDI (`CfdiForInvoices`, declared there). */
export function createCfdiForInvoices(db: Database, deps: StampingDeps, queries: StampQueries, substitutions: ReturnType<typeof createSubstitutions>): CfdiForInvoices {
  const { substitutionPair, substitutionState } = substitutions;
  return {
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
}
