import { MSG } from '@bufete/shared/messages';
import { EMPTY_DOC, type RichTextNode } from '@bufete/shared/notas';
import { useState } from 'react';
import { toast } from 'sonner';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogFooter, DialogHeader } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { serverSays } from '@/lib/api';
import { useCreateNote } from './api';
import { CaseSelect } from '@/components/pickers/CaseSelect';
import { ClientSelect } from '@/components/pickers/ClientSelect';
import { LazyEditor } from './editor/LazyEditor';
import { TagPicker } from '@/components/tags/TagPicker';

/** 'Nueva Nota': title, rich content, tags, and an optional case and client (`casoId` fixes the case). */
export function NoteFormDialog({ open, onOpenChange, casoId }: { open: boolean; onOpenChange: (open: boolean) => void; casoId?: string }) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-2xl">
        <DialogHeader title="Nueva Nota" description="Escribe tu nota, dale formato y organízala con etiquetas." />
        {open ? <NoteForm casoId={casoId} onDone={() => onOpenChange(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function NoteForm({ casoId, onDone }: { casoId?: string; onDone: () => void }) {
  const create = useCreateNote();
  const [titulo, setTitulo] = useState('');
  const [contenido, setContenido] = useState<RichTextNode>(EMPTY_DOC);
  const [tagIds, setTagIds] = useState<string[]>([]);
  const [caso, setCaso] = useState(casoId ?? '');
  const [cliente, setCliente] = useState('');
  const [error, setError] = useState<string | null>(null);

  const onSubmit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!titulo.trim()) return;
    setError(null);
    try {
      await create.mutateAsync({ titulo: titulo.trim(), contenido, etiqueta_ids: tagIds, caso_id: caso || null, cliente_id: cliente || null });
      toast.success('Nota creada correctamente');
      onDone();
    } catch (caught) {
      setError(serverSays(caught) ? caught.message : MSG.notes.errorCrear);
    }
  };

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      {error ? <Alert variant="error">{error}</Alert> : null}
      <FormField id="nota-titulo" label="Título *">
        <Input id="nota-titulo" value={titulo} onChange={(e) => setTitulo(e.target.value)} placeholder="Título de la nota" maxLength={200} />
      </FormField>
      <div className="space-y-1.5">
        <Label htmlFor="nota-contenido">Contenido</Label>
        <LazyEditor id="nota-contenido" label="Contenido" value={contenido} onChange={setContenido} />
      </div>
      <div className="space-y-1.5">
        <p className="text-sm font-medium text-slate-800">Etiquetas</p>
        <TagPicker selected={tagIds} onChange={setTagIds} />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        {!casoId ? <CaseSelect id="nota-caso" value={caso} onChange={setCaso} /> : null}
        <ClientSelect id="nota-cliente" value={cliente} onChange={setCliente} />
      </div>
      <DialogFooter>
        <Button variant="outline" onClick={onDone}>
          Cancelar
        </Button>
        <Button type="submit" disabled={!titulo.trim() || create.isPending}>
          {create.isPending ? <Spinner /> : null}
          Crear Nota
        </Button>
      </DialogFooter>
    </form>
  );
}
