import { MSG } from '@bufete/shared/messages';
import { clientesApi } from '@bufete/shared/api/clientes';
import { type Cliente } from '@bufete/shared/clientes';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { UserX } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogHeader, FormDialogFooter } from '@/components/ui/dialog';
import { LoadingState } from '@/components/ui/list-states';
import { call, serverMessage } from '@/lib/api';
import { resourceKeys } from '@/lib/resources';
import { toast } from '@/lib/toast';

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * 'Eliminar datos del cliente' (a cancellation request): what goes and what
 * stays is shown first, from the server; the lawyer confirms. With invoices
 * (kept 5 years by law) the client stays with its fiscal data only.
 */
export function EraseClientButton({ cliente }: { cliente: Cliente }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="outline" className="text-red-700" onClick={() => setOpen(true)}>
        <UserX aria-hidden /> Eliminar datos del cliente
      </Button>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent>
          <DialogHeader title="Eliminar datos del cliente" description={cliente.nombre} />
          {open ? <EraseForm cliente={cliente} onDone={() => setOpen(false)} /> : null}
        </DialogContent>
      </Dialog>
    </>
  );
}

function EraseForm({ cliente, onDone }: { cliente: Cliente; onDone: () => void }) {
  const preview = useQuery({ queryKey: ['clientes', 'eliminacion', cliente.id], queryFn: () => call(clientesApi.erasurePreview, { params: { id: cliente.id } }), staleTime: 0 });
  const [confirmed, setConfirmed] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  if (preview.isPending) return <LoadingState>Revisando qué se eliminará...</LoadingState>;
  if (preview.isError) return <Alert variant="error">No se pudo revisar qué se eliminará. Inténtalo de nuevo.</Alert>;
  const p = preview.data;
  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setError(null);
    if (!confirmed) return setError(MSG.privacidad.confirmacion);
    setBusy(true);
    try {
      const { eliminado } = await call(clientesApi.erase, { params: { id: cliente.id }, body: { confirmacion: true } });
      await Promise.all(
        [resourceKeys.clientes, resourceKeys.notas, resourceKeys.documentos, resourceKeys.casos, resourceKeys.dashboard].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      );
      toast.success(eliminado ? MSG.privacidad.eliminados(cliente.nombre) : MSG.privacidad.conservados(cliente.nombre));
      onDone();
      if (eliminado) navigate('/clientes', { replace: true });
    } catch (caught) {
      setError(serverMessage(caught, 'No se pudieron eliminar los datos. Inténtalo de nuevo.'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form onSubmit={submit} noValidate className="space-y-4" data-testid="erase-client">
      {error ? <Alert variant="error">{error}</Alert> : null}
      <div className="space-y-1 text-sm text-slate-800">
        <p className="font-medium">Se eliminará:</p>
        <ul className="list-disc space-y-1 pl-5">
          <li>{p.facturas > 0 ? 'Su email, teléfono, empresa y dirección' : 'El cliente y todos sus datos de contacto'}</li>
          <li>
            {count(p.notas, 'nota', 'notas')} y {count(p.documentos, 'documento', 'documentos')} vinculados al cliente, con sus archivos
          </li>
          <li>{count(p.correos, 'correo', 'correos')} enviados o programados, y los avisos de la campana sobre ellos</li>
          <li>Sus datos en la actividad de la cuenta: cada registro se queda (qué pasó y cuándo), sin sus datos</li>
          <li>Una exportación de todos tus datos lista para descargar: tendrás que exportar de nuevo</li>
        </ul>
      </div>
      <div className="space-y-1 text-sm text-slate-800">
        <p className="font-medium">Se conserva:</p>
        <ul className="list-disc space-y-1 pl-5">
          <li>
            {count(p.casos, 'caso', 'casos')} y {count(p.citas, 'cita', 'citas')}: son trabajo del despacho{p.facturas > 0 ? '' : ', y quedan sin cliente'}
          </li>
          {p.facturas > 0 ? (
            <li>{count(p.facturas, 'factura', 'facturas')} con su nombre, RFC y datos fiscales: la ley obliga a conservarlas 5 años (Código Fiscal de la Federación, art. 30)</li>
          ) : null}
        </ul>
      </div>
      <label className="flex min-h-11 items-start gap-2 text-sm text-slate-800">
        <input type="checkbox" className="mt-0.5 size-4 accent-red-700" checked={confirmed} onChange={(event) => setConfirmed(event.target.checked)} />
        <span>Entiendo que esto no se puede deshacer.</span>
      </label>
      <FormDialogFooter onCancel={onDone} submitLabel="Eliminar datos" submitting={busy} cancelLabel="Volver" destructive />
    </form>
  );
}
