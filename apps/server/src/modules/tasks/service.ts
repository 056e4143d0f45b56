import {
  ACTUACION_TIPO_LABELS,
  type ActuacionTipo,
  type Ancla,
  diaLargo,
  diaMx,
  LIMITS_TAREAS,
  type Materia,
  MSG,
  PLANTILLAS_ASUNTO,
  type PlantillaAsunto,
  type PlantillaTarea,
  type plantillaAsuntoInputSchema,
  type Tarea,
  type TareaAncla,
  type tareaInputSchema,
  type tareaListQuerySchema,
  TAREA_PRIORIDAD_LABELS,
  type z,
} from '@bufete/shared';
import type { Database } from '../../db/client';
import { appError, notFound } from '../../http/errors';
import { personaQuePregunta } from '../../http/case-scope';
import type { CasePeople, CaseService } from '../cases/service';
import type { Notice } from '../notifications/service';
import type { EscritoService } from '../escritos/service';
import { changesOf, type HistoryService } from '../history/service';
import { createTaskQueries, type PlantillaRow, type TareaListRow, type TareaValues } from './queries';

type TareaInput = z.output<typeof tareaInputSchema>;
type PlantillaInput = z.output<typeof plantillaAsuntoInputSchema>;
/** What decides a case's court calendar: its materia and its court's name (modules/plazos reads the state from it). */
type Tribunal = { materia: Materia | null; juzgado: string | null };
type Contar = (tribunal: Tribunal, desde: string, dias: number, tipo: 'habiles' | 'naturales') => Promise<string>;

/** How deep a chain of tasks, each after the previous, is recounted (a template has at most 60). */
const CHAIN_MAX = LIMITS_TAREAS.tareasPorPlantilla + 5;

const actuacionName = (tipo: string, publicacion: string) => `${ACTUACION_TIPO_LABELS[tipo as ActuacionTipo] ?? 'Actuación'} del ${diaMx(publicacion)}`;

function toTarea(row: TareaListRow): Tarea {
  const anclaTitulo =
    row.ancla === 'actuacion'
      ? row.actuacionTipo && row.actuacionFecha
        ? actuacionName(row.actuacionTipo, row.actuacionFecha)
        : null
      : row.ancla === 'plazo'
        ? row.plazoDescripcion
        : row.tareaTitulo;
  return {
    id: row.id,
    titulo: row.titulo,
    notas: row.notas,
    prioridad: row.prioridad,
    vence: row.vence,
    relativa:
      row.ancla && row.anclaId && row.dias !== null && row.diasTipo
        ? { ancla: row.ancla, ancla_id: row.anclaId, ancla_titulo: anclaTitulo, dias: row.dias, tipo: row.diasTipo }
        : null,
    caso: row.casoId && row.casoTitulo !== null ? { id: row.casoId, titulo: row.casoTitulo } : null,
    asignado: row.asignadoId && row.asignadoNombre !== null ? { id: row.asignadoId, nombre: row.asignadoNombre } : null,
    hecha: row.hecha,
    hecha_en: row.hechaEn,
    plantilla: row.plantilla,
    created_at: row.createdAt,
  };
}

const FIELDS = { titulo: 'Título', notas: 'Notas', prioridad: 'Prioridad', vence: 'Vence', caso: 'Caso', asignado: 'Asignada a', hecha: 'Hecha' } as const;
const asRecorded = (tarea: Tarea) => ({
  titulo: tarea.titulo,
  notas: tarea.notas,
  prioridad: TAREA_PRIORIDAD_LABELS[tarea.prioridad],
  vence: tarea.vence ? diaMx(tarea.vence) : null,
  caso: tarea.caso?.titulo ?? null,
  asignado: tarea.asignado?.nombre ?? null,
  hecha: tarea.hecha ? 'Sí' : 'No',
});

const toPlantilla = (row: PlantillaRow): PlantillaAsunto => ({
  id: row.id,
  nombre: row.nombre,
  descripcion: row.descripcion,
  propia: true,
  basada_en: row.basadaEn,
  tareas: row.tareas as PlantillaTarea[],
  escritos: row.escritos as string[],
});

function offsetOf(cursor: string | undefined): number {
  if (cursor === undefined) return 0;
  if (!/^\d{1,7}$/.test(cursor)) throw appError('VALIDATION_ERROR', MSG.http.cursorInvalido);
  return Number(cursor);
}

/**
 * Tasks and matter templates (issue 36). A task's relative date is counted on
 * its case's court calendar (the plazos engine, `contar`) and counted again
 * when what it hangs on moves: an actuación's day, a plazo's due date (both
 * tell this service, see app.ts) or another task's date (here), down a chain.
 * Every query is scoped by the lawyer; every change is in the history.
 */
export function createTaskService(
  db: Database,
  deps: {
    cases: CaseService;
    history: HistoryService;
    today: (userId: string) => Promise<string>;
    contar: Contar;
    escritos: Pick<EscritoService, 'plantillas'>;
    /** Who a task may be given to: the despacho's people (modules/team). */
    people: CasePeople;
    /** The bell, for the person a task is given to (modules/notifications). */
    notify: (userId: string, notice: Notice) => Promise<void>;
  },
) {
  const queries = createTaskQueries(db);

  async function one(userId: string, id: string): Promise<Tarea> {
    const row = await queries.one(userId, id);
    if (!row) throw notFound();
    return toTarea(row);
  }

  /** What decides the calendar a task's days are counted on: its case's materia and court (none: Mexico City's courts). */
  const tribunalOf = async (userId: string, casoId: string | null): Promise<Tribunal> => (casoId ? await deps.cases.get(userId, casoId) : { materia: null, juzgado: null });

  /** Refuses a task hanging on itself, or on a task that (down its chain) hangs on it. */
  /** A template's escritos are ones this lawyer can generate: Bufete's or their own (an id from elsewhere is refused, never stored). */
  async function assertKnownEscritos(userId: string, ids: readonly string[]) {
    if (ids.length === 0) return;
    const known = new Set((await deps.escritos.plantillas(userId)).map((plantilla) => plantilla.id));
    if (ids.some((id) => !known.has(id))) throw appError('VALIDATION_ERROR', MSG.plantillasAsunto.escritoDesconocido, 'escritos');
  }

  async function assertNoCycle(userId: string, id: string, anclaId: string) {
    let current: string | null = anclaId;
    for (let step = 0; current && step <= CHAIN_MAX * 4; step += 1) {
      if (current === id) throw appError('VALIDATION_ERROR', MSG.tareas.anclaCircular, 'relativa');
      const next = await queries.anchorOfTask(userId, current);
      current = next?.ancla === 'tarea' ? next.anclaId : null;
    }
  }

  /** The values a task is stored with: its case checked, its relative date counted (never taken from the browser). */
  async function valuesOf(userId: string, input: TareaInput, id: string | null): Promise<Omit<TareaValues, 'plantilla'>> {
    let casoId = input.caso_id;
    if (casoId) await deps.cases.assertOwned(userId, casoId);
    if (input.asignado_id) await deps.people.assertInDespacho(userId, [input.asignado_id], 'asignado_id');
    const base = { titulo: input.titulo, notas: input.notas, prioridad: input.prioridad as Tarea['prioridad'], asignadoId: input.asignado_id ?? null };
    if (!input.relativa) return { ...base, casoId, vence: input.vence, ancla: null, anclaId: null, dias: null, diasTipo: null };
    const { ancla, ancla_id: anclaId, dias, tipo } = input.relativa;
    const anchor = await queries.anchor(userId, ancla, anclaId);
    if (!anchor) throw appError('VALIDATION_ERROR', MSG.tareas.anclaObligatoria, 'relativa');
    if (casoId && anchor.casoId && anchor.casoId !== casoId) throw appError('VALIDATION_ERROR', MSG.tareas.anclaDeOtroCaso, 'relativa');
    casoId = casoId ?? anchor.casoId;
    if (ancla === 'tarea' && id) await assertNoCycle(userId, id, anclaId);
    const vence = anchor.fecha ? await deps.contar(await tribunalOf(userId, casoId), anchor.fecha, dias, tipo) : null;
    return { ...base, casoId, vence, ancla, anclaId, dias, diasTipo: tipo };
  }

  /**
   * Counts again the pending tasks hanging on this actuación, plazo or task,
   * and then those hanging on each task that moved. A task whose anchor has
   * no date keeps its own.
   */
  async function recount(userId: string, ancla: TareaAncla, anclaId: string, depth = 0): Promise<void> {
    if (depth > CHAIN_MAX) return;
    const dependents = await queries.dependents(userId, ancla, anclaId);
    if (dependents.length === 0) return;
    const anchor = await queries.anchor(userId, ancla, anclaId);
    if (!anchor?.fecha) return;
    for (const task of dependents) {
      const vence = await deps.contar(await tribunalOf(userId, task.casoId), anchor.fecha, task.dias!, task.diasTipo!);
      if (vence === task.vence) continue;
      await db.transaction(async (tx) => {
        await queries.update(tx, userId, task.id, { vence });
        await deps.history.record(tx, userId, {
          accion: 'editar',
          entidad: 'tarea',
          entidadId: task.id,
          casoId: task.casoId,
          resumen: `Tarea «${task.titulo}» recalculada: vence el ${diaLargo(vence)}`,
          cambios: [{ campo: 'Vence', antes: task.vence ? diaMx(task.vence) : null, despues: diaMx(vence) }],
        });
      });
      await recount(userId, 'tarea', task.id, depth + 1);
    }
  }

  /** A task given to someone (other than whoever gave it, and not given to them already) is told in their bell. */
  async function tellTheAssignee(userId: string, tarea: Tarea, antes: string | null) {
    const to = tarea.asignado?.id;
    if (!to || to === antes || to === (personaQuePregunta() ?? userId)) return;
    await deps.notify(userId, {
      tipo: 'tarea_asignada',
      titulo: MSG.equipo.tareaAsignada(tarea.titulo.slice(0, 200)),
      detalle: [tarea.caso?.titulo, tarea.vence ? `vence el ${diaMx(tarea.vence)}` : null].filter(Boolean).join(' · ') || null,
      enlace: tarea.caso ? `/casos/${tarea.caso.id}?tab=tareas` : '/tareas',
      clave: `tarea:${tarea.id}:${to}`,
      destinatarioId: to,
    });
  }

  /** The lawyer's templates: Bufete's (each unless the lawyer made it their own) and theirs. */
  async function plantillas(userId: string): Promise<PlantillaAsunto[]> {
    const own = (await queries.ownTemplates(userId)).map(toPlantilla);
    const replaced = new Set(own.map((template) => template.basada_en).filter(Boolean));
    return [...PLANTILLAS_ASUNTO.filter((template) => !replaced.has(template.id)), ...own];
  }

  async function plantilla(userId: string, id: string): Promise<PlantillaAsunto> {
    const found = (await plantillas(userId)).find((template) => template.id === id);
    if (!found) throw notFound();
    return found;
  }

  return {
    recount,

    async list(userId: string, query: z.output<typeof tareaListQuerySchema>): Promise<{ items: Tarea[]; next_cursor: string | null }> {
      if (query.caso_id) await deps.cases.assertOwned(userId, query.caso_id);
      const offset = offsetOf(query.cursor);
      // 'Míos': given to the person who asks.
      const personaId = query.mios === '1' ? (personaQuePregunta() ?? userId) : undefined;
      const rows =
        query.vista === 'por_caso' && !query.caso_id
          ? await queries.listByCase(userId, offset, LIMITS_TAREAS.pagina + 1, personaId)
          : await queries.list(userId, { vista: query.vista, casoId: query.caso_id, personaId }, offset, LIMITS_TAREAS.pagina + 1);
      const items = rows.slice(0, LIMITS_TAREAS.pagina).map(toTarea);
      return { items, next_cursor: rows.length > LIMITS_TAREAS.pagina ? String(offset + LIMITS_TAREAS.pagina) : null };
    },

    get: one,

    async create(userId: string, input: TareaInput, plantillaNombre: string | null = null): Promise<Tarea> {
      const values = await valuesOf(userId, input, null);
      const id = await db.transaction(async (tx) => {
        if ((await queries.countPending(tx, userId)) >= LIMITS_TAREAS.pendientesMax) throw appError('LIMIT_REACHED', MSG.tareas.demasiadas);
        const created = await queries.insert(tx, userId, { ...values, plantilla: plantillaNombre });
        const tarea = toTarea((await queries.one(userId, created, tx))!);
        await deps.history.record(tx, userId, {
          accion: 'crear',
          entidad: 'tarea',
          entidadId: created,
          casoId: values.casoId,
          resumen: `Tarea creada: ${tarea.titulo}${tarea.vence ? ` (vence el ${diaLargo(tarea.vence)})` : ''}`,
          cambios: changesOf(null, asRecorded(tarea), FIELDS, ['notas']),
        });
        return created;
      });
      const tarea = await one(userId, id);
      await tellTheAssignee(userId, tarea, null);
      return tarea;
    },

    async update(userId: string, id: string, input: TareaInput): Promise<Tarea> {
      const before = await one(userId, id);
      const values = await valuesOf(userId, input, id);
      await db.transaction(async (tx) => {
        if (!(await queries.update(tx, userId, id, values))) throw notFound();
        const after = toTarea((await queries.one(userId, id, tx))!);
        const cambios = changesOf(asRecorded(before), asRecorded(after), FIELDS, ['notas']);
        if (cambios.length)
          await deps.history.record(tx, userId, {
            accion: 'editar',
            entidad: 'tarea',
            entidadId: id,
            casoId: after.caso?.id ?? null,
            resumen: `Tarea editada: ${after.titulo}`,
            cambios,
          });
      });
      const after = await one(userId, id);
      if (after.vence !== before.vence) await recount(userId, 'tarea', id);
      await tellTheAssignee(userId, after, before.asignado?.id ?? null);
      return after;
    },

    async hecha(userId: string, id: string, hecha: boolean): Promise<Tarea> {
      const before = await one(userId, id);
      if (before.hecha === hecha) return before;
      await db.transaction(async (tx) => {
        await queries.update(tx, userId, id, { hecha, hechaEn: hecha ? new Date() : null });
        await deps.history.record(tx, userId, {
          accion: 'editar',
          entidad: 'tarea',
          entidadId: id,
          casoId: before.caso?.id ?? null,
          resumen: `${hecha ? 'Tarea hecha' : 'Tarea pendiente de nuevo'}: ${before.titulo}`,
          cambios: [{ campo: FIELDS.hecha, antes: hecha ? 'No' : 'Sí', despues: hecha ? 'Sí' : 'No' }],
        });
      });
      return one(userId, id);
    },

    async remove(userId: string, id: string): Promise<void> {
      const before = await one(userId, id);
      await db.transaction(async (tx) => {
        if (!(await queries.remove(tx, userId, id))) throw notFound();
        await deps.history.record(tx, userId, {
          accion: 'eliminar',
          entidad: 'tarea',
          entidadId: id,
          casoId: before.caso?.id ?? null,
          resumen: `Tarea eliminada: ${before.titulo}`,
        });
      });
    },

    /** What a relative date may hang on in one of the lawyer's cases, newest first within each kind. */
    async anclas(userId: string, casoId: string): Promise<Ancla[]> {
      await deps.cases.assertOwned(userId, casoId);
      const { acts, terms, tasks } = await queries.anchorsOf(userId, casoId);
      return [
        ...acts.map((row) => ({ ancla: 'actuacion' as const, id: row.id, titulo: actuacionName(row.tipo, row.publicacion), fecha: row.efectos ?? row.publicacion })),
        ...terms.map((row) => ({ ancla: 'plazo' as const, id: row.id, titulo: row.descripcion, fecha: row.vence })),
        ...tasks.map((row) => ({ ancla: 'tarea' as const, id: row.id, titulo: row.titulo, fecha: row.vence })),
      ];
    },

    plantillas,

    async crearPlantilla(userId: string, input: PlantillaInput): Promise<PlantillaAsunto> {
      if (input.basada_en && !PLANTILLAS_ASUNTO.some((template) => template.id === input.basada_en)) throw notFound();
      if ((await queries.countTemplates(userId)) >= LIMITS_TAREAS.plantillasPropias) throw appError('LIMIT_REACHED', MSG.plantillasAsunto.demasiadas);
      await assertKnownEscritos(userId, input.escritos);
      const row = await queries.insertTemplate({
        userId,
        nombre: input.nombre,
        descripcion: input.descripcion,
        basadaEn: input.basada_en,
        tareas: input.tareas,
        escritos: input.escritos,
      });
      // Bufete's template was already made theirs: the copy they have is what they edit.
      if (!row) throw appError('VALIDATION_ERROR', MSG.plantillasAsunto.noEditable);
      await deps.history.record(db, userId, { accion: 'crear', entidad: 'plantilla', entidadId: row.id, resumen: `Plantilla de asunto «${row.nombre}» guardada` });
      return toPlantilla(row);
    },

    async editarPlantilla(userId: string, id: string, input: PlantillaInput): Promise<PlantillaAsunto> {
      // Only the lawyer's own (the router takes record ids alone: Bufete's are copied first, crearPlantilla with basada_en).
      await assertKnownEscritos(userId, input.escritos);
      const row = await queries.updateTemplate(userId, id, { nombre: input.nombre, descripcion: input.descripcion, tareas: input.tareas, escritos: input.escritos });
      if (!row) throw notFound();
      await deps.history.record(db, userId, { accion: 'editar', entidad: 'plantilla', entidadId: id, resumen: `Plantilla de asunto «${row.nombre}» editada` });
      return toPlantilla(row);
    },

    async eliminarPlantilla(userId: string, id: string): Promise<void> {
      const row = await queries.removeTemplate(userId, id);
      if (!row) throw notFound();
      await deps.history.record(db, userId, { accion: 'eliminar', entidad: 'plantilla', entidadId: id, resumen: `Plantilla de asunto «${row.nombre}» eliminada` });
    },

    /**
     * A template's tasks on a case, in one transaction: each due so many days
     * after `desde` (the lawyer's today when not given) or after an earlier
     * task of the list, counted on the case's court calendar; a task after
     * another hangs on it, so moving one moves those after it.
     */
    async aplicarPlantilla(userId: string, casoId: string, input: { plantilla: string; desde: string | null }): Promise<Tarea[]> {
      const caso = await deps.cases.get(userId, casoId);
      const template = await plantilla(userId, input.plantilla);
      const desde = input.desde ?? (await deps.today(userId));
      // Counted before the transaction: the calendar's rows may be generated on first use.
      const dates: string[] = [];
      for (const task of template.tareas) dates.push(await deps.contar(caso, task.despues_de === null ? desde : dates[task.despues_de]!, task.dias, task.tipo));
      const ids = await db.transaction(async (tx) => {
        if ((await queries.countPending(tx, userId)) + template.tareas.length > LIMITS_TAREAS.pendientesMax) throw appError('LIMIT_REACHED', MSG.tareas.demasiadas);
        const created: string[] = [];
        for (const [index, task] of template.tareas.entries()) {
          const after = task.despues_de === null ? null : created[task.despues_de]!;
          created.push(
            await queries.insert(tx, userId, {
              casoId,
              titulo: task.titulo,
              notas: task.notas,
              prioridad: task.prioridad,
              vence: dates[index]!,
              ancla: after ? 'tarea' : null,
              anclaId: after,
              dias: after ? task.dias : null,
              diasTipo: after ? task.tipo : null,
              plantilla: template.nombre,
            }),
          );
        }
        await deps.history.record(tx, userId, {
          accion: 'crear',
          entidad: 'tarea',
          entidadId: null,
          casoId,
          resumen: `Plantilla «${template.nombre}» aplicada al caso desde el ${diaMx(desde)}: ${created.length} tareas`,
        });
        return created;
      });
      return Promise.all(ids.map((id) => one(userId, id)));
    },
  };
}

export type TaskService = ReturnType<typeof createTaskService>;
