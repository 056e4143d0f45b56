import type { Resultado } from '@bufete/shared/search';
import { BUSQUEDA_TIPO_LABEL } from '@bufete/shared/values/search';
import { ArrowRight, Search } from 'lucide-react';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { useDebounced, useMediaQuery } from '@/lib/hooks';
import { cn } from '@/lib/utils';
import { hrefOf, useQuickSearch } from './api';
import { ResultBody } from './results';

const isEditable = (target: EventTarget | null) => target instanceof HTMLElement && (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));

/**
 * The top bar's search ('Buscar casos, clientes, documentos...'): results as
 * you type, grouped by kind; Ctrl+K / ⌘K or '/' focus it, arrows move, Enter
 * opens, Esc closes. A combobox with a listbox (WAI-ARIA 1.2 pattern).
 */
export function SearchBox() {
  const navigate = useNavigate();
  const inputRef = useRef<HTMLInputElement>(null);
  const wide = useMediaQuery('(min-width: 640px)');
  const listId = useId();
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const q = useDebounced(text.trim(), 100);
  const search = useQuickSearch(q);
  const grupos = useMemo(() => (search.data ?? []).filter((grupo) => grupo.items.length > 0), [search.data]);
  // Every choice in the order the arrows walk them; the last one is 'Ver todos los resultados'.
  const choices = useMemo(() => [...grupos.flatMap((grupo) => grupo.items), null], [grupos]);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const palette = (event.key === 'k' || event.key === 'K') && (event.ctrlKey || event.metaKey);
      if (palette || (event.key === '/' && !event.ctrlKey && !event.metaKey && !event.altKey && !isEditable(event.target))) {
        event.preventDefault();
        inputRef.current?.focus();
        inputRef.current?.select();
        setOpen(true);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  useEffect(() => setActive(-1), [q]);

  const go = (resultado: Resultado | null) => {
    const term = text.trim();
    if (!term) return;
    setOpen(false);
    setText('');
    inputRef.current?.blur();
    navigate(resultado ? hrefOf(resultado) : `/buscar?q=${encodeURIComponent(term)}`);
  };

  const onKeyDown = (event: React.KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Escape') {
      if (open && text) setOpen(false);
      else inputRef.current?.blur();
      return;
    }
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setOpen(true);
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((current) => (current < 0 ? (step > 0 ? 0 : choices.length - 1) : (current + step + choices.length) % choices.length));
      return;
    }
    if (event.key === 'Enter') {
      event.preventDefault();
      go(active >= 0 ? (choices[active] ?? null) : null);
    }
  };

  const showPanel = open && text.trim().length > 0;
  const optionId = (index: number) => `${listId}-opcion-${index}`;
  let index = -1;

  return (
    <div className="relative max-w-md min-w-0 flex-1" role="search">
      <Search className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-500" aria-hidden />
      <Input
        ref={inputRef}
        type="search"
        // A phone's bar has room for one word: the whole sentence is cut to 'Buscar cas'. Its label says it all either way.
        placeholder={wide ? 'Buscar casos, clientes, documentos...' : 'Buscar...'}
        aria-label="Buscar casos, clientes, documentos"
        className="pl-9"
        role="combobox"
        aria-expanded={showPanel}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={showPanel && active >= 0 ? optionId(active) : undefined}
        autoComplete="off"
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          setOpen(true);
        }}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        onKeyDown={onKeyDown}
        maxLength={200}
      />
      {showPanel ? (
        <div
          className="fixed inset-x-3 top-[4.25rem] z-30 max-h-[70vh] overflow-y-auto rounded-lg border border-border bg-white p-2 shadow-lg sm:absolute sm:inset-x-auto sm:top-full sm:left-0 sm:mt-2 sm:w-[min(36rem,calc(100vw-2rem))]"
          // Keeps the focus in the box while a result is clicked.
          onMouseDown={(event) => event.preventDefault()}
        >
          <div id={listId} role="listbox" aria-label="Resultados de la búsqueda">
            {grupos.map((grupo) => (
              <div key={grupo.tipo} role="group" aria-labelledby={`${listId}-${grupo.tipo}`} className="mb-1">
                <div id={`${listId}-${grupo.tipo}`} className="px-2 pt-2 pb-1 text-xs font-semibold tracking-wide text-slate-600 uppercase">
                  {BUSQUEDA_TIPO_LABEL[grupo.tipo]}
                </div>
                {grupo.items.map((resultado) => {
                  index += 1;
                  const mine = index;
                  return (
                    <div
                      key={`${resultado.tipo}-${resultado.id}`}
                      id={optionId(mine)}
                      role="option"
                      aria-selected={active === mine}
                      className={cn('cursor-pointer rounded-md px-2 py-2', active === mine ? 'bg-slate-100' : 'hover:bg-slate-50')}
                      onMouseEnter={() => setActive(mine)}
                      onClick={() => go(resultado)}
                    >
                      <ResultBody resultado={resultado} />
                    </div>
                  );
                })}
              </div>
            ))}
            {grupos.length === 0 ? (
              <p className="px-2 py-3 text-sm text-slate-600" role="presentation">
                {search.isFetching || q !== text.trim() ? (
                  <span className="inline-flex items-center gap-2">
                    <Spinner className="size-4" /> Buscando...
                  </span>
                ) : search.isError ? (
                  'No se pudo buscar. Inténtalo de nuevo.'
                ) : (
                  `Sin resultados para «${text.trim()}».`
                )}
              </p>
            ) : null}
            <div
              id={optionId(choices.length - 1)}
              role="option"
              aria-selected={active === choices.length - 1}
              className={cn(
                'mt-1 flex cursor-pointer items-center justify-between rounded-md border-t border-border px-2 py-2 text-sm font-medium text-blue-700',
                active === choices.length - 1 ? 'bg-slate-100' : 'hover:bg-slate-50',
              )}
              onMouseEnter={() => setActive(choices.length - 1)}
              onClick={() => go(null)}
            >
              Ver todos los resultados
              <ArrowRight className="size-4" aria-hidden />
            </div>
          </div>
        </div>
      ) : null}
    </div>
  );
}
