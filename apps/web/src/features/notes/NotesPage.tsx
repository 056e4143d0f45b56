import { Plus, Search, Tags } from 'lucide-react';
import { useMemo, useState } from 'react';
import { NoteFormDialog } from '@/components/notes/NoteFormDialog';
import { NoteGrid } from '@/components/notes/NoteGrid';
import { PageHeader } from '@/components/PageHeader';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { Spinner } from '@/components/ui/spinner';
import { DEMO_NOTA } from '@/lib/demo';
import { useNoteCases, useNotes, useTags } from '@/lib/notes';
import { useDebounced } from '@/lib/practice';
import { TagsDialog } from './TagsDialog';

export default function NotesPage() {
  const [search, setSearch] = useState('');
  const [casoId, setCasoId] = useState('');
  const [tagId, setTagId] = useState('');
  const q = useDebounced(search.trim());
  const filters = useMemo(() => ({ q, casoId, tagId }), [q, casoId, tagId]);
  const list = useNotes(filters);
  const cases = useNoteCases();
  const tags = useTags();
  const [creating, setCreating] = useState(false);
  const [managingTags, setManagingTags] = useState(false);

  const real = list.data?.pages.flatMap((page) => page.items) ?? [];
  const term = q.toLowerCase();
  const sampleMatches =
    !casoId &&
    (!tagId || DEMO_NOTA.tags.some((t) => t.id === tagId)) &&
    (!term || DEMO_NOTA.titulo.toLowerCase().includes(term) || DEMO_NOTA.contenido_texto.toLowerCase().includes(term));
  // A failed fetch falls back to showing only the sample note (spec part 2, section 8).
  const notes = [...(sampleMatches ? [DEMO_NOTA] : []), ...real];

  return (
    <div>
      <PageHeader
        title="Notas"
        description="Apuntes, estrategias y pendientes de tu práctica"
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
        <div className="relative flex-1">
          <Search className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-slate-500" aria-hidden />
          <Input type="search" value={search} onChange={(e) => setSearch(e.target.value)} placeholder="Buscar en títulos y contenido..." aria-label="Buscar notas" className="pl-9" />
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
          <Select value={tagId} onChange={(e) => setTagId(e.target.value)} aria-label="Filtrar por etiqueta">
            <option value="">Todas las etiquetas</option>
            {tags.data?.map((t) => (
              <option key={t.id} value={t.id}>
                {t.nombre}
              </option>
            ))}
          </Select>
        </div>
      </div>
      {list.isError ? <Alert variant="error" className="mb-4">No se pudieron cargar tus notas. Se muestra solo la nota de ejemplo.</Alert> : null}
      {list.isPending ? (
        <div className="flex items-center gap-2 py-12 text-slate-600" role="status">
          <Spinner className="size-5 text-primary" /> Cargando notas...
        </div>
      ) : notes.length === 0 ? (
        <p className="rounded-xl border border-dashed border-border bg-white py-12 text-center text-slate-600">No se encontraron notas que coincidan con la búsqueda.</p>
      ) : (
        <NoteGrid notes={notes} />
      )}
      {list.hasNextPage ? (
        <div className="mt-6 flex justify-center">
          <Button variant="outline" onClick={() => list.fetchNextPage()} disabled={list.isFetchingNextPage}>
            Cargar más notas
          </Button>
        </div>
      ) : null}
      <NoteFormDialog open={creating} onOpenChange={setCreating} />
      <TagsDialog open={managingTags} onOpenChange={setManagingTags} />
    </div>
  );
}
