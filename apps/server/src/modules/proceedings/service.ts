import type { Actuacion, ActuacionOrigen, ActuacionTipo } from '@bufete/shared';
import { ACTUACION_ORIGEN_LABELS, ACTUACION_TIPO_LABELS, diaMx, instantIn, MSG, todayIn } from '@bufete/shared';
import type { Database, Transaction } from '../../db/client';
import { appError, notFound } from '../../http/errors';
import type { CaseContentOwner, CaseService } from '../cases/service';
import type { DocumentService } from '../documents/service';
import { changesOf, type HistoryService } from '../history/service';
import { toActuacion } from './mappers';
import { type ActuacionValues, createProceedingQueries, registeredKey } from './queries';

/** A case's actuaciones, every one (a long trial has hundreds; a thousand is years of them). */
const LIST_MAX = 1_000;
/** The dashboard's 'Acuerdos de hoy': a busy morning's, with room to spare. */
const TODAY_MAX = 50;

export interface ActuacionInput {
  fecha_publicacion: string;
  fecha_efectos: string | null;
  tipo: ActuacionTipo;
  texto: string;
  origen: ActuacionOrigen;
  fuente: string | null;
  documento_ids: string[];
}

/** The history's names of an actuación's fields (its text is named, never copied: it can be long and confidential). */
const FIELDS = { fecha_publicacion: 'Fecha de publicación', fecha_efectos: 'Surte efectos', tipo: 'Tipo', origen: 'Origen', texto: 'Texto', documentos: 'Documentos' } as const;
const asRecorded = (actuacion: Actuacion) => ({
  fecha_publicacion: diaMx(actuacion.fecha_publicacion),
  fecha_efectos: actuacion.fecha_efectos ? diaMx(actuacion.fecha_efectos) : null,
  tipo: ACTUACION_TIPO_LABELS[actuacion.tipo],
  origen: ACTUACION_ORIGEN_LABELS[actuacion.origen],
  texto: actuacion.texto,
  documentos: actuacion.documentos.map((documento) => documento.nombre).join(', ') || null,
});

/**
 * A case's actuaciones (issue 35): what the court published in it, typed by
 * the lawyer or confirmed from a bulletin. Each belongs to one of the lawyer's
 * cases and may point to that case's documents; every change is in the
 * history, in the same transaction.
 */
export function createProceedingService(
  db: Database,
  deps: { cases: CaseService; documents: DocumentService; history: HistoryService; timeZoneOf: (userId: string) => Promise<string> },
) {
  const queries = createProceedingQueries(db, { listMax: LIST_MAX });
  /** Told when an actuación's day moves (the day it takes effect, or its publication when it has none), from `antes` to `ahora`: the plazos and tasks counted from it are counted again. */
  const movedListeners: ((userId: string, id: string, antes: string, ahora: string) => Promise<void>)[] = [];
  const dayOf = (actuacion: Actuacion) => actuacion.fecha_efectos ?? actuacion.fecha_publicacion;

  async function one(userId: string, id: string): Promise<Actuacion> {
    const row = await queries.one(userId, id);
    if (!row) throw notFound();
    return toActuacion(row);
  }

  /** The documents it links, each the lawyer's and of this case. */
  async function checkedDocuments(userId: string, casoId: string, ids: string[]): Promise<string[]> {
    const unique = [...new Set(ids)];
    if (unique.length === 0) return [];
    const ofCase = new Set((await deps.documents.idsByCase(userId, [casoId])).get(casoId) ?? []);
    if (unique.some((id) => !ofCase.has(id))) throw appError('VALIDATION_ERROR', MSG.actuaciones.documentoDeOtroCaso, 'documento_ids');
    return unique;
  }

  const valuesOf = (input: ActuacionInput) => ({
    fechaPublicacion: input.fecha_publicacion,
    fechaEfectos: input.fecha_efectos,
    tipo: input.tipo,
    texto: input.texto,
    origen: input.origen,
    fuente: input.fuente,
  });

  const summary = (actuacion: Actuacion) => `${ACTUACION_TIPO_LABELS[actuacion.tipo]} del ${diaMx(actuacion.fecha_publicacion)}`;

  /** Inserts one actuación and records it in the case's history, in the caller's transaction. */
  async function insertRecorded(tx: Transaction, userId: string, casoId: string, values: ActuacionValues, documentoIds: string[], resumen: string): Promise<string> {
    const id = await queries.insert(tx, userId, casoId, values, documentoIds);
    const actuacion = toActuacion((await queries.one(userId, id, tx))!);
    await deps.history.record(tx, userId, {
      accion: 'crear',
      entidad: 'actuacion',
      entidadId: id,
      casoId,
      resumen: `${resumen}: ${summary(actuacion)}`,
      cambios: changesOf(null, asRecorded(actuacion), FIELDS, ['texto']),
    });
    return id;
  }

  return {
    async list(userId: string, casoId: string): Promise<Actuacion[]> {
      await deps.cases.assertOwned(userId, casoId);
      return (await queries.forCase(userId, casoId)).map(toActuacion);
    },

    /** Those registered today (from midnight in the lawyer's time zone), across the cases: the dashboard's morning. */
    async registeredToday(userId: string): Promise<Actuacion[]> {
      const zone = await deps.timeZoneOf(userId);
      const since = instantIn(todayIn(zone), '00:00', zone);
      return (await queries.registeredSince(userId, since, TODAY_MAX)).map(toActuacion);
    },

    get: one,

    onMoved(listener: (userId: string, id: string, antes: string, ahora: string) => Promise<void>) {
      movedListeners.push(listener);
    },

    async create(userId: string, input: ActuacionInput & { caso_id: string }): Promise<Actuacion> {
      await deps.cases.assertOwned(userId, input.caso_id);
      const documentoIds = await checkedDocuments(userId, input.caso_id, input.documento_ids);
      const id = await db.transaction((tx) => insertRecorded(tx, userId, input.caso_id, valuesOf(input), documentoIds, 'Actuación registrada'));
      return one(userId, id);
    },

    /** 'Visible para el cliente': shown in the client's portal, or no longer (in the history either way). */
    async setVisible(userId: string, id: string, visible: boolean): Promise<Actuacion> {
      const before = await one(userId, id);
      if (before.visible_cliente !== visible) {
        await db.transaction(async (tx) => {
          await queries.setVisible(tx, userId, id, visible);
          await deps.history.record(tx, userId, {
            accion: 'editar',
            entidad: 'actuacion',
            entidadId: id,
            casoId: before.caso.id,
            resumen: `Actuación ${visible ? 'visible para el cliente en su portal' : 'ya no visible para el cliente'}: ${summary(before)}`,
          });
        });
      }
      return one(userId, id);
    },

    async update(userId: string, id: string, input: ActuacionInput): Promise<Actuacion> {
      const before = await one(userId, id);
      const documentoIds = await checkedDocuments(userId, before.caso.id, input.documento_ids);
      await db.transaction(async (tx) => {
        if (!(await queries.update(tx, userId, id, valuesOf(input), documentoIds))) throw notFound();
        const after = toActuacion((await queries.one(userId, id, tx))!);
        const cambios = changesOf(asRecorded(before), asRecorded(after), FIELDS, ['texto']);
        if (cambios.length) {
          await deps.history.record(tx, userId, {
            accion: 'editar',
            entidad: 'actuacion',
            entidadId: id,
            casoId: after.caso.id,
            resumen: `Actuación editada: ${summary(after)}`,
            cambios,
          });
        }
      });
      const after = await one(userId, id);
      if (dayOf(after) !== dayOf(before)) for (const listener of movedListeners) await listener(userId, id, dayOf(before), dayOf(after));
      return after;
    },

    /**
     * The entries of a bulletin the lawyer confirmed, each an actuación of its
     * case, in one transaction: all of them or none. One already registered
     * (same case, day and text) is not added again.
     */
    async fromBulletin(
      userId: string,
      input: { fecha_publicacion: string; fuente: string | null; actuaciones: { caso_id: string; texto: string; tipo: ActuacionTipo; fecha_efectos?: string | null }[] },
    ): Promise<{ creadas: number; ya_estaban: number; casos: string[] }> {
      for (const casoId of new Set(input.actuaciones.map((item) => item.caso_id))) await deps.cases.assertOwned(userId, casoId);
      return db.transaction(async (tx) => {
        let creadas = 0;
        let yaEstaban = 0;
        // The cases that gained an actuación: their people are told (modules/bulletins).
        const casos = new Set<string>();
        for (const item of input.actuaciones) {
          if (await queries.published(tx, userId, item.caso_id, input.fecha_publicacion, item.texto)) {
            yaEstaban += 1;
            continue;
          }
          const values = {
            fechaPublicacion: input.fecha_publicacion,
            fechaEfectos: item.fecha_efectos ?? null,
            tipo: item.tipo,
            texto: item.texto,
            origen: 'boletin' as const,
            fuente: input.fuente,
          };
          await insertRecorded(tx, userId, item.caso_id, values, [], 'Actuación del boletín registrada');
          creadas += 1;
          casos.add(item.caso_id);
        }
        return { creadas, ya_estaban: yaEstaban, casos: [...casos] };
      });
    },

    /** Which of a bulletin's matches are already actuaciones of their case (a bulletin reviewed again): marked, never ticked to register twice. */
    async markRegistered<M extends { caso: { id: string }; texto: string }>(
      userId: string,
      fechaPublicacion: string | null,
      matches: M[],
    ): Promise<(M & { registrada: boolean })[]> {
      const registered = await queries.registeredAmong(
        userId,
        matches.map((match) => ({ casoId: match.caso.id, texto: match.texto })),
        fechaPublicacion,
      );
      return matches.map((match) => ({ ...match, registrada: registered.has(registeredKey(match.caso.id, match.texto)) }));
    },

    /** A case's actuaciones go with it, in its deletion's transaction (its dialog counts them first). */
    caseContent: {
      name: 'actuaciones',
      countForCase: queries.countForCase,
      async removeForCase(tx: Transaction, userId: string, casoId: string) {
        await queries.removeForCase(tx, userId, casoId);
        return async () => {};
      },
    } satisfies CaseContentOwner,

    async remove(userId: string, id: string): Promise<void> {
      const before = await one(userId, id);
      await db.transaction(async (tx) => {
        if (!(await queries.remove(tx, userId, id))) throw notFound();
        await deps.history.record(tx, userId, {
          accion: 'eliminar',
          entidad: 'actuacion',
          entidadId: id,
          casoId: before.caso.id,
          resumen: `Actuación eliminada: ${summary(before)}`,
        });
      });
    },
  };
}

export type ProceedingService = ReturnType<typeof createProceedingService>;
