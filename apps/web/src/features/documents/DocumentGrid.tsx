import type { Documento } from '@bufete/shared/documentos';
import { MSG } from '@bufete/shared/messages';
import { useState } from 'react';
import { toast } from '@/lib/toast';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { useDeleteDocument, useSetDocumentVisible } from './api';
import { DocumentCard } from './DocumentCard';
import { FileViewerDialog, type ViewableFile } from '@/components/file-viewer/FileViewerDialog';
import { useFileActions } from '@/components/file-viewer/useFileActions';

const isSample = (id: string) => id.startsWith('ejemplo-');

/** Document cards with the viewer, download and delete (sample documents refuse the last two). */
export function DocumentGrid({ documents }: { documents: (Documento & { demoText?: string })[] }) {
  const actions = useFileActions('documentos');
  const remove = useDeleteDocument();
  const setVisible = useSetDocumentVisible();
  const [viewing, setViewing] = useState<ViewableFile | null>(null);
  const [toDelete, setToDelete] = useState<Documento | null>(null);

  return (
    <>
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-3">
        {documents.map((documento) => (
          <DocumentCard
            key={documento.id}
            documento={documento}
            demo={isSample(documento.id)}
            onView={() => setViewing(documento)}
            onDownload={() => actions.download(documento)}
            onDelete={() => (isSample(documento.id) ? toast.error(MSG.documents.noEliminarEjemplo) : setToDelete(documento))}
            onVisible={(visible) =>
              setVisible.mutate(
                { id: documento.id, visible },
                {
                  onSuccess: () =>
                    toast.success(visible ? `«${documento.nombre}» ahora es visible para el cliente en su portal.` : `«${documento.nombre}» ya no es visible para el cliente.`),
                  onError: () => toast.error('No se pudo cambiar la visibilidad. Inténtalo de nuevo.'),
                },
              )
            }
          />
        ))}
      </div>
      <FileViewerDialog file={viewing} onOpenChange={(open) => !open && setViewing(null)} onOpenInNewTab={actions.openInNewTab} onDownload={actions.download} />
      <ConfirmDialog
        open={!!toDelete}
        onOpenChange={(open) => !open && setToDelete(null)}
        title="Eliminar documento"
        description={
          <>
            ¿Estás seguro de que quieres eliminar <strong className="text-slate-900">{toDelete?.nombre}</strong>? Esta acción no se puede deshacer.
          </>
        }
        busy={remove.isPending}
        onConfirm={() =>
          toDelete &&
          remove.mutate(toDelete.id, {
            onSuccess: () => {
              toast.success('Documento eliminado');
              setToDelete(null);
            },
            onError: () => toast.error(MSG.documents.errorEliminar),
          })
        }
      />
    </>
  );
}
