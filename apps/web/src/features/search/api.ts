import type { GrupoResultados, Resultado } from '@bufete/shared/search';
import type { BusquedaTipo } from '@bufete/shared/values/search';
import { searchApi } from '@bufete/shared/api/search';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api';
import { resourceKeys } from '@/lib/resources';
import { demoMatches } from './demo';

export const searchKeys = {
  all: resourceKeys.search,
  box: (q: string) => ['search', 'panel', q] as const,
  page: (q: string, tipo: BusquedaTipo) => ['search', 'pagina', q, tipo] as const,
};

/** The demo records that match go first in their group, as the lists show them first. */
function withDemo(grupos: GrupoResultados[], q: string): GrupoResultados[] {
  const demo = demoMatches(q);
  return grupos.map((grupo) => ({ ...grupo, items: [...demo.filter((item) => item.tipo === grupo.tipo), ...grupo.items] }));
}

/**
 * The top bar's results: 5 of each kind. Each search is its own query (keyed
 * by the text), so a slow answer to an older text is never shown for a newer
 * one; the previous results stay on screen while the next arrive.
 */
export function useQuickSearch(q: string) {
  return useQuery({
    queryKey: searchKeys.box(q),
    queryFn: async ({ signal }) => withDemo((await call(searchApi.search, { query: { q }, signal })).grupos, q),
    enabled: q.length > 0,
    placeholderData: (previous) => previous,
    staleTime: 30_000,
  });
}

/** /buscar with one kind chosen: 20 a page, 'Cargar más'. */
export function useSearchPage(q: string, tipo: BusquedaTipo) {
  return useInfiniteQuery({
    queryKey: searchKeys.page(q, tipo),
    initialPageParam: 1,
    queryFn: async ({ pageParam, signal }) => {
      const { grupos } = await call(searchApi.search, { query: { q, tipo, pagina: pageParam }, signal });
      const grupo = grupos[0] ?? { tipo, items: [], hay_mas: false };
      return pageParam === 1 ? withDemo([grupo], q)[0]! : grupo;
    },
    getNextPageParam: (last, pages) => (last.hay_mas ? pages.length + 1 : undefined),
    enabled: q.length > 0,
  });
}

/** Where a result opens: its page, or the page that shows it in its viewer. */
export function hrefOf(resultado: Resultado): string {
  const id = encodeURIComponent(resultado.id);
  switch (resultado.tipo) {
    case 'casos':
      return `/casos/${id}`;
    case 'clientes':
      return `/clientes/${id}`;
    case 'documentos':
      return `/documentos?ver=${id}`;
    case 'notas':
      return `/notas?ver=${id}`;
    case 'actuaciones':
      return `/casos/${encodeURIComponent(resultado.caso_id ?? '')}?tab=actuaciones`;
    case 'tareas':
      return resultado.caso_id ? `/casos/${encodeURIComponent(resultado.caso_id)}?tab=tareas` : '/tareas';
    case 'citas':
      return `/calendario?vista=semana${resultado.dia ? `&fecha=${resultado.dia}` : ''}`;
    case 'facturas':
      return `/facturacion?q=${encodeURIComponent(resultado.titulo.split(' · ')[0]!)}`;
  }
}
