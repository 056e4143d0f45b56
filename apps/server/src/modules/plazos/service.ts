import {
  type agendarPlazoSchema,
  CALENDARIO_PRESET_CLAVES,
  CALENDARIOS_PRESET,
  type CalendarioPlazos,
  type CalendarioPreset,
  calcularPlazo,
  esFinDeSemana,
  reglasDelComputo,
  type DiaInhabil,
  diasInhabilesPreset,
  habilesAntes,
  diaLargo,
  diaMx,
  instantIn,
  wallClockIn,
  LIMITS_PLAZOS,
  MSG,
  type nuevoCalendarioSchema,
  type nuevoDiaInhabilSchema,
  type PlazoAfectado,
  type PlazoCalculadoReply,
  type plazoQuerySchema,
  type z,
  citaDe,
  type Efectos,
  type Materia,
  presetParaMateria,
  estadoDeJuzgado,
  type ReglaPropia,
  type reglaPropiaInputSchema,
  REGLAS_PLAZO,
  surteEfectos,
  surteEfectosSegun,
} from '@bufete/shared';
import type { Database } from '../../db/client';
import { appError, notFound } from '../../http/errors';
import type { HistoryService } from '../history/service';
import type { CalendarService } from '../calendar/service';
import type { CaseService } from '../cases/service';
import type { ProfileService } from '../profile/service';
import { type AgendadoRow, type CalendarioRow, createPlazoQueries, type DiaRow, type ReglaPropiaRow } from './queries';

/** What a count needs; the materia only changes the law it cites (a moved plazo recounts without it). */
type PlazoQuery = Omit<z.output<typeof plazoQuerySchema>, 'materia'> & { materia?: string | null };

/** Hour (lawyer's time) of the appointment 'Vence plazo', and of the advance notice. */
const AVISO_HORA = '09:00';
/** How many working days before the due date the advance notice is. */
const AVISO_HABILES = 3;

const toRegla = (row: ReglaPropiaRow): ReglaPropia => ({
  id: row.id,
  nombre: row.nombre,
  fundamento: row.fundamento,
  dias: row.dias,
  tipo: row.tipo,
  materia: row.materia as ReglaPropia['materia'],
  actuacion_tipo: row.actuacionTipo as ReglaPropia['actuacion_tipo'],
});

/** What decides a case's court calendar and the law it cites: its materia, and the state its court sits in (by the court's name). */
export interface Tribunal {
  materia: Materia | null;
  juzgado: string | null;
}
/** The preset a case's court counts on: its materia's, on its state's courts (Mexico City's when the court names no place). */
const presetDe = (tribunal: Tribunal): CalendarioPreset => presetParaMateria(tribunal.materia, estadoDeJuzgado(tribunal.juzgado) ?? 'cdmx') ?? 'cdmx';

/** What 'Calcular término' needs of an actuación: its case (a plazo is linked only to an actuación of the same case). */
export interface ActuacionesForPlazos {
  get(userId: string, id: string): Promise<{ caso: { id: string }; fecha_publicacion: string; fecha_efectos: string | null }>;
}

const toDia = (row: DiaRow): DiaInhabil & { id: string } => ({
  id: row.id,
  fecha: row.fecha,
  motivo: row.motivo,
  fundamento: row.fundamento,
  tipo: row.tipo,
  verificado: row.verificado,
});

/**
 * Plazos: the preset calendars (rows generated from the rules the first time
 * a year is needed, so next year's dates appear by themselves and stay
 * editable data), a lawyer's own calendars, the count (the pure function of
 * packages/shared/src/plazos.ts over the rows), and scheduling the due date
 * on the calendar. Every query is scoped by the lawyer; presets are shared
 * and read-only to them.
 */
export function createPlazoService(
  db: Database,
  deps: { calendar: CalendarService; cases: CaseService; profiles: ProfileService; history: HistoryService; actuaciones: ActuacionesForPlazos },
) {
  const queries = createPlazoQueries(db);

  /** The preset calendars, by key. */
  async function presets(): Promise<Map<CalendarioPreset, CalendarioRow>> {
    return new Map((await queries.presets()).map((row) => [row.clave as CalendarioPreset, row]));
  }

  /** Makes sure a preset has its rows for these years (generated from the rules, once). */
  async function ensureYears(preset: CalendarioRow, years: number[]) {
    const present = await queries.yearsPresent(preset.id, years);
    const missing = years.filter((year) => !present.has(year));
    if (missing.length === 0) return;
    await queries.insertPresetDays(
      preset.id,
      missing.flatMap((year) => diasInhabilesPreset(preset.base as CalendarioPreset, year).map((day) => ({ ...day, anio: year }))),
    );
  }

  /** A calendar the lawyer may use: a preset or their own; 404 otherwise. */
  async function usable(userId: string, id: string): Promise<CalendarioRow> {
    await presets();
    const row = await queries.usable(userId, id);
    if (!row) throw notFound();
    return row;
  }

  async function owned(userId: string, id: string): Promise<CalendarioRow> {
    const row = await usable(userId, id);
    if (row.userId !== userId) throw appError('CALENDAR_NOT_OWNED');
    return row;
  }

  async function view(row: CalendarioRow): Promise<CalendarioPlazos> {
    const own = row.userId ? (await queries.daysOf(row.id)).map(toDia) : [];
    return {
      id: row.id,
      nombre: row.nombre,
      descripcion: row.descripcion,
      base: row.base as CalendarioPreset,
      propio: row.userId !== null,
      version: row.version,
      dias_propios: own,
    };
  }

  /** Every día inhábil of a calendar in these years: its preset's, and its own on top. */
  async function inhabilesOf(calendar: CalendarioRow, years: number[]): Promise<DiaInhabil[]> {
    const preset = (await presets()).get(calendar.base as CalendarioPreset)!;
    await ensureYears(preset, years);
    const ids = calendar.userId ? [preset.id, calendar.id] : [preset.id];
    const rows = await queries.daysIn(ids, years);
    // The lawyer's own day wins over the preset's on the same date.
    const byDate = new Map<string, DiaInhabil>();
    for (const row of rows.sort((a, b) => Number(a.calendarioId === calendar.id) - Number(b.calendarioId === calendar.id))) byDate.set(row.fecha, toDia(row));
    return [...byDate.values()];
  }

  async function calcular(userId: string, query: PlazoQuery): Promise<PlazoCalculadoReply> {
    const calendar = await usable(userId, query.calendario_id);
    const start = Number(query.notificacion.slice(0, 4));
    // 365 working days with two recesses a year reach at most two years ahead.
    const inhabiles = await inhabilesOf(calendar, [start, start + 1, start + 2]);
    const base = calendar.base as CalendarioPreset;
    // The days are the calendar's; the law cited is the one that governs the matter (a commercial one: the Código de Comercio).
    const reglas = reglasDelComputo(base, query.materia);
    const result = calcularPlazo({ ...query, inhabiles, finesDeSemana: reglas.finesDeSemana, fundamentoInicio: reglas.inicio, fundamentoInhabiles: reglas.inhabiles });
    // The weekdays this count skipped for a día inhábil (a weekend is skipped whatever the agreement says).
    const used = new Set(result.dias.filter((day) => day.numero === null && day.motivo && !esFinDeSemana(day.fecha)).map((day) => day.fecha));
    const porVerificar = inhabiles.filter((day) => !day.verificado && used.has(day.fecha)).map((day) => day.fecha);
    return {
      ...result,
      calendario: { id: calendar.id, nombre: calendar.nombre, version: calendar.version },
      por_verificar: porVerificar,
      verificar_con: porVerificar.length ? (CALENDARIOS_PRESET[base].fijaLosRecesos ?? 'el tribunal') : null,
    };
  }

  /** The lawyer's scheduled plazos on this calendar, still pending, whose due date the calendar as it is now moves (at most 200 looked at). */
  async function moved(userId: string, calendarioId: string): Promise<PlazoAfectado[]> {
    const today = await deps.profiles.today(userId);
    const pending = await queries.pendingOn(userId, calendarioId, today, 200);
    const affected: PlazoAfectado[] = [];
    for (const row of pending) {
      const { vence } = await calcular(userId, { calendario_id: calendarioId, notificacion: row.notificacion, dias: row.dias, tipo: row.tipo });
      if (vence !== row.vence) affected.push({ id: row.id, descripcion: row.descripcion, vence_anterior: row.vence, vence_nuevo: vence });
    }
    return affected;
  }

  /** Moves one of a plazo's appointments to `day`, keeping its hour, length and everything the lawyer set; gone is fine. */
  async function moveEvent(userId: string, eventId: string | null, day: string, timeZone: string) {
    if (!eventId) return;
    const event = await deps.calendar.get(userId, eventId).catch(() => null);
    if (!event) return;
    const length = Date.parse(event.fin) - Date.parse(event.inicio);
    const start = instantIn(day, wallClockIn(new Date(event.inicio), timeZone).time, timeZone);
    await deps.calendar.update(userId, eventId, {
      titulo: event.titulo,
      descripcion: event.descripcion,
      ubicacion: event.ubicacion,
      inicio: start.toISOString(),
      fin: new Date(start.getTime() + length).toISOString(),
      recordatorio_email: event.recordatorio_email,
      recordatorio_popup: event.recordatorio_popup,
      audiencia: event.audiencia,
      caso_id: event.caso?.id ?? null,
      cliente_id: event.cliente?.id ?? null,
      etiquetas: event.etiquetas.map((etiqueta) => etiqueta.id),
    });
  }

  async function efectosIn(tribunal: Tribunal, publicacion: string): Promise<Efectos> {
    const preset = (await presets()).get(presetDe(tribunal))!;
    const year = Number(publicacion.slice(0, 4));
    const fecha = surteEfectos(publicacion, await inhabilesOf(preset, [year, year + 1]));
    return { fecha, ...surteEfectosSegun(tribunal.materia, estadoDeJuzgado(tribunal.juzgado) ?? 'cdmx'), calendario: { id: preset.id, nombre: preset.nombre } };
  }

  /** The rule a plazo follows: the catalogue's by its clave, or one of the lawyer's own by its id. */
  async function ruleOf(userId: string, regla: string): Promise<{ nombre: string; dias: number; tipo: 'habiles' | 'naturales'; fundamento: string | null }> {
    const shipped = REGLAS_PLAZO.find((entry) => entry.clave === regla);
    if (shipped) return { nombre: shipped.nombre, dias: shipped.dias, tipo: shipped.tipo, fundamento: `${citaDe(shipped)}${shipped.verificada ? '' : ' (por confirmar)'}` };
    const own = /^[0-9a-f-]{36}$/i.test(regla) ? await queries.ownRule(userId, regla) : undefined;
    if (!own) throw appError('VALIDATION_ERROR', MSG.plazos.reglaDesconocida, 'regla');
    return { nombre: own.nombre, dias: own.dias, tipo: own.tipo, fundamento: own.fundamento };
  }

  /** Told when a scheduled plazo's due date moves (tasks counted from it are counted again). */
  const movedListeners: ((userId: string, id: string) => Promise<void>)[] = [];

  /**
   * The day that falls `dias` days after `desde` on the court calendar of a
   * case (its materia's, on its state's courts), as a plazo is counted: from
   * the next day, the last one included. Zero days: `desde`.
   */
  async function contarDesde(tribunal: Tribunal, desde: string, dias: number, tipo: 'habiles' | 'naturales'): Promise<string> {
    if (dias === 0) return desde;
    const preset = (await presets()).get(presetDe(tribunal))!;
    const start = Number(desde.slice(0, 4));
    const inhabiles = await inhabilesOf(preset, [start, start + 1, start + 2]);
    const reglas = reglasDelComputo(preset.base as CalendarioPreset, tribunal.materia);
    return calcularPlazo({
      notificacion: desde,
      dias,
      tipo,
      inhabiles,
      finesDeSemana: reglas.finesDeSemana,
      fundamentoInicio: reglas.inicio,
      fundamentoInhabiles: reglas.inhabiles,
    }).vence;
  }

  /** A scheduled plazo's change in its case's history (its review asked for, or decided). */
  const noteOnPlazo = (userId: string, row: AgendadoRow, resumen: string) =>
    deps.history.record(db, userId, { accion: 'editar', entidad: 'plazo', entidadId: row.id, casoId: row.casoId, resumen });

  /**
   * Counts a scheduled plazo again from `notificacion` on its calendar as it
   * is now, moves its appointments to the new due date, records why, and
   * tells the tasks hanging on it. Nothing moves when nothing changed.
   */
  async function recount(userId: string, row: AgendadoRow, notificacion: string, resumen: string): Promise<{ vence: string }> {
    const plazo = await calcular(userId, { calendario_id: row.calendarioId, notificacion, dias: row.dias, tipo: row.tipo });
    if (plazo.vence === row.vence && notificacion === row.notificacion) {
      if (row.revisar) await queries.setRevisar(row.id, null);
      return { vence: row.vence };
    }
    const calendar = await usable(userId, row.calendarioId);
    const year = Number(plazo.vence.slice(0, 4));
    const aviso = habilesAntes(plazo.vence, AVISO_HABILES, await inhabilesOf(calendar, [year - 1, year]));
    const timeZone = await deps.profiles.timeZoneOf(userId);
    await moveEvent(userId, row.eventoId, plazo.vence, timeZone);
    await moveEvent(userId, row.avisoId, aviso, timeZone);
    await queries.setCount(row.id, { notificacion, vence: plazo.vence });
    const cambios = [
      ...(notificacion !== row.notificacion ? [{ campo: 'Surte efectos', antes: diaMx(row.notificacion), despues: diaMx(notificacion) }] : []),
      ...(plazo.vence !== row.vence ? [{ campo: 'Vence', antes: diaMx(row.vence), despues: diaMx(plazo.vence) }] : []),
    ];
    await deps.history.record(db, userId, {
      accion: 'editar',
      entidad: 'plazo',
      entidadId: row.id,
      casoId: row.casoId,
      resumen: `${resumen}: vence el ${diaLargo(plazo.vence)}`,
      cambios,
    });
    if (plazo.vence !== row.vence) for (const listener of movedListeners) await listener(userId, row.id);
    return { vence: plazo.vence };
  }

  return {
    /** For the bulletin's confirmations: when each publication takes effect in a case of this materia. */
    efectosIn,

    contarDesde,

    onMoved(listener: (userId: string, id: string) => Promise<void>) {
      movedListeners.push(listener);
    },

    async calendarios(userId: string): Promise<CalendarioPlazos[]> {
      const preset = await presets();
      // The presets' rows for this year and the next exist from the first look (later years as they are needed).
      const year = Number((await deps.profiles.today(userId)).slice(0, 4));
      for (const row of preset.values()) await ensureYears(row, [year, year + 1]);
      const own = await queries.own(userId);
      return Promise.all([...CALENDARIO_PRESET_CLAVES.map((clave) => preset.get(clave)!), ...own].map(view));
    },

    async crearCalendario(userId: string, input: z.output<typeof nuevoCalendarioSchema>): Promise<CalendarioPlazos> {
      await presets();
      if ((await queries.countOwn(userId)) >= LIMITS_PLAZOS.calendariosPropios) throw appError('LIMIT_REACHED', MSG.plazos.demasiadosCalendarios);
      const created = await queries.insertCalendar({ userId, base: input.base, nombre: input.nombre, descripcion: `Basado en: ${CALENDARIOS_PRESET[input.base].nombre}` });
      await deps.history.record(db, userId, { accion: 'crear', entidad: 'plazo', entidadId: created.id, resumen: `Calendario de plazos «${created.nombre}» creado` });
      return view(created);
    },

    async eliminarCalendario(userId: string, id: string): Promise<void> {
      const calendar = await owned(userId, id);
      await queries.deleteCalendar(userId, id);
      await deps.history.record(db, userId, { accion: 'eliminar', entidad: 'plazo', entidadId: id, resumen: `Calendario de plazos «${calendar.nombre}» eliminado` });
    },

    async agregarDia(userId: string, id: string, input: z.output<typeof nuevoDiaInhabilSchema>): Promise<{ calendario: CalendarioPlazos; afectados: PlazoAfectado[] }> {
      const calendar = await owned(userId, id);
      if ((await queries.countDays(id)) >= LIMITS_PLAZOS.diasPorCalendario) throw appError('LIMIT_REACHED', MSG.plazos.demasiadosDias);
      const added = await queries.insertDay({
        calendarioId: id,
        fecha: input.fecha,
        anio: Number(input.fecha.slice(0, 4)),
        motivo: input.motivo,
        fundamento: 'Día inhábil añadido por el abogado',
        tipo: input.tipo,
        verificado: true,
      });
      if (!added) throw appError('DUPLICATE_DAY');
      await deps.history.record(db, userId, { accion: 'editar', entidad: 'plazo', entidadId: id, resumen: `Día inhábil ${input.fecha} añadido a «${calendar.nombre}»` });
      return { calendario: await view(await queries.bumpVersion(calendar.id)), afectados: await moved(userId, id) };
    },

    /** Counts a scheduled plazo again on its calendar as it is now, and moves its appointments to the new due date. */
    async mover(userId: string, id: string): Promise<{ vence: string }> {
      const row = await queries.scheduled(userId, id);
      if (!row) throw notFound();
      return recount(userId, row, row.notificacion, `Plazo «${row.descripcion}» recalculado`);
    },

    /**
     * An actuación's day moved (from `antes` to `ahora`): each plazo counted
     * from that day is counted again from the new one, its appointments and
     * the tasks hanging on it with it; one the lawyer counted from another day
     * is marked for review (never recounted, nor kept, in silence).
     */
    async seguirActuacion(userId: string, actuacionId: string, antes: string, ahora: string): Promise<void> {
      for (const row of await queries.fromActuacion(userId, actuacionId)) {
        if (row.notificacion === antes) {
          await recount(userId, row, ahora, `Plazo «${row.descripcion}» contado de nuevo: su actuación surte efectos el ${diaLargo(ahora)}`);
          continue;
        }
        const revisar = MSG.plazos.revisarActuacion(diaLargo(antes), diaLargo(ahora), diaLargo(row.notificacion));
        await queries.setRevisar(row.id, revisar);
        await noteOnPlazo(userId, row, `Plazo «${row.descripcion}» por revisar: ${revisar}`);
      }
    },

    /** A plazo marked for review: counted again from its actuación's day, or kept as the lawyer counted it (in the history either way). */
    async revisar(userId: string, id: string, decision: 'desde_actuacion' | 'mantener'): Promise<{ vence: string }> {
      const row = await queries.scheduled(userId, id);
      if (!row) throw notFound();
      if (decision === 'mantener' || !row.actuacionId) {
        await queries.setRevisar(row.id, null);
        await noteOnPlazo(userId, row, `Plazo «${row.descripcion}» revisado: se mantiene su cuenta`);
        return { vence: row.vence };
      }
      const actuacion = await deps.actuaciones.get(userId, row.actuacionId);
      return recount(userId, row, actuacion.fecha_efectos ?? actuacion.fecha_publicacion, `Plazo «${row.descripcion}» contado de nuevo desde su actuación`);
    },

    calcular,

    reglas: async (userId: string): Promise<ReglaPropia[]> => (await queries.ownRules(userId)).map(toRegla),

    async crearRegla(userId: string, input: z.output<typeof reglaPropiaInputSchema>): Promise<ReglaPropia> {
      if ((await queries.countOwnRules(userId)) >= LIMITS_PLAZOS.reglasPropias) throw appError('LIMIT_REACHED', MSG.plazos.demasiadasReglas);
      const row = await queries.insertRule({
        userId,
        nombre: input.nombre,
        fundamento: input.fundamento,
        dias: input.dias,
        tipo: input.tipo,
        materia: input.materia,
        actuacionTipo: input.actuacion_tipo,
      });
      await deps.history.record(db, userId, { accion: 'crear', entidad: 'plazo', entidadId: row.id, resumen: `Regla de plazo «${row.nombre}» creada` });
      return toRegla(row);
    },

    async eliminarRegla(userId: string, id: string): Promise<void> {
      const row = await queries.deleteRule(userId, id);
      if (!row) throw notFound();
      await deps.history.record(db, userId, { accion: 'eliminar', entidad: 'plazo', entidadId: id, resumen: `Regla de plazo «${row.nombre}» eliminada` });
    },

    /**
     * The day a publication takes effect in a case: the next day its court
     * works, on the preset calendar of the case's materia and state (Mexico
     * City's courts when its court names no place), with the rule of its law.
     */
    async efectos(userId: string, query: { publicacion: string; caso_id: string }): Promise<Efectos> {
      const caso = await deps.cases.get(userId, query.caso_id);
      return efectosIn(caso, query.publicacion);
    },

    /**
     * Puts the due date on the calendar: 'Vence plazo: …' on the day (email an
     * hour before, popup) and a notice three working days before, both linked
     * to the case and synced to Google when connected. The due date is counted
     * again here: the server never takes it from the browser.
     */
    async agendar(userId: string, request: z.output<typeof agendarPlazoSchema>) {
      // The case's own materia, not the browser's, decides the law its count cites.
      const materia = request.caso_id ? (await deps.cases.get(userId, request.caso_id)).materia : request.materia;
      // A rule's days are the rule's, whatever the browser sent; its article goes with the plazo.
      const regla = request.regla ? await ruleOf(userId, request.regla) : null;
      const input = regla ? { ...request, dias: regla.dias, tipo: regla.tipo } : request;
      if (input.actuacion_id) {
        const actuacion = await deps.actuaciones.get(userId, input.actuacion_id);
        if (actuacion.caso.id !== input.caso_id) throw appError('VALIDATION_ERROR', MSG.plazos.actuacionDeOtroCaso, 'actuacion_id');
      }
      const plazo = await calcular(userId, { ...input, materia });
      const timeZone = await deps.profiles.timeZoneOf(userId);
      const descripcion = input.descripcion ?? regla?.nombre ?? `Plazo de ${input.dias} días ${input.tipo === 'habiles' ? 'hábiles' : 'naturales'}`;
      const calendar = await usable(userId, input.calendario_id);
      const inhabiles = await inhabilesOf(calendar, [Number(plazo.vence.slice(0, 4)) - 1, Number(plazo.vence.slice(0, 4))]);
      const detalle = `Notificación con efectos el ${diaMx(input.notificacion)}; ${input.dias} días ${input.tipo === 'habiles' ? 'hábiles' : 'naturales'} según «${plazo.calendario.nombre}» (versión ${plazo.calendario.version}).${regla?.fundamento ? ` Fundamento: ${regla.fundamento}.` : ''} Calculado en Bufete.`;
      const at = (day: string, minutes: number) => {
        const start = instantIn(day, AVISO_HORA, timeZone);
        return { inicio: start.toISOString(), fin: new Date(start.getTime() + minutes * 60_000).toISOString() };
      };
      const base = { descripcion: detalle, ubicacion: null, audiencia: false, caso_id: input.caso_id ?? null, cliente_id: null, etiquetas: [] };
      const evento = await deps.calendar.create(userId, { ...base, titulo: `Vence plazo: ${descripcion}`, ...at(plazo.vence, 60), recordatorio_email: 60, recordatorio_popup: 30 });
      const avisoDia = habilesAntes(plazo.vence, AVISO_HABILES, inhabiles);
      const aviso =
        avisoDia > input.notificacion
          ? await deps.calendar.create(userId, {
              ...base,
              titulo: `Faltan ${AVISO_HABILES} días hábiles: vence plazo: ${descripcion}`,
              ...at(avisoDia, 30),
              recordatorio_email: 60,
              recordatorio_popup: 30,
            })
          : null;
      const agendado = await queries.insertScheduled({
        userId,
        calendarioId: calendar.id,
        casoId: input.caso_id ?? null,
        notificacion: input.notificacion,
        dias: input.dias,
        tipo: input.tipo,
        descripcion,
        vence: plazo.vence,
        eventoId: evento.id,
        avisoId: aviso?.id ?? null,
        actuacionId: input.actuacion_id ?? null,
        fundamento: regla?.fundamento ?? null,
      });
      await deps.history.record(db, userId, {
        accion: 'crear',
        entidad: 'plazo',
        entidadId: agendado,
        casoId: input.caso_id ?? null,
        resumen: `Plazo «${descripcion}» agendado: vence el ${diaLargo(plazo.vence)}`,
      });
      return { plazo, evento_id: evento.id, aviso_id: aviso?.id ?? null };
    },
  };
}

export type PlazoService = ReturnType<typeof createPlazoService>;
