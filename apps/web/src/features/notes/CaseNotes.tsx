import { EmptyState, LoadingState, LoadMore } from '@/components/ui/list-states';
import { type NoteFilters, useNotes } from './api';
import { NoteGrid } from './NoteGrid';

/** The 'Notas' tab of a case. */
export function CaseNotes({ casoId }: { casoId: string }) {
  return <LinkedNotes filters={{ q: '', casoId, etiquetaId: '' }} empty="Este caso aún no tiene notas." />;
}

/** A client's notes (their own and their cases'), on the client page. */
export function ClientNotes({ clienteId }: { clienteId: string }) {
  return <LinkedNotes filters={{ q: '', casoId: '', etiquetaId: '', clienteId }} empty="Este cliente aún no tiene notas." />;
}

function LinkedNotes({ filters, empty }: { filters: NoteFilters; empty: string }) {
  const list = useNotes(filters);
  const notes = list.data?.pages.flatMap((page) => page.items) ?? [];
  if (list.isPending) return <LoadingState>Cargando notas...</LoadingState>;
  if (notes.length === 0) return <EmptyState>{empty}</EmptyState>;
  return (
    <>
      <NoteGrid notes={notes} />
      <LoadMore list={list} label="Cargar más notas" />
    </>
  );
}
