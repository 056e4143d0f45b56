import { Plus, Tags } from 'lucide-react';
import { useMemo, useState } from 'react';
import { EmptyState, LoadingState, LoadMore, SearchInput } from '@/components/ui/list-states';
import { PageHeader } from '@/components/ui/page-header';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Select } from '@/components/ui/select';
import { DEMO_NOTA } from '@/lib/demo';
import { useNoteCases, useNotes } from './api';
import { useTags } from '@/lib/tags';
import { LinkedNoteDialog } from './LinkedNoteDialog';
import { NoteGrid } from './NoteGrid';
import { useDebounced } from '@/lib/hooks';
import { TagsDialog } from '@/components/tags/TagsDialog';
import { NoteFormDialog } from './dialogs';
import { PAGE_HEADINGS } from '@/lib/page-headings';

export default function NotesPage() {
  const [search, setSearch] = useState('');
  const [casoId, setCasoId] = useState('');
  const [etiquetaId, setEtiquetaId] = useState('');
  const q = useDebounced(search.trim());
  const filters = useMemo(() => ({ q, casoId, etiquetaId }), [q, casoId, etiquetaId]);
  const list = useNotes(filters);
  const cases = useNoteCases();
  const tags = useTags();
  const [creating, setCreating] = useState(false);
  const [managingTags, setManagingTags] = useState(false);

  const real = list.data?.pages.flatMap((page) => page.items) ?? [];
  const term = q.toLowerCase();
  const sampleMatches =
    !casoId &&
    (!etiquetaId || DEMO_NOTA.etiquetas.some((t) => t.id === etiquetaId)) &&
    (!term || DEMO_NOTA.titulo.toLowerCase().includes(term) || DEMO_NOTA.contenido_texto.toLowerCase().includes(term));
  // A failed fetch falls back to showing only the sample note (spec part 2, section 8).
  const notes = [...(sampleMatches ? [DEMO_NOTA] : []), ...real];

  return (
    <div>
      <PageHeader
        {...PAGE_HEADINGS.notas}
        actions={
          <>
            <Button variant="outline" onClick={() => setManagingTags(true)}>
              <Tags aria-hidden /> Etiquetas
            </Button>
            <Button onClick={() => setCreating(true)}>
              <Plus aria-hidden /> Nueva Nota
            </Button>
          </>
        }
      />
      <div className="mb-6 flex flex-col gap-3 md:flex-row">
        <div className="flex-1">
          <SearchInput value={search} onChange={setSearch} placeholder="Buscar en títulos y contenido..." label="Buscar notas" />
        </div>
        {cases.data && cases.data.length > 0 ? (
          <div className="md:w-56">
            <Select value={casoId} onChange={(e) => setCasoId(e.target.value)} aria-label="Filtrar por caso">
              <option value="">Todos los casos</option>
              {cases.data.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.titulo}
                </option>
              ))}
            </Select>
          </div>
        ) : null}
        <div className="md:w-56">
          <Select value={etiquetaId} onChange={(e) => setEtiquetaId(e.target.value)} aria-label="Filtrar por etiqueta">
            <option value="">Todas las etiquetas</option>
            {tags.data?.map((t) => (
              <option key={t.id} value={t.id}>
                {t.nombre}
              </option>
            ))}
          </Select>
        </div>
      </div>
      {list.isError ? (
        <Alert variant="error" className="mb-4">
          No se pudieron cargar tus notas. Se muestra solo la nota de ejemplo.
        </Alert>
      ) : null}
      {list.isPending ? (
        <LoadingState>Cargando notas...</LoadingState>
      ) : notes.length === 0 ? (
        <EmptyState>No se encontraron notas que coincidan con la búsqueda.</EmptyState>
      ) : (
        <NoteGrid notes={notes} />
      )}
      <LoadMore list={list} label="Cargar más notas" />
      <NoteFormDialog open={creating} onOpenChange={setCreating} />
      <LinkedNoteDialog />
      <TagsDialog open={managingTags} onOpenChange={setManagingTags} />
    </div>
  );
}
