import type { Cambio, HistorialEntry } from '@bufete/shared/historial';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { LoadingState } from '@/components/ui/list-states';
import { formatShortDateTime } from '@/lib/format';

/** A record's history, newest first: what happened, the fields that changed, when and from where. */
export function History({ entries, timeZone }: { entries: HistorialEntry[]; timeZone: string }) {
  if (entries.length === 0) return <p className="text-sm text-slate-600">Sin cambios registrados.</p>;
  return (
    <ol className="space-y-3 text-sm" data-testid="history">
      {entries.map((entry) => (
        <li key={entry.id} className="border-l-2 border-slate-200 pl-3">
          <p className="text-slate-900">{entry.resumen}</p>
          {entry.cambios.length ? (
            <ul className="mt-1 space-y-0.5 text-slate-700">
              {entry.cambios.map((cambio) => (
                <li key={cambio.campo} className="break-words">
                  <span className="font-medium">{cambio.campo}:</span> <ChangeText cambio={cambio} />
                </li>
              ))}
            </ul>
          ) : null}
          <p className="mt-0.5 text-xs text-slate-500">
            {formatShortDateTime(entry.fecha, timeZone)}
            {entry.autor ? ` · por ${entry.autor}` : ''}
            {entry.ip ? ` · desde ${entry.ip.replace(/^::ffff:/, '')}` : ''}
          </p>
        </li>
      ))}
    </ol>
  );
}

/**
 * What changed in a field: old → new; only that a text changed when the trail
 * never keeps it (a note's contents, a description, anything long); and that
 * the values were a client's data erased at their request.
 */
function ChangeText({ cambio }: { cambio: Cambio }) {
  if (cambio.eliminado) return <em className="text-slate-500">dato personal eliminado a solicitud del cliente</em>;
  if (cambio.antes === null && cambio.despues === null) return <>texto modificado</>;
  return (
    <>
      {cambio.antes ?? '—'} → {cambio.despues ?? '—'}
    </>
  );
}

/** Pages of history as the server gives them (newest first). */
interface HistoryPages {
  data?: { pages: { items: HistorialEntry[]; next_cursor: string | null }[] };
  isPending: boolean;
  isError: boolean;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => unknown;
}

/** A paged history: its entries, and 'Ver más' while older ones remain. */
export function HistoryFeed({ pages, timeZone }: { pages: HistoryPages; timeZone: string }) {
  if (pages.isPending) return <LoadingState>Cargando historial...</LoadingState>;
  if (pages.isError) return <Alert variant="error">No se pudo cargar el historial. Inténtalo de nuevo.</Alert>;
  const entries = pages.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <div className="space-y-3">
      <History entries={entries} timeZone={timeZone} />
      {pages.hasNextPage ? (
        <Button variant="outline" size="sm" disabled={pages.isFetchingNextPage} onClick={() => void pages.fetchNextPage()}>
          {pages.isFetchingNextPage ? 'Cargando...' : 'Ver más'}
        </Button>
      ) : null}
    </div>
  );
}
