import { MSG } from '@bufete/shared/messages';
import { notasApi } from '@bufete/shared/api/notas';
import { toast } from '@/lib/toast';
import { useAddressedRecord } from '@/lib/addressed';
import { call } from '@/lib/api';
import { DEMO_CASO_NOTAS, DEMO_NOTA } from '@/lib/demo';
import { noteKeys, useToggleFavorite } from './api';
import { NoteDetailDialog } from './NoteDetailDialog';

/** The note opened by the address (`?ver=<id>`), over the notes list. */
export function LinkedNoteDialog() {
  const favorite = useToggleFavorite();
  const { record, isSample, close, refetch } = useAddressedRecord({
    queryKey: noteKeys.all,
    read: async (id, signal) => (await call(notasApi.get, { params: { id }, signal })).nota,
    samples: [DEMO_NOTA, ...DEMO_CASO_NOTAS],
    missingMessage: MSG.notes.noEncontrada,
  });
  return (
    <NoteDetailDialog
      nota={record}
      demo={isSample}
      onOpenChange={(open) => !open && close()}
      onToggleFavorite={(target) => {
        if (isSample) return toast.info(MSG.notes.notaEjemploSoloLectura);
        favorite.mutate({ id: target.id, value: !target.is_favorita }, { onSuccess: () => void refetch(), onError: () => toast.error(MSG.notes.errorActualizar) });
      }}
    />
  );
}
