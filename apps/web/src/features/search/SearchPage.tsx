import type { GrupoResultados, Resultado } from '@bufete/shared/search';
import type { BusquedaTipo } from '@bufete/shared/values/search';
import { BUSQUEDA_TIPO_LABEL, BUSQUEDA_TIPOS } from '@bufete/shared/values/search';
import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { EmptyState, LoadingState, LoadMore, SearchInput } from '@/components/ui/list-states';
import { PageHeader } from '@/components/ui/page-header';
import { useDebounced } from '@/lib/hooks';
import { cn } from '@/lib/utils';
import { hrefOf, useQuickSearch, useSearchPage } from './api';
import { ResultBody } from './results';

const isTipo = (value: string | null): value is BusquedaTipo => BUSQUEDA_TIPOS.includes(value as BusquedaTipo);

function ResultList({ items }: { items: Resultado[] }) {
  return (
    <ul className="divide-y divide-border rounded-xl border border-border bg-white">
      {items.map((resultado) => (
        <li key={`${resultado.tipo}-${resultado.id}`}>
          <Link to={hrefOf(resultado)} className="block px-4 py-3 hover:bg-slate-50 focus-visible:bg-slate-50">
            <ResultBody resultado={resultado} />
          </Link>
        </li>
      ))}
    </ul>
  );
}

/** Every kind, 5 of each, each with a way to see all of its kind. */
function AllKinds({ q, onKind }: { q: string; onKind: (tipo: BusquedaTipo) => void }) {
  const search = useQuickSearch(q);
  if (search.isPending) return <LoadingState>Buscando...</LoadingState>;
  if (search.isError) return <EmptyState>No se pudo buscar. Inténtalo de nuevo.</EmptyState>;
  const grupos = search.data.filter((grupo: GrupoResultados) => grupo.items.length > 0);
  if (grupos.length === 0) return <EmptyState>Sin resultados para «{q}».</EmptyState>;
  return (
    <div className="space-y-6">
      {grupos.map((grupo) => (
        <section key={grupo.tipo} aria-labelledby={`grupo-${grupo.tipo}`}>
          <div className="mb-2 flex items-center justify-between">
            <h2 id={`grupo-${grupo.tipo}`} className="text-lg font-semibold text-slate-900">
              {BUSQUEDA_TIPO_LABEL[grupo.tipo]}
            </h2>
            {grupo.hay_mas ? (
              <Button variant="ghost" size="sm" onClick={() => onKind(grupo.tipo)}>
                Ver todos: {BUSQUEDA_TIPO_LABEL[grupo.tipo].toLowerCase()}
              </Button>
            ) : null}
          </div>
          <ResultList items={grupo.items} />
        </section>
      ))}
    </div>
  );
}

/** One kind, 20 a page. */
function OneKind({ q, tipo }: { q: string; tipo: BusquedaTipo }) {
  const search = useSearchPage(q, tipo);
  if (search.isPending) return <LoadingState>Buscando...</LoadingState>;
  if (search.isError) return <EmptyState>No se pudo buscar. Inténtalo de nuevo.</EmptyState>;
  const items = search.data.pages.flatMap((page) => page.items);
  if (items.length === 0)
    return (
      <EmptyState>
        Sin resultados en {BUSQUEDA_TIPO_LABEL[tipo].toLowerCase()} para «{q}».
      </EmptyState>
    );
  return (
    <>
      <ResultList items={items} />
      <LoadMore list={search} label="Cargar más resultados" />
    </>
  );
}

/** /buscar?q=…&tipo=…: the full results of the top bar's search, with a filter per kind. */
export default function SearchPage() {
  const [params, setParams] = useSearchParams();
  const tipo = isTipo(params.get('tipo')) ? (params.get('tipo') as BusquedaTipo) : null;
  const [text, setText] = useState(params.get('q') ?? '');
  const q = useDebounced(text.trim(), 250);
  const paramQ = params.get('q') ?? '';
  const written = useRef(paramQ);
  useEffect(() => {
    // A search sent by the top bar while this page is open replaces the text…
    if (paramQ !== written.current) {
      written.current = paramQ;
      setText(paramQ);
    }
  }, [paramQ]);
  useEffect(() => {
    // …and what is typed here goes into the address, so it can be shared or reloaded.
    if (q === written.current) return;
    written.current = q;
    setParams((current) => ({ ...Object.fromEntries(current), q }), { replace: true });
  }, [q, setParams]);
  const setTipo = (next: BusquedaTipo | null) => setParams({ q, ...(next ? { tipo: next } : {}) });

  return (
    <div>
      <PageHeader title="Resultados de búsqueda" description="Casos, clientes, documentos, notas, actuaciones, tareas, citas y facturas." />
      <div className="mb-4 max-w-xl">
        <SearchInput value={text} onChange={setText} placeholder="Buscar casos, clientes, documentos..." label="Buscar en todo" />
      </div>
      <div className="mb-6 flex flex-wrap gap-2" role="group" aria-label="Filtrar por tipo">
        {[null, ...BUSQUEDA_TIPOS].map((kind) => (
          <button
            key={kind ?? 'todos'}
            type="button"
            aria-pressed={tipo === kind}
            onClick={() => setTipo(kind)}
            className={cn(
              'min-h-11 rounded-full border px-4 text-sm font-medium sm:min-h-9 sm:px-3',
              tipo === kind ? 'border-primary bg-primary text-white' : 'border-border bg-white text-slate-700 hover:bg-slate-50',
            )}
          >
            {kind ? BUSQUEDA_TIPO_LABEL[kind] : 'Todos'}
          </button>
        ))}
      </div>
      {!q ? (
        <EmptyState>Escribe lo que buscas: un nombre, un número de expediente, un RFC o unas palabras de un documento.</EmptyState>
      ) : tipo ? (
        <OneKind q={q} tipo={tipo} />
      ) : (
        <AllKinds q={q} onKind={setTipo} />
      )}
    </div>
  );
}
