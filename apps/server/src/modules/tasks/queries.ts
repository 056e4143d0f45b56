import { DEFAULT_TIME_ZONE, type TareaAncla, type TareaVista } from '@bufete/shared';
import { and, asc, count, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { type Database, rowsOf, type Transaction } from '../../db/client';
import { isoInstant } from '../../db/columns';
import { preparedByShape, statementName, withFlatRows } from '../../db/prepared';
import { casos } from '../cases/schema';
import { plazosAgendados } from '../plazos/schema';
import { actuaciones } from '../proceedings/schema';
import { plantillasAsunto, tareas } from './schema';
import { alcanceDeLaLista, soloCasosVisiblesPreparado } from '../../http/case-scope';

export type TareaRow = typeof tareas.$inferSelect;
export type TareaValues = Pick<
  typeof tareas.$inferInsert,
  'casoId' | 'asignadoId' | 'titulo' | 'notas' | 'prioridad' | 'vence' | 'ancla' | 'anclaId' | 'dias' | 'diasTipo' | 'plantilla'
>;
export type PlantillaRow = typeof plantillasAsunto.$inferSelect;

/** A task as its screens show it: with its case's title and what its date hangs on, as it is now (null when that is gone); its instants as ISO text. */
export interface TareaListRow {
  id: string;
  titulo: string;
  notas: string | null;
  prioridad: TareaRow['prioridad'];
  vence: string | null;
  ancla: TareaRow['ancla'];
  anclaId: string | null;
  dias: number | null;
  diasTipo: TareaRow['diasTipo'];
  hecha: boolean;
  hechaEn: string | null;
  plantilla: string | null;
  createdAt: string;
  casoId: string | null;
  casoTitulo: string | null;
  asignadoId: string | null;
  asignadoNombre: string | null;
  actuacionTipo: string | null;
  actuacionFecha: string | null;
  plazoDescripcion: string | null;
  tareaTitulo: string | null;
}

/** What a relative date hangs on: its day (null: a task without one yet), its case, and what it is called. */
export interface AnchorRow {
  fecha: string | null;
  casoId: string | null;
  titulo: string;
  /** An actuación's kind, to name it. */
  tipo?: string;
}

const otra = alias(tareas, 'otra');

/** Tasks' and matter templates' SQL, always by their lawyer. */
export function createTaskQueries(db: Database) {
  // Flat, with instants as ISO text, so a page's rows are made by a mapper resolved once (db/prepared.ts).
  const selection = {
    id: tareas.id,
    titulo: tareas.titulo,
    notas: tareas.notas,
    prioridad: tareas.prioridad,
    vence: tareas.vence,
    ancla: tareas.ancla,
    anclaId: tareas.anclaId,
    dias: tareas.dias,
    diasTipo: tareas.diasTipo,
    hecha: tareas.hecha,
    hechaEn: sql<string | null>`${isoInstant(tareas.hechaEn)}`,
    plantilla: tareas.plantilla,
    createdAt: isoInstant(tareas.createdAt),
    casoId: tareas.casoId,
    casoTitulo: casos.titulo,
    asignadoId: tareas.asignadoId,
    // The person's name as their own profile says it (their account's name until they fill it).
    asignadoNombre: sql<
      string | null
    >`(select coalesce(nullif(trim(concat_ws(' ', p.nombre, p.apellido)), ''), u.name) from users u left join profiles p on p.id = u.id where u.id = ${tareas.asignadoId})`,
    actuacionTipo: actuaciones.tipo,
    actuacionFecha: actuaciones.fechaPublicacion,
    plazoDescripcion: plazosAgendados.descripcion,
    tareaTitulo: otra.titulo,
  };

  function withNames(executor: Database | Transaction) {
    return executor
      .select(selection)
      .from(tareas)
      .leftJoin(casos, and(eq(casos.id, tareas.casoId), eq(casos.userId, tareas.userId)))
      .leftJoin(actuaciones, and(eq(tareas.ancla, 'actuacion'), eq(actuaciones.id, tareas.anclaId), eq(actuaciones.userId, tareas.userId)))
      .leftJoin(plazosAgendados, and(eq(tareas.ancla, 'plazo'), eq(plazosAgendados.id, tareas.anclaId), eq(plazosAgendados.userId, tareas.userId)))
      .leftJoin(otra, and(eq(tareas.ancla, 'tarea'), eq(otra.id, tareas.anclaId), eq(otra.userId, tareas.userId)));
  }

  /**
   * One tab's page (or a case's), prepared once per shape: the tab, and
   * whether it is a case's. Its days are the lawyer's, read in the statement
   * itself (as the profile service reads their time zone): no round trip of
   * its own before it. 'Esta semana' ends on Sunday.
   */
  const listStatement = preparedByShape((shape) => {
    const [vista, ofCase, asignados, mios] = shape.split('/') as [TareaVista, string, string, string];
    const userId = sql`${sql.placeholder('userId')}`;
    const today = sql`(now() at time zone coalesce((select zona_horaria from profiles where id = ${userId}), ${DEFAULT_TIME_ZONE}))::date`;
    const owned = and(
      eq(tareas.userId, sql.placeholder('userId')),
      asignados ? soloCasosVisiblesPreparado(tareas.casoId) : undefined,
      mios ? eq(tareas.asignadoId, sql.placeholder('personaId')) : undefined,
    )!;
    let where: SQL | undefined;
    let order: SQL[] = [sql`${tareas.vence} asc nulls last`, asc(tareas.id)];
    if (ofCase) {
      where = and(owned, eq(tareas.casoId, sql.placeholder('casoId')));
      order = [asc(tareas.hecha), sql`case when ${tareas.hecha} then null else ${tareas.vence} end asc nulls last`, desc(tareas.hechaEn), asc(tareas.id)];
    } else if (vista === 'hechas') {
      where = and(owned, eq(tareas.hecha, true));
      order = [desc(tareas.hechaEn), asc(tareas.id)];
    } else {
      const pending = and(owned, eq(tareas.hecha, false));
      if (vista === 'vencidas') where = and(pending, sql`${tareas.vence} < ${today}`);
      else if (vista === 'hoy') where = and(pending, sql`${tareas.vence} = ${today}`);
      else if (vista === 'semana') where = and(pending, sql`${tareas.vence} >= ${today}`, sql`${tareas.vence} <= ${today} + (7 - extract(dow from ${today})::int) % 7`);
      else where = pending;
    }
    return withFlatRows(
      withNames(db)
        .where(where)
        .orderBy(...order)
        .limit(sql.placeholder('limit'))
        .offset(sql.placeholder('offset'))
        .prepare(statementName('tareas_lista', shape)),
    );
  });

  return {
    async one(userId: string, id: string, executor: Database | Transaction = db): Promise<TareaListRow | undefined> {
      const [row] = await withNames(executor)
        .where(and(eq(tareas.userId, userId), eq(tareas.id, id)))
        .limit(1);
      return row;
    },

    /** One tab of the 'Tareas' page, or a case's tasks (pending by due date, then done), `limit` from `offset`. */
    list(userId: string, view: { vista: TareaVista; casoId?: string; personaId?: string }, offset: number, limit: number): Promise<TareaListRow[]> {
      const alcance = alcanceDeLaLista();
      const shape = [view.casoId ? 'caso/1' : `${view.vista}/`, alcance.asignados ? '1' : '', view.personaId ? '1' : ''].join('/');
      return listStatement(shape).execute({
        userId,
        casoId: view.casoId,
        casosVisibles: alcance.casosVisibles,
        personaId: view.personaId,
        limit,
        offset,
      }) as Promise<TareaListRow[]>;
    },

    /**
     * 'Por caso': the pending tasks grouped by case, the newest case first (as
     * the case list opens), each case's by due date, then those of no case.
     * The cases are walked in their index's order and each one's pending tasks
     * read from theirs, so a page stops after its rows instead of sorting every
     * pending task by its case; the rows are then read with their names.
     */
    async listByCase(userId: string, offset: number, limit: number, personaId?: string): Promise<TareaListRow[]> {
      const visibles = alcanceDeLaLista().casosVisibles;
      // 'Míos': only those given to the person.
      const mias = personaId ? sql`and t.asignado_id = ${personaId}` : sql``;
      // A pasante's: their cases only, and no task of no case.
      const casoVisible = visibles ? sql`and c.id = any(${visibles}::uuid[])` : sql``;
      const sinCaso = visibles ? sql`and false` : sql``;
      const page = rowsOf<{ id: string }>(
        await db.execute(sql`
          (select t.id from ${casos} c
             cross join lateral (
               select t.id, t.vence from ${tareas} t
                where t.user_id = c.user_id and t.caso_id = c.id and not t.hecha ${mias}
                order by t.vence asc nulls last, t.id) t
            where c.user_id = ${userId} ${casoVisible}
            order by c.created_at desc, c.id desc, t.vence asc nulls last, t.id)
          union all
          (select t.id from ${tareas} t
            where t.user_id = ${userId} and not t.hecha and t.caso_id is null ${sinCaso} ${mias}
            order by t.vence asc nulls last, t.id)
          limit ${limit} offset ${offset}`),
      ).map((row) => row.id);
      if (page.length === 0) return [];
      const rows = await withNames(db).where(and(eq(tareas.userId, userId), inArray(tareas.id, page)));
      const byId = new Map(rows.map((row) => [row.id, row]));
      return page.map((id) => byId.get(id)!).filter(Boolean);
    },

    async countPending(executor: Database | Transaction, userId: string): Promise<number> {
      const [row] = await executor
        .select({ n: count() })
        .from(tareas)
        .where(and(eq(tareas.userId, userId), eq(tareas.hecha, false)));
      return row?.n ?? 0;
    },

    async insert(executor: Database | Transaction, userId: string, values: TareaValues): Promise<string> {
      const [row] = await executor
        .insert(tareas)
        .values({ userId, ...values })
        .returning({ id: tareas.id });
      return row!.id;
    },

    async update(executor: Database | Transaction, userId: string, id: string, values: Partial<TareaValues> & { hecha?: boolean; hechaEn?: Date | null }): Promise<boolean> {
      const rows = await executor
        .update(tareas)
        .set({ ...values, updatedAt: new Date() })
        .where(and(eq(tareas.userId, userId), eq(tareas.id, id)))
        .returning({ id: tareas.id });
      return rows.length > 0;
    },

    async remove(executor: Database | Transaction, userId: string, id: string): Promise<boolean> {
      const rows = await executor
        .delete(tareas)
        .where(and(eq(tareas.userId, userId), eq(tareas.id, id)))
        .returning({ id: tareas.id });
      return rows.length > 0;
    },

    /** The pending tasks whose date hangs on this actuación, plazo or task. */
    dependents(userId: string, ancla: TareaAncla, anclaId: string): Promise<TareaRow[]> {
      return db
        .select()
        .from(tareas)
        .where(and(eq(tareas.userId, userId), eq(tareas.anclaId, anclaId), eq(tareas.ancla, ancla), eq(tareas.hecha, false)));
    },

    /** What a relative date hangs on, if it is this lawyer's. */
    async anchor(userId: string, ancla: TareaAncla, id: string): Promise<AnchorRow | undefined> {
      if (ancla === 'actuacion') {
        const [row] = await db
          .select({ efectos: actuaciones.fechaEfectos, publicacion: actuaciones.fechaPublicacion, casoId: actuaciones.casoId, tipo: actuaciones.tipo })
          .from(actuaciones)
          .where(and(eq(actuaciones.userId, userId), eq(actuaciones.id, id)));
        return row && { fecha: row.efectos ?? row.publicacion, casoId: row.casoId, titulo: row.publicacion, tipo: row.tipo };
      }
      if (ancla === 'plazo') {
        const [row] = await db
          .select({ vence: plazosAgendados.vence, casoId: plazosAgendados.casoId, descripcion: plazosAgendados.descripcion })
          .from(plazosAgendados)
          .where(and(eq(plazosAgendados.userId, userId), eq(plazosAgendados.id, id)));
        return row && { fecha: row.vence, casoId: row.casoId, titulo: row.descripcion };
      }
      const [row] = await db
        .select({ vence: tareas.vence, casoId: tareas.casoId, titulo: tareas.titulo })
        .from(tareas)
        .where(and(eq(tareas.userId, userId), eq(tareas.id, id)));
      return row && { fecha: row.vence, casoId: row.casoId, titulo: row.titulo };
    },

    /** The task a task's date hangs on, for walking a chain (a cycle check). */
    async anchorOfTask(userId: string, id: string): Promise<{ ancla: TareaAncla | null; anclaId: string | null } | undefined> {
      const [row] = await db
        .select({ ancla: tareas.ancla, anclaId: tareas.anclaId })
        .from(tareas)
        .where(and(eq(tareas.userId, userId), eq(tareas.id, id)));
      return row;
    },

    /** A case's actuaciones, plazos and tasks, which a relative date may hang on (newest first; a few hundred of each at most). */
    async anchorsOf(userId: string, casoId: string) {
      const [acts, terms, tasks] = await Promise.all([
        db
          .select({ id: actuaciones.id, tipo: actuaciones.tipo, publicacion: actuaciones.fechaPublicacion, efectos: actuaciones.fechaEfectos })
          .from(actuaciones)
          .where(and(eq(actuaciones.userId, userId), eq(actuaciones.casoId, casoId)))
          .orderBy(desc(actuaciones.fechaPublicacion))
          .limit(300),
        db
          .select({ id: plazosAgendados.id, descripcion: plazosAgendados.descripcion, vence: plazosAgendados.vence })
          .from(plazosAgendados)
          .where(and(eq(plazosAgendados.userId, userId), eq(plazosAgendados.casoId, casoId)))
          .orderBy(desc(plazosAgendados.vence))
          .limit(300),
        db
          .select({ id: tareas.id, titulo: tareas.titulo, vence: tareas.vence })
          .from(tareas)
          .where(and(eq(tareas.userId, userId), eq(tareas.casoId, casoId)))
          .orderBy(sql`${tareas.vence} desc nulls last`)
          .limit(300),
      ]);
      return { acts, terms, tasks };
    },

    ownTemplates(userId: string): Promise<PlantillaRow[]> {
      return db.select().from(plantillasAsunto).where(eq(plantillasAsunto.userId, userId)).orderBy(asc(plantillasAsunto.createdAt), asc(plantillasAsunto.id));
    },

    async ownTemplate(userId: string, id: string): Promise<PlantillaRow | undefined> {
      const [row] = await db
        .select()
        .from(plantillasAsunto)
        .where(and(eq(plantillasAsunto.userId, userId), eq(plantillasAsunto.id, id)));
      return row;
    },

    async countTemplates(userId: string): Promise<number> {
      const [row] = await db.select({ n: count() }).from(plantillasAsunto).where(eq(plantillasAsunto.userId, userId));
      return row?.n ?? 0;
    },

    /** A new template of the lawyer's; one that replaces a shipped template they already replaced is refused by the unique index (undefined). */
    async insertTemplate(values: typeof plantillasAsunto.$inferInsert): Promise<PlantillaRow | undefined> {
      const [row] = await db.insert(plantillasAsunto).values(values).onConflictDoNothing().returning();
      return row;
    },

    async updateTemplate(userId: string, id: string, values: Partial<typeof plantillasAsunto.$inferInsert>): Promise<PlantillaRow | undefined> {
      const [row] = await db
        .update(plantillasAsunto)
        .set({ ...values, updatedAt: new Date() })
        .where(and(eq(plantillasAsunto.userId, userId), eq(plantillasAsunto.id, id)))
        .returning();
      return row;
    },

    async removeTemplate(userId: string, id: string): Promise<PlantillaRow | undefined> {
      const [row] = await db
        .delete(plantillasAsunto)
        .where(and(eq(plantillasAsunto.userId, userId), eq(plantillasAsunto.id, id)))
        .returning();
      return row;
    },
  };
}
