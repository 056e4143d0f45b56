import { MSG } from '@bufete/shared/messages';
import type { Nota } from '@bufete/shared/notas';
import type { RichTextNode } from '@bufete/shared/values/notas';
import { Briefcase, Pencil, Star, User } from 'lucide-react';
import { useState } from 'react';
import { toast } from '@/lib/toast';
import { ImageGallery } from '@/components/images/ImageGallery';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogFooter, DialogHeader } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { serverSays } from '@/lib/api';
import { formatShortDateTime } from '@/lib/format';
import { useTimeZone } from '@/lib/session';
import { useUpdateNote } from './api';
import { cn } from '@/lib/utils';
import { LazyEditor } from './editor/LazyEditor';
import { RichTextView } from './editor/RichTextView';
import { TagChip, TagPicker } from '@/components/tags/TagPicker';

/** View a note, edit its title, content, tags and favourite, and manage its images. */
export function NoteDetailDialog({
  nota,
  demo,
  onOpenChange,
  onToggleFavorite,
}: {
  nota: Nota | null;
  demo: boolean;
  onOpenChange: (open: boolean) => void;
  onToggleFavorite: (nota: Nota) => void;
}) {
  return (
    <Dialog open={!!nota} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-3xl">{nota ? <Detail key={nota.id} nota={nota} demo={demo} onToggleFavorite={onToggleFavorite} /> : null}</DialogContent>
    </Dialog>
  );
}

function Detail({ nota, demo, onToggleFavorite }: { nota: Nota; demo: boolean; onToggleFavorite: (nota: Nota) => void }) {
  const [editing, setEditing] = useState(false);
  const timeZone = useTimeZone();
  const update = useUpdateNote();
  const [titulo, setTitulo] = useState(nota.titulo);
  const [contenido, setContenido] = useState<RichTextNode>(nota.contenido);
  const [tagIds, setTagIds] = useState(nota.etiquetas.map((t) => t.id));
  const [error, setError] = useState<string | null>(null);

  const save = async () => {
    if (!titulo.trim()) return;
    setError(null);
    try {
      await update.mutateAsync({ id: nota.id, input: { titulo: titulo.trim(), contenido, etiqueta_ids: tagIds } });
      toast.success('Nota actualizada');
      setEditing(false);
    } catch (caught) {
      setError(serverSays(caught) ? caught.message : MSG.notes.errorActualizar);
    }
  };

  return (
    <div>
      <DialogHeader title={editing ? 'Editar nota' : nota.titulo} description={`Actualizada el ${formatShortDateTime(nota.updated_at, timeZone)}`} />
      <div className="-mt-2 mb-4 flex flex-wrap items-center gap-2">
        <Button variant="outline" size="sm" onClick={() => onToggleFavorite(nota)} aria-pressed={nota.is_favorita}>
          <Star className={cn(nota.is_favorita ? 'fill-amber-400 text-amber-500' : '')} aria-hidden />
          {nota.is_favorita ? 'Favorita' : 'Marcar como favorita'}
        </Button>
        {!editing ? (
          <Button variant="outline" size="sm" onClick={() => (demo ? toast.info(MSG.notes.notaEjemploSoloLectura) : setEditing(true))}>
            <Pencil aria-hidden /> Editar
          </Button>
        ) : null}
        {nota.caso ? (
          <span className="inline-flex items-center gap-1 text-xs text-slate-600">
            <Briefcase className="size-3.5" aria-hidden /> {nota.caso.titulo}
          </span>
        ) : null}
        {nota.cliente ? (
          <span className="inline-flex items-center gap-1 text-xs text-slate-600">
            <User className="size-3.5" aria-hidden /> {nota.cliente.nombre}
          </span>
        ) : null}
      </div>

      {editing ? (
        <div className="space-y-4">
          {error ? <Alert variant="error">{error}</Alert> : null}
          <FormField id="detalle-titulo" label="Título *">
            <Input id="detalle-titulo" value={titulo} onChange={(e) => setTitulo(e.target.value)} maxLength={200} />
          </FormField>
          <div className="space-y-1.5">
            <Label htmlFor="detalle-contenido">Contenido</Label>
            <LazyEditor id="detalle-contenido" label="Contenido" value={contenido} onChange={setContenido} />
          </div>
          <div className="space-y-1.5">
            <p className="text-sm font-medium text-slate-800">Etiquetas</p>
            <TagPicker selected={tagIds} onChange={setTagIds} />
          </div>
          <DialogFooter>
            <Button variant="outline" onClick={() => setEditing(false)}>
              Cancelar
            </Button>
            <Button onClick={save} disabled={!titulo.trim() || update.isPending}>
              {update.isPending ? <Spinner /> : null}
              Guardar Cambios
            </Button>
          </DialogFooter>
        </div>
      ) : (
        <>
          {nota.etiquetas.length ? (
            <div className="mb-3 flex flex-wrap gap-1.5">
              {nota.etiquetas.map((tag) => (
                <TagChip key={tag.id} tag={tag} />
              ))}
            </div>
          ) : null}
          <div className="rounded-lg border border-border bg-slate-50 p-4 text-sm text-slate-800" data-testid="note-content">
            {nota.contenido_texto ? <RichTextView doc={nota.contenido} /> : <p className="text-slate-500">Sin contenido</p>}
          </div>
        </>
      )}

      <section className="mt-6" aria-labelledby="nota-imagenes">
        <h3 id="nota-imagenes" className="mb-2 text-sm font-semibold text-slate-900">
          Imágenes
        </h3>
        <ImageGallery owner={{ notaId: nota.id }} demoImages={demo ? [] : undefined} />
      </section>
    </div>
  );
}
