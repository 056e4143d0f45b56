import type { CaseContentCounts, Caso, CasoCreateOutput, CasoEstado, CasoOption, CasoListQuery, CasoPrioridad, CasoUpdateOutput, Materia, Page } from '@bufete/shared';
import { addDays, SOON_DAYS } from '@bufete/shared';
import { and, asc, desc, eq, or, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client';
import { isoInstant } from '../../db/columns';
import { containsPattern, keyset } from '../../db/paging';
import { preparedByShape, statementName, withFlatRows } from '../../db/prepared';
import { notFound } from '../../http/errors';
import type { Logger } from '../../logger';
import type { ClientService } from '../clients/service';
import { clientes } from '../clients/schema';
import { casos } from './schema';

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

const selection = {
  id: casos.id,
  titulo: casos.titulo,
  descripcion: casos.descripcion,
  estado: casos.estado,
  prioridad: casos.prioridad,
  clienteId: casos.clienteId,
  fechaVencimiento: casos.fechaVencimiento,
  expediente: casos.expediente,
  juzgado: casos.juzgado,
  contraparte: casos.contraparte,
  materia: casos.materia,
  createdAt: isoInstant(casos.createdAt),
  updatedAt: isoInstant(casos.updatedAt),
  clienteNombre: clientes.nombre,
  clienteEmail: clientes.email,
};

type Row = {
  id: string;
  titulo: string;
  descripcion: string | null;
  estado: CasoEstado;
  prioridad: CasoPrioridad;
  clienteId: string | null;
  fechaVencimiento: string | null;
  expediente: string | null;
  juzgado: string | null;
  contraparte: string | null;
  materia: Materia | null;
  createdAt: string;
  updatedAt: string;
  clienteNombre: string | null;
  clienteEmail: string | null;
};

function toCaso(row: Row): Caso {
  return {
    id: row.id,
    titulo: row.titulo,
    descripcion: row.descripcion,
    estado: row.estado,
    prioridad: row.prioridad,
    cliente_id: row.clienteId,
    fecha_vencimiento: row.fechaVencimiento,
    expediente: row.expediente,
    juzgado: row.juzgado,
    contraparte: row.contraparte,
    materia: row.materia,
    created_at: row.createdAt,
    updated_at: row.updatedAt,
    cliente: row.clienteId && row.clienteNombre !== null ? { id: row.clienteId, nombre: row.clienteNombre, email: row.clienteEmail } : null,
  };
}

/** Same expression as the trigram index casos_search_idx: the title and the case's identity in court. */
const searchText = sql`lower(${casos.titulo} || ' ' || coalesce(${casos.expediente}, '') || ' ' || coalesce(${casos.juzgado}, '') || ' ' || coalesce(${casos.contraparte}, ''))`;
/** The due date for ordering: cases without one come last (same expression as casos_user_due_idx). */
const dueSort = sql`coalesce(${casos.fechaVencimiento}, '9999-12-31'::date)`;
/** Which optional parts a case-list query has: one prepared statement each. */
interface ListShape {
  orden: CasoListQuery['orden'];
  estado: boolean;
  prioridad: boolean;
  cliente: boolean;
  vencimiento: CasoListQuery['vencimiento'] | null;
  q: boolean;
  cursor: boolean;
}

const newest = keyset({ sort: casos.createdAt, id: casos.id, order: 'desc', kind: 'timestamp' });
const nearestDue = keyset({ sort: dueSort, id: casos.id, order: 'asc', kind: 'date' });

export function createCaseService(db: Database, deps: { clients: ClientService; logger: Logger; today: (userId: string) => Promise<string> }) {
  const owners: CaseContentOwner[] = [];

  /** One query with the client joined (no N+1); the join is scoped by user too. */
  const baseSelect = (paging: typeof newest = newest) =>
    db
      .select({ ...selection, cursorKey: paging.cursorKey })
      .from(casos)
      .leftJoin(clientes, and(eq(clientes.id, casos.clienteId), eq(clientes.userId, casos.userId)));

  async function getOwned(userId: string, id: string): Promise<Caso> {
    const [row] = await baseSelect().where(and(eq(casos.id, id), eq(casos.userId, userId))).limit(1);
    if (!row) throw notFound();
    return toCaso(row);
  }

  /**
   * The case list, prepared once per combination of its options (db/prepared.ts):
   * newest first or by the nearest due date; search in the title, the
   * expediente, the court, the other party or the client's name; filters by
   * state, priority, client and due date (past due / within 7 days, both among
   * open cases, counted in the lawyer's time zone); keyset-paged.
   */
  const listStatement = preparedByShape((key) => {
    const shape = JSON.parse(key) as ListShape;
    const paging = shape.orden === 'vencimiento' ? nearestDue : newest;
    const value = sql.placeholder;
    const open = sql`${casos.estado} <> 'Cerrado'`;
    const due =
      shape.vencimiento === 'vencidos'
        ? and(sql`${casos.fechaVencimiento} < ${value('today')}::date`, open)
        : shape.vencimiento === 'proximos'
          ? and(sql`${casos.fechaVencimiento} between ${value('today')}::date and ${value('soon')}::date`, open)
          : undefined;
    const statement = baseSelect(paging)
      .where(
        and(
          eq(casos.userId, value('userId')),
          shape.estado ? eq(casos.estado, value('estado')) : undefined,
          shape.prioridad ? eq(casos.prioridad, value('prioridad')) : undefined,
          shape.cliente ? eq(casos.clienteId, value('clienteId')) : undefined,
          due,
          shape.q ? or(sql`${searchText} like ${value('pattern')}`, sql`lower(${clientes.nombre}) like ${value('pattern')}`) : undefined,
          shape.cursor ? paging.afterPlaceholders() : undefined,
        ),
      )
      .orderBy(...paging.orderBy)
      .limit(value('limit'))
      .prepare(statementName('casos_lista', key));
    return withFlatRows(statement);
  });

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
    async list(userId: string, query: CasoListQuery): Promise<Page<Caso>> {
      const paging = query.orden === 'vencimiento' ? nearestDue : newest;
      const shape: ListShape = {
        orden: query.orden,
        estado: !!query.estado,
        prioridad: !!query.prioridad,
        cliente: !!query.cliente_id,
        vencimiento: query.vencimiento ?? null,
        q: !!query.q,
        cursor: !!query.cursor,
      };
      const today = query.vencimiento ? await deps.today(userId) : null;
      const rows = await listStatement(JSON.stringify(shape)).execute({
        userId,
        estado: query.estado,
        prioridad: query.prioridad,
        clienteId: query.cliente_id,
        today,
        soon: today ? addDays(today, SOON_DAYS) : null,
        pattern: query.q ? containsPattern(query.q) : null,
        limit: query.limit + 1,
        ...(query.cursor ? paging.cursorValues(query.cursor) : {}),
      });
      return paging.page(rows, query.limit, toCaso);
    },

    get: getOwned,

    /** Throws 404 unless the case exists and belongs to the user. */
    async assertOwned(userId: string, id: string): Promise<void> {
      const [row] = await db.select({ id: casos.id }).from(casos).where(and(eq(casos.id, id), eq(casos.userId, userId))).limit(1);
      if (!row) throw notFound();
    },

    /** The newest cases (the assistant's context picker). */
    async recent(userId: string, limit: number) {
      return db
        .select({ id: casos.id, titulo: casos.titulo, estado: casos.estado, createdAt: casos.createdAt })
        .from(casos)
        .where(eq(casos.userId, userId))
        .orderBy(desc(casos.createdAt), desc(casos.id))
        .limit(limit);
    },

    /** id and titulo of every case, by title: the pickers and filters of other screens. */
    async options(userId: string): Promise<CasoOption[]> {
      return db
        .select({ id: casos.id, titulo: casos.titulo, estado: casos.estado, cliente_id: casos.clienteId })
        .from(casos)
        .where(eq(casos.userId, userId))
        .orderBy(asc(casos.titulo))
        .limit(5000);
    },

    async create(userId: string, input: CasoCreateOutput): Promise<Caso> {
      if (input.cliente_id) await deps.clients.assertOwned(userId, input.cliente_id);
      const [row] = await db
        .insert(casos)
        .values({
          userId,
          titulo: input.titulo,
          descripcion: input.descripcion,
          estado: input.estado,
          prioridad: input.prioridad,
          clienteId: input.cliente_id,
          fechaVencimiento: input.fecha_vencimiento,
          expediente: input.expediente,
          juzgado: input.juzgado,
          contraparte: input.contraparte,
          materia: input.materia,
        })
        .returning({ id: casos.id });
      return getOwned(userId, row!.id);
    },

    async update(userId: string, id: string, input: CasoUpdateOutput): Promise<Caso> {
      if (input.cliente_id) await deps.clients.assertOwned(userId, input.cliente_id);
      const values: Partial<typeof casos.$inferInsert> = { updatedAt: new Date() };
      if (input.titulo !== undefined) values.titulo = input.titulo;
      if (input.descripcion !== undefined) values.descripcion = input.descripcion;
      if (input.estado !== undefined) values.estado = input.estado;
      if (input.prioridad !== undefined) values.prioridad = input.prioridad;
      if (input.cliente_id !== undefined) values.clienteId = input.cliente_id;
      if (input.fecha_vencimiento !== undefined) values.fechaVencimiento = input.fecha_vencimiento;
      if (input.expediente !== undefined) values.expediente = input.expediente;
      if (input.juzgado !== undefined) values.juzgado = input.juzgado;
      if (input.contraparte !== undefined) values.contraparte = input.contraparte;
      if (input.materia !== undefined) values.materia = input.materia;
      const updated = await db
        .update(casos)
        .set(values)
        .where(and(eq(casos.id, id), eq(casos.userId, userId)))
        .returning({ id: casos.id });
      if (updated.length === 0) throw notFound();
      return getOwned(userId, id);
    },

    /** How many documents, images and notes belong to the case (tab counts, delete confirmation). */
    async counts(userId: string, id: string): Promise<CaseContentCounts> {
      await this.assertOwned(userId, id);
      const counts: CaseContentCounts = { documentos: 0, imagenes: 0, notas: 0 };
      for (const owner of owners) counts[owner.name] = await owner.countForCase(userId, id);
      return counts;
    },

    /**
     * Deletes the case with what belongs to it: each owner removes its rows in
     * one transaction with the case, then their stored files once it commits,
     * so nothing is left behind and no row points at a missing file.
     */
    async remove(userId: string, id: string): Promise<void> {
      const afterCommit = await db.transaction(async (tx) => {
        const [row] = await tx.select({ id: casos.id }).from(casos).where(and(eq(casos.id, id), eq(casos.userId, userId))).for('update');
        if (!row) throw notFound();
        const cleanups: (() => Promise<void>)[] = [];
        for (const owner of owners) cleanups.push(await owner.removeForCase(tx, userId, id));
        await tx.delete(casos).where(and(eq(casos.id, id), eq(casos.userId, userId)));
        return cleanups;
      });
      for (const cleanup of afterCommit) {
        await cleanup().catch((error: unknown) => deps.logger.error(`No se pudieron borrar los archivos del caso ${id}`, error));
      }
    },
  };
}

export type CaseService = ReturnType<typeof createCaseService>;
