import type { BusquedaQuery, BusquedaTipo, GrupoResultados, Resultado } from '@bufete/shared';
import { dateFormatIn, formatMXN } from '@bufete/shared';
import type { Database } from '../../db/client';
import { createSearchQueries } from './queries';
import { type Hit, sizeOf, termsOf } from './sql';

/** A hit as the top bar shows it: invoices with their amount, appointments with their time on the lawyer's clock. */
function toResultado(tipo: BusquedaTipo, hit: Hit, when: Intl.DateTimeFormat): Resultado {
  let contexto = hit.contexto;
  if (tipo === 'facturas') contexto = [hit.contexto ?? 'Sin cliente', hit.monto ? formatMXN(hit.monto) : null].filter(Boolean).join(' · ');
  // An appointment is placed by when it is, on the lawyer's clock.
  if (tipo === 'citas') contexto = [when.format(new Date(hit.fecha)), hit.contexto].filter(Boolean).join(' · ');
  return { tipo, id: hit.id, titulo: hit.titulo, contexto, fragmento: hit.fragmento, fecha: new Date(hit.fecha).toISOString(), dia: hit.dia, caso_id: hit.caso_id ?? null };
}

/** The top bar's search: the lawyer's records found by queries.ts, shaped as results, a page per kind. */
export function createSearchService(db: Database) {
  const { hitsOf } = createSearchQueries(db);
  return {
    /** The SQL side of a search (the benchmarks compare it with the endpoint). */
    hitsOf,

    async search(userId: string, query: BusquedaQuery): Promise<{ grupos: GrupoResultados[] }> {
      if (termsOf(query.q).length === 0) return { grupos: [] };
      const { timeZone, kinds } = await hitsOf(userId, query);
      const when = dateFormatIn(timeZone, 'es-MX', { dateStyle: 'medium', timeStyle: 'short', hourCycle: 'h23' });
      const size = sizeOf(query.tipo);
      return {
        grupos: kinds.map(({ tipo, hits }) => ({ tipo, items: hits.slice(0, size).map((hit) => toResultado(tipo, hit, when)), hay_mas: hits.length > size })),
      };
    },
  };
}

export type SearchService = ReturnType<typeof createSearchService>;
