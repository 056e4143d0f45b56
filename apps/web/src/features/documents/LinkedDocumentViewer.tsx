import { documentosApi } from '@bufete/shared/api/documentos';
import { MSG } from '@bufete/shared/messages';
import { useAddressedRecord } from '@/lib/addressed';
import { call } from '@/lib/api';
import { DEMO_CASO_DOCUMENTOS, DEMO_DOCUMENTO } from '@/lib/demo';
import { documentKeys } from './api';
import { FileViewerDialog } from '@/components/file-viewer/FileViewerDialog';
import { useFileActions } from '@/components/file-viewer/useFileActions';

/** The viewer opened by the address (`?ver=<id>`), over the documents list. */
export function LinkedDocumentViewer() {
  const actions = useFileActions('documentos');
  const { record, close } = useAddressedRecord({
    queryKey: documentKeys.all,
    read: async (id, signal) => (await call(documentosApi.get, { params: { id }, signal })).documento,
    samples: [DEMO_DOCUMENTO, ...DEMO_CASO_DOCUMENTOS],
    missingMessage: MSG.documents.sinAcceso,
  });
  return <FileViewerDialog file={record} onOpenChange={(open) => !open && close()} onOpenInNewTab={actions.openInNewTab} onDownload={actions.download} />;
}
