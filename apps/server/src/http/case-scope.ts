import { inArray, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { currentRequest } from './request-context';

/*
 * A pasante's request sees only the cases they work on (issue 46): the router
 * puts those cases on the request (modules/team/pasante.ts), and every list
 * of case records keeps to them with these conditions. Any other request
 * (everyone else, a background job) sees the whole despacho: the conditions
 * are then undefined, which `and()` drops.
 */

/**
 * Keeps a list to the cases the request's pasante works on: a condition on
 * the column that holds a row's case, or undefined (everyone else sees the
 * whole despacho; `and()` drops it). A row with no case is no pasante's.
 */
export function soloCasosVisibles(column: AnyPgColumn): SQL | undefined {
  const visibles = currentRequest()?.casosVisibles;
  if (!visibles) return undefined;
  return visibles.length === 0 ? sql`false` : inArray(column, [...visibles]);
}

/**
 * The same for a prepared list (db/prepared.ts): its shape says whether the
 * condition is in the statement (`asignados`), and its values carry the cases
 * (`casosVisibles`, a placeholder), so one statement serves every pasante.
 */
export function alcanceDeLaLista(): { asignados: boolean; casosVisibles: string | undefined } {
  const visibles = currentRequest()?.casosVisibles;
  return { asignados: !!visibles, casosVisibles: visibles ? arrayLiteral(visibles) : undefined };
}

/** A list of ids as PostgreSQL's array text ('{a,b}'): the same value on node-postgres and PGlite. Ids are the database's own UUIDs. */
export const arrayLiteral = (ids: readonly string[]): string => `{${ids.join(',')}}`;
export const soloCasosVisiblesPreparado = (column: AnyPgColumn): SQL => sql`${column} = any(${sql.placeholder('casosVisibles')}::uuid[])`;

/**
 * Who asks, for what is private to its author (a note): the person signed in,
 * or null in background work (an export, a job), which reads the despacho whole.
 */
export const personaQuePregunta = (): string | null => currentRequest()?.personaId ?? null;

/** Whether the request is a pasante's. */
export const esPasante = (): boolean => currentRequest()?.casosVisibles !== undefined;

/** Whether the request may see this case (always, but for a pasante's cases). */
export function casoVisible(casoId: string | null | undefined): boolean {
  const visibles = currentRequest()?.casosVisibles;
  return !visibles || (!!casoId && visibles.includes(casoId));
}
