import type { CaseContentCounts, Caso, CasoCreateOutput, CasoOption, CasoListQuery, CasoUpdateOutput, Page } from '@bufete/shared';
import { addDays, diaMx, SOON_DAYS } from '@bufete/shared';
import type { Database, Transaction } from '../../db/client';
import { containsPattern } from '../../db/paging';
import { notFound } from '../../http/errors';
import { type HistoryService, changesOf } from '../history/service';
import type { Logger } from '../../logger';
import type { ClientService } from '../clients/service';
import { toCaso } from './mappers';
import { createCaseQueries, type ListShape } from './queries';
import type { casos } from './schema';
import { alcanceDeLaLista } from '../../http/case-scope';

/**
 * A module whose records can belong to a case (documents, images, notes…).
 * The case module never reads or deletes their tables itself: it asks them.
 */
export interface CaseContentOwner {
  /** The key of the case's counts this module answers for. */
  readonly name: keyof CaseContentCounts;
  countForCase(userId: string, casoId: string): Promise<number>;
  /**
   * Removes the case's records inside the case's deletion transaction and
   * returns what must happen once it commits (removing stored files).
   */
  removeForCase(tx: Transaction, userId: string, casoId: string): Promise<() => Promise<void>>;
}

/** The history's names of a case's fields (its description keeps only its name: it can hold privileged detail). */
const CASE_FIELDS = {
  titulo: 'Título',
  descripcion: 'Descripción',
  estado: 'Estado',
  prioridad: 'Prioridad',
  cliente: 'Cliente',
  fecha_vencimiento: 'Fecha de vencimiento',
  expediente: 'Expediente',
  juzgado: 'Juzgado',
  secretaria: 'Secretaría',
  materia: 'Materia',
} as const;
const caseAsRecorded = (caso: Caso) => ({ ...caso, cliente: caso.cliente?.nombre ?? null, fecha_vencimiento: caso.fecha_vencimiento ? diaMx(caso.fecha_vencimiento) : null });

/** Who may answer for a case: its despacho's people (modules/team, given by app.ts). */
export interface CasePeople {
  /** Throws a Spanish 400 on `campo` unless each person is the despacho's titular or one of its members. */
  assertInDespacho(despachoId: string, personIds: string[], campo: 'responsable_id' | 'asignados' | 'asignado_id'): Promise<void>;
}

export function createCaseService(
  db: Database,
  deps: { clients: ClientService; logger: Logger; today: (userId: string) => Promise<string>; history: HistoryService; people: CasePeople },
) {
  const owners: CaseContentOwner[] = [];
  const queries = createCaseQueries(db);

  async function getOwned(userId: string, id: string): Promise<Caso> {
    const row = await queries.row(userId, id);
    if (!row) throw notFound();
    return toCaso(row);
  }

  return {
    /** Documents, images and notes register here, so counting and deleting a case's content goes through them. */
    registerContent(owner: CaseContentOwner) {
      owners.push(owner);
    },

    /**
     * Newest first, or by the nearest due date; search in the title, the
     * expediente, the court, the other party or the client's name; filters by
     * state, priority, client and due date (past due / within 7 days, both
     * among open cases, counted in the lawyer's time zone); keyset-paged.
     */
    /** `personId`: who asks ('Míos' are theirs). */
    async list(userId: string, query: CasoListQuery, personId = userId): Promise<Page<Caso>> {
      const paging = queries.pagingOf(query.orden);
      const alcance = alcanceDeLaLista();
      const shape: ListShape = {
        orden: query.orden,
        estado: !!query.estado,
        prioridad: !!query.prioridad,
        cliente: !!query.cliente_id,
        vencimiento: query.vencimiento ?? null,
        q: !!query.q,
        mios: query.mios === '1',
        asignados: alcance.asignados,
        cursor: !!query.cursor,
      };
      const today = query.vencimiento ? await deps.today(userId) : null;
      const rows = await queries.page(shape, {
        userId,
        estado: query.estado,
        prioridad: query.prioridad,
        clienteId: query.cliente_id,
        today,
        soon: today ? addDays(today, SOON_DAYS) : null,
        pattern: query.q ? containsPattern(query.q) : null,
        personId,
        casosVisibles: alcance.casosVisibles,
        limit: query.limit + 1,
        ...(query.cursor ? paging.cursorValues(query.cursor) : {}),
      });
      return paging.page(rows, query.limit, toCaso);
    },

    get: getOwned,

    /** Throws 404 unless the case exists and belongs to the user. */
    async assertOwned(userId: string, id: string): Promise<void> {
      if (!(await queries.exists(userId, id))) throw notFound();
    },

    /** The newest cases (the assistant's context picker). */
    recent: (userId: string, limit: number) => queries.recent(userId, limit),

    /** The cases a person of the despacho works on (responsible or assigned): a pasante's, and everyone's 'Míos'. */
    casosDeLaPersona: (userId: string, personaId: string) => queries.casosDeLaPersona(userId, personaId),

    /** id and titulo of every case, by title: the pickers and filters of other screens. */
    options: (userId: string): Promise<CasoOption[]> => queries.options(userId),

    /** The lawyer's open cases with an expediente (court, other party, client): a bulletin is read against them. */
    async inCourt(userId: string) {
      return (await queries.inCourt(userId)).map((row) => ({ ...row, expediente: row.expediente! }));
    },

    async create(userId: string, input: CasoCreateOutput): Promise<Caso> {
      if (input.cliente_id) await deps.clients.assertOwned(userId, input.cliente_id);
      if (input.responsable_id) await deps.people.assertInDespacho(userId, [input.responsable_id], 'responsable_id');
      await deps.people.assertInDespacho(userId, input.asignados, 'asignados');
      const id = await db.transaction(async (tx) => {
        const id = await queries.insert(userId, input, tx);
        await queries.setAsignados(tx, userId, id, input.asignados);
        return id;
      });
      const caso = await getOwned(userId, id);
      await deps.history.record(db, userId, {
        accion: 'crear',
        entidad: 'caso',
        entidadId: caso.id,
        casoId: caso.id,
        resumen: `Caso «${caso.titulo.slice(0, 120)}» creado`,
        cambios: changesOf(null, caseAsRecorded(caso), CASE_FIELDS, ['descripcion']),
      });
      return caso;
    },

    async update(userId: string, id: string, input: CasoUpdateOutput): Promise<Caso> {
      if (input.cliente_id) await deps.clients.assertOwned(userId, input.cliente_id);
      if (input.responsable_id) await deps.people.assertInDespacho(userId, [input.responsable_id], 'responsable_id');
      if (input.asignados) await deps.people.assertInDespacho(userId, input.asignados, 'asignados');
      const values: Partial<typeof casos.$inferInsert> = { updatedAt: new Date() };
      if (input.titulo !== undefined) values.titulo = input.titulo;
      if (input.descripcion !== undefined) values.descripcion = input.descripcion;
      if (input.estado !== undefined) values.estado = input.estado;
      if (input.prioridad !== undefined) values.prioridad = input.prioridad;
      if (input.cliente_id !== undefined) values.clienteId = input.cliente_id;
      if (input.fecha_vencimiento !== undefined) values.fechaVencimiento = input.fecha_vencimiento;
      if (input.expediente !== undefined) values.expediente = input.expediente;
      if (input.juzgado !== undefined) values.juzgado = input.juzgado;
      if (input.secretaria !== undefined) values.secretaria = input.secretaria;
      if (input.materia !== undefined) values.materia = input.materia;
      if (input.responsable_id !== undefined) values.responsableId = input.responsable_id;
      const before = await getOwned(userId, id);
      await db.transaction(async (tx) => {
        if (!(await queries.update(userId, id, values, tx))) throw notFound();
        if (input.asignados) await queries.setAsignados(tx, userId, id, input.asignados);
      });
      const after = await getOwned(userId, id);
      const cambios = changesOf(caseAsRecorded(before), caseAsRecorded(after), CASE_FIELDS, ['descripcion']);
      if (cambios.length)
        await deps.history.record(db, userId, { accion: 'editar', entidad: 'caso', entidadId: id, casoId: id, resumen: `Caso «${after.titulo.slice(0, 120)}» editado`, cambios });
      return after;
    },

    /** 'Historial' of the case: its changes and those of its records (the lawyer's only: 404 for another's). */
    async history(userId: string, id: string, query: { cursor?: number; limit: number }) {
      await this.assertOwned(userId, id);
      return deps.history.page(userId, { casoId: id, cursor: query.cursor, limit: query.limit });
    },

    /** How many documents, images and notes belong to the case (tab counts, delete confirmation). */
    async counts(userId: string, id: string): Promise<CaseContentCounts> {
      await this.assertOwned(userId, id);
      const counts: CaseContentCounts = { documentos: 0, imagenes: 0, notas: 0, actuaciones: 0 };
      for (const owner of owners) counts[owner.name] = await owner.countForCase(userId, id);
      return counts;
    },

    /**
     * Deletes the case with what belongs to it: each owner removes its rows in
     * one transaction with the case, then their stored files once it commits,
     * so nothing is left behind and no row points at a missing file.
     */
    async remove(userId: string, id: string): Promise<void> {
      const { titulo } = await getOwned(userId, id);
      const afterCommit = await db.transaction(async (tx) => {
        if (!(await queries.lock(tx, userId, id))) throw notFound();
        const cleanups: (() => Promise<void>)[] = [];
        for (const owner of owners) cleanups.push(await owner.removeForCase(tx, userId, id));
        await queries.delete(tx, userId, id);
        await deps.history.record(tx, userId, {
          accion: 'eliminar',
          entidad: 'caso',
          entidadId: id,
          casoId: id,
          resumen: `Caso «${titulo.slice(0, 120)}» eliminado con sus documentos, imágenes y notas`,
        });
        return cleanups;
      });
      for (const cleanup of afterCommit) {
        await cleanup().catch((error: unknown) => deps.logger.error(`No se pudieron borrar los archivos del caso ${id}`, error));
      }
    },
  };
}

export type CaseService = ReturnType<typeof createCaseService>;
