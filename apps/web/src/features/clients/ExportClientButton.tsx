import { clientesApi } from '@bufete/shared/api/clientes';
import { CLIENTE_EXPORT_PARTES, type ClienteExportParte } from '@bufete/shared/values/clientes';
import { FolderDown } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogHeader, FormDialogFooter } from '@/components/ui/dialog';
import { downloadFile, serverMessage } from '@/lib/api';
import { toast } from '@/lib/toast';

const DEFAULTS = Object.fromEntries(CLIENTE_EXPORT_PARTES.map((parte) => [parte.clave, parte.porDefecto])) as Record<ClienteExportParte, boolean>;

/**
 * 'Exportar datos del cliente', for an access request (LFPDPPP): the lawyer
 * chooses what goes beyond the client's own data and cases (internal notes
 * and time stay out unless chosen), then a zip with a readable resumen.html.
 */
export function ExportClientButton({ clienteId }: { clienteId: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="outline" onClick={() => setOpen(true)}>
        <FolderDown aria-hidden /> Exportar datos del cliente
      </Button>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent>
          <DialogHeader
            title="Exportar datos del cliente"
            description="Un archivo .zip con un resumen que se abre en cualquier navegador, y los datos en archivos .json para otro programa."
          />
          {open ? <ExportForm clienteId={clienteId} onDone={() => setOpen(false)} /> : null}
        </DialogContent>
      </Dialog>
    </>
  );
}

function ExportForm({ clienteId, onDone }: { clienteId: string; onDone: () => void }) {
  const [partes, setPartes] = useState(DEFAULTS);
  const [busy, setBusy] = useState(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    const query = Object.fromEntries(CLIENTE_EXPORT_PARTES.map((parte) => [parte.clave, partes[parte.clave] ? '1' : '0'])) as Record<ClienteExportParte, '0' | '1'>;
    downloadFile(clientesApi.exportData, { id: clienteId }, query)
      .then(() => {
        toast.success('Datos del cliente exportados');
        onDone();
      })
      .catch((error: unknown) => toast.error(serverMessage(error, 'No se pudo exportar. Inténtalo de nuevo.')))
      .finally(() => setBusy(false));
  };
  return (
    <form onSubmit={submit} className="space-y-4">
      <fieldset className="space-y-1">
        <legend className="mb-1 text-sm font-medium text-slate-800">Siempre van sus datos y sus casos. Además:</legend>
        {CLIENTE_EXPORT_PARTES.map((parte) => (
          <label key={parte.clave} className="flex min-h-11 items-center gap-2 text-sm text-slate-800 sm:min-h-9">
            <input
              type="checkbox"
              className="size-4 accent-primary"
              checked={partes[parte.clave]}
              onChange={(event) => setPartes({ ...partes, [parte.clave]: event.target.checked })}
            />
            {parte.etiqueta}
          </label>
        ))}
      </fieldset>
      <p className="text-xs text-slate-500">Las notas y el tiempo son trabajo interno del despacho: van solo si los eliges.</p>
      <FormDialogFooter onCancel={onDone} submitLabel={busy ? 'Exportando...' : 'Exportar'} submitting={busy} />
    </form>
  );
}
