import type { Imagen } from '@bufete/shared/imagenes';
import { LIMITS } from '@bufete/shared/constants';
import { MSG } from '@bufete/shared/messages';
import { ImagePlus, Trash2 } from 'lucide-react';
import { useRef, useState } from 'react';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Spinner } from '@/components/ui/spinner';
import { serverSays } from '@/lib/api';
import { FileViewerDialog } from '@/components/file-viewer/FileViewerDialog';
import { useFileActions } from '@/components/file-viewer/useFileActions';
import { type ImageOwner, useDeleteImage, useImages, useUploadImage } from '@/lib/images';

/**
 * The images of a case or a note: upload (only image/*, ≤ 10 MB), a gallery,
 * the larger view with rotation, and deletion. `demoImages` shows read-only samples.
 */
export function ImageGallery({ owner, demoImages }: { owner: ImageOwner; demoImages?: Imagen[] }) {
  const demo = !!demoImages;
  const images = useImages(owner, !demo);
  const upload = useUploadImage();
  const remove = useDeleteImage();
  const actions = useFileActions('imagenes');
  const input = useRef<HTMLInputElement>(null);
  const [viewing, setViewing] = useState<Imagen | null>(null);
  const [toDelete, setToDelete] = useState<Imagen | null>(null);
  const list = demoImages ?? images.data ?? [];

  const onFile = async (file: File | undefined) => {
    if (input.current) input.current.value = '';
    if (!file) return;
    if (!file.type.startsWith('image/')) return toast.error(MSG.documents.soloImagenes);
    if (file.size > LIMITS.imageMaxBytes) return toast.error(MSG.documents.imagenGrande);
    try {
      await upload.mutateAsync({ file, owner });
      toast.success('Imagen subida correctamente');
    } catch (error) {
      toast.error(serverSays(error) ? error.message : MSG.documents.errorSubirImagen);
    }
  };

  return (
    <div>
      <div className="mb-4 flex items-center justify-between gap-2">
        <p className="text-sm text-slate-600">{list.length === 1 ? '1 imagen' : `${list.length} imágenes`}</p>
        <input ref={input} type="file" accept="image/*" className="hidden" onChange={(e) => onFile(e.target.files?.[0])} data-testid="image-input" />
        <Button variant="outline" onClick={() => (demo ? toast.info(MSG.documents.noSubirEjemplo) : input.current?.click())} disabled={upload.isPending}>
          {upload.isPending ? <Spinner /> : <ImagePlus aria-hidden />}
          {upload.isPending ? 'Subiendo...' : 'Subir imagen'}
        </Button>
      </div>
      {!demo && images.isPending ? (
        <div className="flex items-center gap-2 py-6 text-slate-600" role="status">
          <Spinner className="size-5" /> Cargando imágenes...
        </div>
      ) : list.length === 0 ? (
        <p className="rounded-xl border border-dashed border-border bg-white py-10 text-center text-sm text-slate-600">Aún no hay imágenes.</p>
      ) : (
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4" data-testid="image-gallery">
          {list.map((imagen) => (
            <li key={imagen.id} className="group relative overflow-hidden rounded-lg border border-border bg-white">
              <button type="button" className="block aspect-square w-full" onClick={() => setViewing(imagen)} aria-label={`Ver ${imagen.nombre}`}>
                <img src={imagen.url} alt={imagen.nombre} loading="lazy" className="size-full object-cover" />
              </button>
              <div className="flex items-center gap-1 p-2">
                <p className="min-w-0 flex-1 truncate text-xs text-slate-700">{imagen.nombre}</p>
                <Button
                  variant="ghost"
                  size="icon"
                  className="size-7 text-red-600"
                  onClick={() => (demo ? toast.info('Las imágenes de ejemplo no se pueden eliminar.') : setToDelete(imagen))}
                  aria-label={`Eliminar ${imagen.nombre}`}
                >
                  <Trash2 aria-hidden />
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
      <FileViewerDialog file={viewing} onOpenChange={(open) => !open && setViewing(null)} onOpenInNewTab={actions.openInNewTab} onDownload={actions.download} />
      <ConfirmDialog
        open={!!toDelete}
        onOpenChange={(open) => !open && setToDelete(null)}
        title="Eliminar imagen"
        description="¿Estás seguro de que quieres eliminar esta imagen?"
        busy={remove.isPending}
        onConfirm={() =>
          toDelete &&
          remove.mutate(toDelete.id, {
            onSuccess: () => setToDelete(null),
            onError: () => toast.error(MSG.documents.errorEliminarImagen),
          })
        }
      />
    </div>
  );
}
