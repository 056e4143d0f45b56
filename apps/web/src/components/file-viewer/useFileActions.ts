import { MSG } from '@bufete/shared/messages';
import { toast } from '@/lib/toast';
import { signedLink } from '@/lib/files';
import type { ViewableFile } from './FileViewerDialog';

const isSample = (file: ViewableFile) => file.id.startsWith('ejemplo-');

/** Open in a new tab (through a signed link) and download, refused for sample files. */
export function useFileActions(kind: 'documentos' | 'imagenes') {
  const openInNewTab = async (file: ViewableFile) => {
    if (isSample(file)) {
      toast.info(kind === 'documentos' ? MSG.documents.ejemplosNoDescargables : 'Esta es una imagen de ejemplo.');
      return;
    }
    // Opened first, filled after: browsers block windows opened after an await.
    const tab = window.open('', '_blank');
    try {
      const url = await signedLink(kind, file.id);
      if (tab) {
        tab.opener = null;
        tab.location.href = url;
      } else window.location.assign(url);
    } catch {
      tab?.close();
      toast.error(MSG.documents.sinAcceso);
    }
  };
  const download = (file: ViewableFile) => {
    if (isSample(file)) {
      toast.info(MSG.documents.noDescargarEjemplo);
      return;
    }
    try {
      const link = document.createElement('a');
      link.href = `${file.url}?descargar=1`;
      link.download = file.nombre;
      document.body.appendChild(link);
      link.click();
      link.remove();
    } catch {
      toast.error(MSG.documents.errorDescargar);
    }
  };
  return { openInNewTab, download };
}
