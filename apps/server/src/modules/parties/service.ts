import { type Conflicto, type ConflictoDeCaso, CONFLICTO_PAPEL_LABELS, MSG, PARTE_ROL_LABELS, type Parte, PARTES_POR_CASO_MAX, type ParteInput } from '@bufete/shared';
import type { Database } from '../../db/client';
import { appError, notFound } from '../../http/errors';
import { nameTokens, sameName } from '@bufete/shared';
import type { CaseService } from '../cases/service';
import { changesOf, type HistoryService } from '../history/service';
import { createPartyQueries, type ParteRow, type ParteValues } from './queries';

/** A conflict as the history says it: 'José Pérez López (parte demandada aquí): parte actora en «Arrendamiento Roma»'. */
const describeConflict = (item: ConflictoDeCaso) =>
  `${item.nombre} (${CONFLICTO_PAPEL_LABELS[item.papel_aqui]} aquí): ${CONFLICTO_PAPEL_LABELS[item.conflicto.papel]}${item.conflicto.caso ? ` en «${item.conflicto.caso.titulo}»` : ''}`;

/** How many names one check reports: enough to see the conflict, short enough to read. */
const CONFLICTS_SHOWN = 20;

const toParte = (row: ParteRow): Parte => ({
  id: row.id,
  caso_id: row.casoId,
  rol: row.rol,
  nombre: row.nombre,
  abogado: row.abogado,
  created_at: row.createdAt.toISOString(),
});

const FIELDS = { rol: 'Papel', nombre: 'Nombre', abogado: 'Abogado' } as const;
const asRecorded = (parte: Parte) => ({ rol: PARTE_ROL_LABELS[parte.rol], nombre: parte.nombre, abogado: parte.abogado });
const valuesOf = (input: { rol: ParteInput['rol']; nombre: string; abogado: string | null }): ParteValues => ({ rol: input.rol, nombre: input.nombre, abogado: input.abogado });

/**
 * A case's parties (issue 35) and the conflict-of-interest check. Each party
 * belongs to one of the lawyer's cases; every change is in the case's history
 * and rewrites the case's party names (its search, the bulletin matching) in
 * the same transaction. A name is checked against this lawyer's clients and
 * the parties of their other cases, never anyone else's.
 */
export function createPartyService(db: Database, deps: { cases: CaseService; history: HistoryService }) {
  const queries = createPartyQueries(db);

  /** Whom a name matches among this lawyer's clients and other cases' parties, each with the id of the record it matched. */
  async function matches(userId: string, nombre: string, except: { casoId?: string | null; clienteId?: string | null } = {}): Promise<{ clave: string; conflicto: Conflicto }[]> {
    const words = nameTokens(nombre);
    if (words.length === 0) return [];
    // The longest word narrows the rows read (an index looks it up); the comparison is word by word, in any order.
    const longest = words.reduce((a, b) => (b.length > a.length ? b : a)).replace(/ñ/g, 'n');
    const casoId = except.casoId ?? null;
    // The case's own client is theirs to name as a party of it.
    const clienteId = except.clienteId ?? (casoId ? await queries.clientOf(userId, casoId) : null);
    const [parties, clients] = await Promise.all([queries.partiesWith(userId, longest, casoId), queries.clientsWith(userId, longest, clienteId)]);
    const found = [
      ...clients
        .filter((client) => sameName(nombre, client.nombre) || (client.razonSocial !== null && sameName(nombre, client.razonSocial)))
        .map((client) => ({ clave: client.id, conflicto: { nombre: client.nombre, papel: 'cliente' as const, caso: null, cliente_id: client.id } })),
      ...parties
        .filter((party) => sameName(nombre, party.nombre))
        .map((party) => ({ clave: party.id, conflicto: { nombre: party.nombre, papel: party.rol, caso: { id: party.casoId, titulo: party.casoTitulo }, cliente_id: null } })),
    ];
    return found.slice(0, CONFLICTS_SHOWN);
  }

  async function conflictos(userId: string, nombre: string, except: { casoId?: string | null; clienteId?: string | null } = {}): Promise<Conflicto[]> {
    return (await matches(userId, nombre, except)).map((match) => match.conflicto);
  }

  /**
   * A case's possible conflicts of interest: its client's name (and razón
   * social) and each party's, against this lawyer's other clients and other
   * cases' parties. They stay on the case until the lawyer notes each as
   * reviewed; a new match marks it again.
   */
  async function conflictosDeCaso(userId: string, casoId: string): Promise<ConflictoDeCaso[]> {
    const caso = await queries.caseForConflicts(userId, casoId);
    if (!caso) throw notFound();
    const names: { nombre: string; papel: ConflictoDeCaso['papel_aqui'] }[] = [
      ...(caso.clienteNombre ? [{ nombre: caso.clienteNombre, papel: 'cliente' as const }] : []),
      ...(caso.razonSocial && !sameName(caso.razonSocial, caso.clienteNombre ?? '') ? [{ nombre: caso.razonSocial, papel: 'cliente' as const }] : []),
      ...(await queries.forCase(userId, casoId)).map((parte) => ({ nombre: parte.nombre, papel: parte.rol })),
    ];
    const reviewed = new Set(caso.revisados);
    const seen = new Set<string>();
    const found: ConflictoDeCaso[] = [];
    for (const name of names) {
      for (const match of await matches(userId, name.nombre, { casoId, clienteId: caso.clienteId })) {
        if (seen.has(match.clave)) continue;
        seen.add(match.clave);
        found.push({ clave: match.clave, nombre: name.nombre, papel_aqui: name.papel, conflicto: match.conflicto, revisado: reviewed.has(match.clave) });
      }
    }
    return found;
  }

  return {
    conflictos,
    conflictosDeCaso,

    /** Notes a case's conflicts as reviewed (only ones it has now), each named in its history. */
    async revisarConflictos(userId: string, casoId: string, claves: string[]): Promise<ConflictoDeCaso[]> {
      const current = await conflictosDeCaso(userId, casoId);
      const noted = current.filter((item) => claves.includes(item.clave) && !item.revisado);
      if (noted.length) {
        await db.transaction(async (tx) => {
          await queries.addReviewed(
            tx,
            userId,
            casoId,
            noted.map((item) => item.clave),
          );
          await deps.history.record(tx, userId, {
            accion: 'editar',
            entidad: 'caso',
            entidadId: casoId,
            casoId,
            resumen: `Posible conflicto de interés revisado: ${noted.map(describeConflict).join('; ')}`,
          });
        });
      }
      return conflictosDeCaso(userId, casoId);
    },

    async list(userId: string, casoId: string): Promise<Parte[]> {
      await deps.cases.assertOwned(userId, casoId);
      return (await queries.forCase(userId, casoId)).map(toParte);
    },

    async create(userId: string, casoId: string, input: { rol: ParteInput['rol']; nombre: string; abogado: string | null }) {
      await deps.cases.assertOwned(userId, casoId);
      const parte = await db.transaction(async (tx) => {
        if ((await queries.countFor(tx, userId, casoId)) >= PARTES_POR_CASO_MAX) throw appError('LIMIT_REACHED', MSG.partes.demasiadas);
        const added = toParte(await queries.insert(tx, userId, casoId, valuesOf(input)));
        await queries.refreshNames(tx, userId, casoId);
        await deps.history.record(tx, userId, {
          accion: 'editar',
          entidad: 'caso',
          entidadId: casoId,
          casoId,
          resumen: `Parte agregada: ${added.nombre} (${PARTE_ROL_LABELS[added.rol].toLowerCase()})`,
          cambios: changesOf(null, asRecorded(added), FIELDS),
        });
        return added;
      });
      return { parte, conflictos: await conflictos(userId, parte.nombre, { casoId }) };
    },

    async update(userId: string, id: string, input: { rol: ParteInput['rol']; nombre: string; abogado: string | null }) {
      const parte = await db.transaction(async (tx) => {
        const before = await queries.one(userId, id, tx);
        if (!before) throw notFound();
        const after = await queries.update(tx, userId, id, valuesOf(input));
        if (!after) throw notFound();
        await queries.refreshNames(tx, userId, after.casoId);
        const cambios = changesOf(asRecorded(toParte(before)), asRecorded(toParte(after)), FIELDS);
        if (cambios.length) {
          await deps.history.record(tx, userId, {
            accion: 'editar',
            entidad: 'caso',
            entidadId: after.casoId,
            casoId: after.casoId,
            resumen: `Parte editada: ${after.nombre}`,
            cambios,
          });
        }
        return toParte(after);
      });
      return { parte, conflictos: await conflictos(userId, parte.nombre, { casoId: parte.caso_id }) };
    },

    async remove(userId: string, id: string): Promise<void> {
      await db.transaction(async (tx) => {
        const removed = await queries.remove(tx, userId, id);
        if (!removed) throw notFound();
        await queries.refreshNames(tx, userId, removed.casoId);
        await deps.history.record(tx, userId, {
          accion: 'editar',
          entidad: 'caso',
          entidadId: removed.casoId,
          casoId: removed.casoId,
          resumen: `Parte eliminada: ${removed.nombre} (${PARTE_ROL_LABELS[removed.rol].toLowerCase()})`,
        });
      });
    },
  };
}

export type PartyService = ReturnType<typeof createPartyService>;
