import type { Entrada } from '@bufete/shared';
import { centavosOf, diaMx, formatMXN, MSG, moneyString } from '@bufete/shared';
import type { Database, Transaction } from '../../db/client';
import { appError, notFound } from '../../http/errors';
import { type HistoryService, changesOf } from '../history/service';
import type { CaseService } from '../cases/service';
import type { ProfileService } from '../profile/service';
import { toEntrada } from './mappers';
import { createTimeQueries } from './queries';

/** A timer longer than a day is a forgotten one: it counts as a day at most. */
const TIMER_MAX_HUNDREDTHS = 2400;
const LIST_MAX = 500;

/**
 * Billable time: manual entries (editable until billed) and a server-side
 * timer per lawyer (it survives reloads and other devices). Invoices bill
 * entries through `claimForInvoice`, in the invoice's own transaction, and a
 * cancelled invoice gives them back with `releaseForInvoice`.
 */
/** The history's names of a time entry's fields. */
const ENTRY_FIELDS = { fecha: 'Fecha', horas: 'Horas', descripcion: 'Descripción', tarifa_por_hora: 'Tarifa por hora' } as const;
const entryAsRecorded = (entrada: Entrada) => ({
  fecha: diaMx(entrada.fecha),
  horas: entrada.horas,
  descripcion: entrada.descripcion,
  tarifa_por_hora: entrada.tarifa_por_hora === null ? null : formatMXN(entrada.tarifa_por_hora),
});

export function createTimeService(db: Database, deps: { cases: CaseService; profiles: ProfileService; history: HistoryService }) {
  const record = (userId: string, accion: string, entrada: Entrada, resumen: string, cambios?: ReturnType<typeof changesOf>) =>
    deps.history.record(db, userId, { accion, entidad: 'tiempo', entidadId: entrada.id, casoId: entrada.caso?.id ?? null, resumen, cambios });
  const queries = createTimeQueries(db, { listMax: LIST_MAX });

  async function one(userId: string, id: string): Promise<Entrada> {
    const row = await queries.entry(userId, id);
    if (!row) throw notFound();
    return toEntrada(row);
  }

  /** The lawyer's default rate (Configuración → Perfil), in centavos; null while none is saved. */
  async function defaultRate(userId: string): Promise<number | null> {
    return centavosOf((await deps.profiles.fiscalOf(userId)).tarifa_hora);
  }

  /**
   * The rate of an entry typed in a form: the one given, else the lawyer's
   * default, else the form asks for it right there (its field is beside it).
   */
  async function rateOf(userId: string, given: number | null): Promise<number> {
    const rate = given ?? (await defaultRate(userId));
    if (rate === null) throw appError('VALIDATION_ERROR', `${MSG.time.tarifaInvalida} (o define tu tarifa por hora en Configuración)`, 'tarifa_por_hora');
    return rate;
  }

  async function insertEntry(userId: string, input: { caso_id: string; fecha: string; centihoras: number; descripcion: string; tarifa: number | null }): Promise<Entrada> {
    const caso = await deps.cases.get(userId, input.caso_id);
    const id = await queries.insert(userId, {
      casoId: caso.id,
      clienteId: caso.cliente_id,
      fecha: input.fecha,
      centihoras: input.centihoras,
      descripcion: input.descripcion,
      tarifaPorHora: input.tarifa === null ? null : moneyString(input.tarifa),
    });
    return one(userId, id);
  }

  return {
    async list(userId: string, query: { caso_id?: string; cliente_id?: string; sin_facturar?: '0' | '1' }): Promise<Entrada[]> {
      const rows = await queries.entries(userId, { casoId: query.caso_id, clienteId: query.cliente_id, unbilled: query.sin_facturar === '1' });
      return rows.map(toEntrada);
    },

    async create(userId: string, input: { caso_id: string; fecha: string; horas: number; descripcion: string; tarifa_por_hora: number | null }): Promise<Entrada> {
      const entrada = await insertEntry(userId, {
        caso_id: input.caso_id,
        fecha: input.fecha,
        centihoras: input.horas,
        descripcion: input.descripcion,
        tarifa: await rateOf(userId, input.tarifa_por_hora),
      });
      await record(userId, 'crear', entrada, `Tiempo registrado: ${entrada.horas} h el ${diaMx(entrada.fecha)}`, changesOf(null, entryAsRecorded(entrada), ENTRY_FIELDS));
      return entrada;
    },

    /** An unbilled entry's day, hours, description and rate; a billed one stays as billed (409). */
    async update(userId: string, id: string, input: { fecha: string; horas: number; descripcion: string; tarifa_por_hora: number | null }): Promise<Entrada> {
      const before = await one(userId, id);
      if (before.factura) throw appError('ENTRY_BILLED');
      const tarifa = await rateOf(userId, input.tarifa_por_hora);
      const updated = await queries.updateUnbilled(userId, id, { fecha: input.fecha, centihoras: input.horas, descripcion: input.descripcion, tarifaPorHora: moneyString(tarifa) });
      // Billed between the read and the write.
      if (!updated) throw appError('ENTRY_BILLED');
      const after = await one(userId, id);
      const cambios = changesOf(entryAsRecorded(before), entryAsRecorded(after), ENTRY_FIELDS);
      if (cambios.length) await record(userId, 'editar', after, `Tiempo del ${diaMx(after.fecha)} editado`, cambios);
      return after;
    },

    /** The rate of unbilled entries kept without one ('Facturar tiempo' asks it first); entries with a rate keep theirs. */
    async setMissingRate(userId: string, input: { entrada_ids: string[]; tarifa_por_hora: number }): Promise<Entrada[]> {
      const ids = [...new Set(input.entrada_ids)];
      const before = new Map((await queries.entriesById(userId, ids)).map((row) => [row.entry.id, toEntrada(row)]));
      if (before.size !== ids.length) throw notFound();
      const changed = await queries.setMissingRate(userId, ids, moneyString(input.tarifa_por_hora));
      const after = (await queries.entriesById(userId, ids)).map(toEntrada);
      for (const entrada of after.filter((entry) => changed.includes(entry.id))) {
        await record(
          userId,
          'editar',
          entrada,
          `Tiempo del ${diaMx(entrada.fecha)}: tarifa por hora definida`,
          changesOf(entryAsRecorded(before.get(entrada.id)!), entryAsRecorded(entrada), ENTRY_FIELDS),
        );
      }
      return after;
    },

    async remove(userId: string, id: string): Promise<void> {
      const entry = await one(userId, id);
      if (entry.factura) throw appError('ENTRY_BILLED');
      await queries.deleteUnbilled(userId, id);
      await record(userId, 'eliminar', entry, `Tiempo del ${diaMx(entry.fecha)} eliminado (${entry.horas} h)`);
    },

    async timer(userId: string) {
      const row = await queries.timer(userId);
      return row ? { caso: { id: row.timer.casoId, titulo: row.casoTitulo }, descripcion: row.timer.descripcion, iniciado: row.timer.iniciado.toISOString() } : null;
    },

    /** One timer at a time per lawyer. */
    async startTimer(userId: string, input: { caso_id: string; descripcion: string | null }) {
      await deps.cases.assertOwned(userId, input.caso_id);
      if (!(await queries.startTimer(userId, input.caso_id, input.descripcion))) throw appError('TIMER_RUNNING');
      return (await this.timer(userId))!;
    },

    /**
     * Stops the timer, always: the time becomes an entry, rounded up to the
     * next quarter hour (at least one). Without a saved rate the entry keeps
     * none: the screen asks for it now, and billing asks again if left blank.
     */
    async stopTimer(userId: string, input: { descripcion: string | null }): Promise<Entrada> {
      const tarifa = await defaultRate(userId);
      const timer = await queries.takeTimer(userId);
      if (!timer) throw appError('NO_TIMER');
      const minutes = Math.max(1, Math.ceil((Date.now() - timer.iniciado.getTime()) / 60_000));
      const centihoras = Math.min(TIMER_MAX_HUNDREDTHS, Math.ceil(minutes / 15) * 25);
      const entrada = await insertEntry(userId, {
        caso_id: timer.casoId,
        fecha: await deps.profiles.today(userId),
        centihoras,
        descripcion: input.descripcion || timer.descripcion || 'Trabajo en el caso',
        tarifa,
      });
      await record(
        userId,
        'crear',
        entrada,
        `Tiempo registrado con el temporizador: ${entrada.horas} h el ${diaMx(entrada.fecha)}`,
        changesOf(null, entryAsRecorded(entrada), ENTRY_FIELDS),
      );
      return entrada;
    },

    async discardTimer(userId: string): Promise<void> {
      await queries.takeTimer(userId);
    },

    /**
     * 'Facturar tiempo', the time side: inside the invoice's transaction, the
     * chosen entries are locked, checked (the lawyer's, unbilled, all of the
     * invoice's client) and marked billed by it. An entry billed meanwhile
     * makes the whole invoice a 409: nothing half-done, nothing billed twice.
     */
    async claimForInvoice(tx: Transaction, userId: string, input: { ids: string[]; facturaId: string; clienteId: string | null }): Promise<void> {
      if (input.ids.length === 0) return;
      const entries = await queries.entriesForUpdate(tx, userId, input.ids);
      if (entries.length !== input.ids.length) throw notFound();
      if (entries.some((entry) => entry.facturaId)) throw appError('ALREADY_BILLED');
      if (entries.some((entry) => entry.tarifaPorHora === null)) throw appError('VALIDATION_ERROR', MSG.time.sinTarifa);
      if (new Set(entries.map((entry) => entry.clienteId)).size > 1) throw appError('VALIDATION_ERROR', MSG.invoices.clientesDistintos);
      if (entries[0]!.clienteId !== input.clienteId) throw appError('VALIDATION_ERROR', MSG.invoices.clienteDeLasEntradas, 'cliente_id');
      await queries.markBilled(tx, userId, input.ids, input.facturaId);
    },

    /** A cancelled invoice gives its time back: its entries are unbilled again (in the cancellation's transaction). Returns how many. */
    releaseForInvoice: queries.unbill,

    /** A replaced invoice's entries are billed by its replacement (in the sustitución's transaction). */
    moveToInvoice: queries.rebill,

    /** The entries an invoice bills, oldest first (its receipt lists them all). */
    async entriesOfInvoice(userId: string, facturaId: string): Promise<Entrada[]> {
      return (await queries.entriesOfInvoice(userId, facturaId)).map(toEntrada);
    },
  };
}

export type TimeService = ReturnType<typeof createTimeService>;
