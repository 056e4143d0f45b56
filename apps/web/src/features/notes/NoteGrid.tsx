import { MSG } from '@bufete/shared/messages';
import type { Nota } from '@bufete/shared/notas';
import { useState } from 'react';
import { toast } from '@/lib/toast';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { useDeleteNote, useToggleFavorite } from './api';
import { NoteCard } from './NoteCard';
import { NoteDetailDialog } from './NoteDetailDialog';

const isSample = (id: string) => id.startsWith('ejemplo-');

/** Note cards with the star, the detail dialog and deletion; sample notes stay read-only. */
export function NoteGrid({ notes }: { notes: Nota[] }) {
  const favorite = useToggleFavorite();
  const remove = useDeleteNote();
  const [viewingId, setViewingId] = useState<string | null>(null);
  const [toDelete, setToDelete] = useState<Nota | null>(null);
  const viewing = notes.find((n) => n.id === viewingId) ?? null;

  const sampleMessage = (nota: Nota) => (nota.caso_id?.startsWith('ejemplo-') ? MSG.notes.noEliminarNotasCasoEjemplo : MSG.notes.noEliminarEjemplo);
  const toggleFavorite = (nota: Nota) => {
    if (isSample(nota.id)) return toast.info(MSG.notes.notaEjemploSoloLectura);
    favorite.mutate({ id: nota.id, value: !nota.is_favorita }, { onError: () => toast.error(MSG.notes.errorActualizar) });
  };

  return (
    <>
      <div className="grid grid-cols-1 gap-4 md:grid-cols-2 xl:grid-cols-3">
        {notes.map((nota) => (
          <NoteCard
            key={nota.id}
            nota={nota}
            demo={isSample(nota.id)}
            onToggleFavorite={() => toggleFavorite(nota)}
            onView={() => setViewingId(nota.id)}
            onDelete={() => (isSample(nota.id) ? toast.error(sampleMessage(nota)) : setToDelete(nota))}
          />
        ))}
      </div>
      <NoteDetailDialog nota={viewing} demo={!!viewing && isSample(viewing.id)} onOpenChange={(open) => !open && setViewingId(null)} onToggleFavorite={toggleFavorite} />
      <ConfirmDialog
        open={!!toDelete}
        onOpenChange={(open) => !open && setToDelete(null)}
        title="Eliminar nota"
        description={MSG.notes.confirmarEliminar}
        busy={remove.isPending}
        onConfirm={() =>
          toDelete &&
          remove.mutate(toDelete.id, {
            onSuccess: () => {
              toast.success('Nota eliminada');
              setToDelete(null);
            },
            onError: () => toast.error(MSG.notes.errorEliminar),
          })
        }
      />
    </>
  );
}
