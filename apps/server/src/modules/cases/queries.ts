import type { CasoCreateOutput, CasoOption, CasoListQuery } from '@bufete/shared';
import { and, asc, desc, eq, isNotNull, ne, or, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client';
import { isoInstant } from '../../db/columns';
import { keyset } from '../../db/paging';
import { preparedByShape, statementName, withFlatRows } from '../../db/prepared';
import { clientes } from '../clients/schema';
import type { CasoRow } from './mappers';
import { casoAsignados, casos } from './schema';
import { soloCasosVisibles, soloCasosVisiblesPreparado } from '../../http/case-scope';

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
  secretaria: casos.secretaria,
  materia: casos.materia,
  createdAt: isoInstant(casos.createdAt),
  updatedAt: isoInstant(casos.updatedAt),
  clienteNombre: clientes.nombre,
  clienteEmail: clientes.email,
  responsableId: casos.responsableId,
  // The person's name as their own profile says it (their account's name until they fill it).
  responsableNombre: sql<
    string | null
  >`(select coalesce(nullif(trim(concat_ws(' ', p.nombre, p.apellido)), ''), u.name) from users u left join profiles p on p.id = u.id where u.id = ${casos.responsableId})`,
  // The assigned members the same way, by name (an index lookup that finds nothing for a lawyer alone).
  asignados: sql<
    { id: string; nombre: string }[]
  >`(select coalesce(json_agg(json_build_object('id', u.id, 'nombre', coalesce(nullif(trim(concat_ws(' ', p.nombre, p.apellido)), ''), u.name)) order by u.name), '[]'::json)
    from ${casoAsignados} a join users u on u.id = a.persona_id left join profiles p on p.id = u.id where a.caso_id = ${casos.id})`,
};

/** Same expression as the trigram index casos_search_idx: the title and the case's identity in court. */
const searchText = sql`lower(${casos.titulo} || ' ' || coalesce(${casos.expediente}, '') || ' ' || coalesce(${casos.juzgado}, '') || ' ' || coalesce(${casos.partesTexto}, ''))`;
/** The due date for ordering: cases without one come last (same expression as casos_user_due_idx). */
const dueSort = sql`coalesce(${casos.fechaVencimiento}, '9999-12-31'::date)`;
/** Which optional parts a case-list query has: one prepared statement each. */
export interface ListShape {
  orden: CasoListQuery['orden'];
  estado: boolean;
  prioridad: boolean;
  cliente: boolean;
  vencimiento: CasoListQuery['vencimiento'] | null;
  q: boolean;
  /** 'Míos': the person's own. */
  mios: boolean;
  /** A pasante's list: only their cases. */
  asignados: boolean;
  cursor: boolean;
}

const newest = keyset({ sort: casos.createdAt, id: casos.id, order: 'desc', kind: 'timestamp' });
const nearestDue = keyset({ sort: dueSort, id: casos.id, order: 'asc', kind: 'date' });

/** Cases' SQL, always by their lawyer; the client joined in the same query, scoped by lawyer too (no N+1). */
export function createCaseQueries(db: Database) {
  const baseSelect = (paging: typeof newest = newest) =>
    db
      .select({ ...selection, cursorKey: paging.cursorKey })
      .from(casos)
      .leftJoin(clientes, and(eq(clientes.id, casos.clienteId), eq(clientes.userId, casos.userId)));

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
          shape.mios ? eq(casos.responsableId, value('personId')) : undefined,
          shape.asignados ? soloCasosVisiblesPreparado(casos.id) : undefined,
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
    pagingOf: (orden: CasoListQuery['orden']) => (orden === 'vencimiento' ? nearestDue : newest),
    /** One page of the list for `shape`, with the values of its placeholders. */
    page: (shape: ListShape, values: Record<string, unknown>) => listStatement(JSON.stringify(shape)).execute(values),

    async row(userId: string, id: string): Promise<CasoRow | undefined> {
      const [row] = await baseSelect()
        .where(and(eq(casos.id, id), eq(casos.userId, userId)))
        .limit(1);
      return row;
    },

    async exists(userId: string, id: string): Promise<boolean> {
      const [row] = await db
        .select({ id: casos.id })
        .from(casos)
        .where(and(eq(casos.id, id), eq(casos.userId, userId)))
        .limit(1);
      return !!row;
    },

    recent(userId: string, limit: number) {
      return db
        .select({ id: casos.id, titulo: casos.titulo, estado: casos.estado, createdAt: casos.createdAt })
        .from(casos)
        .where(eq(casos.userId, userId))
        .orderBy(desc(casos.createdAt), desc(casos.id))
        .limit(limit);
    },

    /** The open cases with an expediente, with their court, parties and client: what a bulletin is read against. */
    inCourt(userId: string) {
      return db
        .select({ id: casos.id, titulo: casos.titulo, expediente: casos.expediente, juzgado: casos.juzgado, partes: casos.partesTexto, cliente: clientes.nombre })
        .from(casos)
        .leftJoin(clientes, and(eq(clientes.id, casos.clienteId), eq(clientes.userId, casos.userId)))
        .where(and(eq(casos.userId, userId), ne(casos.estado, 'Cerrado'), isNotNull(casos.expediente), soloCasosVisibles(casos.id)));
    },

    options(userId: string): Promise<CasoOption[]> {
      return db
        .select({ id: casos.id, titulo: casos.titulo, estado: casos.estado, cliente_id: casos.clienteId })
        .from(casos)
        .where(and(eq(casos.userId, userId), soloCasosVisibles(casos.id)))
        .orderBy(asc(casos.titulo))
        .limit(5000);
    },

    /** The cases of the despacho a person works on: those they answer for and those assigned to them. */
    async casosDeLaPersona(userId: string, personaId: string): Promise<string[]> {
      const rows = await db
        .select({ id: casos.id })
        .from(casos)
        .where(and(eq(casos.userId, userId), eq(casos.responsableId, personaId)))
        .union(
          db
            .select({ id: casoAsignados.casoId })
            .from(casoAsignados)
            .where(and(eq(casoAsignados.userId, userId), eq(casoAsignados.personaId, personaId))),
        );
      return rows.map((row) => row.id);
    },

    /** Replaces who is assigned to a case (the whole list). */
    async setAsignados(tx: Transaction, userId: string, casoId: string, personas: string[]): Promise<void> {
      await tx.delete(casoAsignados).where(and(eq(casoAsignados.userId, userId), eq(casoAsignados.casoId, casoId)));
      if (personas.length) await tx.insert(casoAsignados).values(personas.map((personaId) => ({ userId, casoId, personaId })));
    },

    async insert(userId: string, input: CasoCreateOutput, executor: Database | Transaction = db): Promise<string> {
      const [row] = await executor
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
          secretaria: input.secretaria,
          materia: input.materia,
          responsableId: input.responsable_id,
        })
        .returning({ id: casos.id });
      return row!.id;
    },

    /** Changes a case; false when there is none of this lawyer's. */
    async update(userId: string, id: string, values: Partial<typeof casos.$inferInsert>, executor: Database | Transaction = db): Promise<boolean> {
      const updated = await executor
        .update(casos)
        .set(values)
        .where(and(eq(casos.id, id), eq(casos.userId, userId)))
        .returning({ id: casos.id });
      return updated.length > 0;
    },

    /** Locks the case for its deletion, in the caller's transaction; false when there is none. */
    async lock(tx: Transaction, userId: string, id: string): Promise<boolean> {
      const [row] = await tx
        .select({ id: casos.id })
        .from(casos)
        .where(and(eq(casos.id, id), eq(casos.userId, userId)))
        .for('update');
      return !!row;
    },

    async delete(tx: Transaction, userId: string, id: string): Promise<void> {
      await tx.delete(casos).where(and(eq(casos.id, id), eq(casos.userId, userId)));
    },
  };
}
