import { clientesApi } from '@bufete/shared/api/clientes';
import { FolderDown } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { ApiError, downloadFile } from '@/lib/api';
import { toast } from '@/lib/toast';

/** 'Exportar datos del cliente': a zip of everything of the client, for an access request (LFPDPPP). */
export function ExportClientButton({ clienteId }: { clienteId: string }) {
  const [busy, setBusy] = useState(false);
  return (
    <Button
      variant="outline"
      disabled={busy}
      title="Un archivo .zip con sus datos, casos, notas, citas, tiempo, documentos y facturas: para atender una solicitud de acceso a sus datos."
      onClick={() => {
        setBusy(true);
        downloadFile(clientesApi.exportData, { id: clienteId })
          .catch((error: unknown) => toast.error(error instanceof ApiError ? error.message : 'No se pudo exportar. Inténtalo de nuevo.'))
          .finally(() => setBusy(false));
      }}
    >
      <FolderDown aria-hidden /> {busy ? 'Exportando...' : 'Exportar datos del cliente'}
    </Button>
  );
}
