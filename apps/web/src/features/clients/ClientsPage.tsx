import { type Cliente, MSG, whatsappUrl } from '@bufete/shared';
import { Plus, Users } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { EmptyState, LoadingState, LoadMore, SearchInput } from '@/components/ListStates';
import { PageHeader } from '@/components/PageHeader';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { DEMO_CLIENTE, isDemoId } from '@/lib/demo';
import { useDebounced } from '@/lib/practice';
import { useClientList, useDeleteClient } from './api';
import { ClientCard } from './ClientCard';
import { ClientDialog } from './ClientDialog';
import { EmailReminderDialog } from './EmailReminderDialog';

function demoMatches(q: string) {
  const term = q.toLowerCase();
  return !term || [DEMO_CLIENTE.nombre, DEMO_CLIENTE.email, DEMO_CLIENTE.empresa].some((value) => value?.toLowerCase().includes(term));
}

/** /clientes, and /clientes/nuevo with the create dialog open. */
export default function ClientsPage({ createOnOpen = false }: { createOnOpen?: boolean }) {
  const navigate = useNavigate();
  const [search, setSearch] = useState('');
  const q = useDebounced(search.trim());
  const list = useClientList(q);
  const deleteClient = useDeleteClient();
  const [dialog, setDialog] = useState<{ open: boolean; cliente: Cliente | null }>({ open: createOnOpen, cliente: null });
  const [emailTo, setEmailTo] = useState<Cliente | null>(null);
  const [toDelete, setToDelete] = useState<Cliente | null>(null);

  const real = list.data?.pages.flatMap((page) => page.items) ?? [];
  // A failed fetch falls back to showing just the sample client (spec part 1, section 8).
  const clients = [...(demoMatches(q) ? [DEMO_CLIENTE] : []), ...real];
  const onlySample = !list.isPending && !q && real.length === 0;

  const setDialogOpen = (open: boolean) => {
    setDialog((current) => ({ ...current, open }));
    if (!open && createOnOpen) navigate('/clientes', { replace: true });
  };
  const actionsFor = (cliente: Cliente) => {
    const demo = isDemoId(cliente.id);
    return {
      onEmail: () => (demo ? toast.info(MSG.practice.clienteEjemploContacto) : setEmailTo(cliente)),
      onWhatsapp: () => {
        if (demo) return toast.info(MSG.practice.clienteEjemploContacto);
        const url = whatsappUrl(cliente.telefono);
        if (!url) return toast.error(MSG.practice.sinTelefono);
        window.open(url, '_blank', 'noopener,noreferrer');
      },
      onEdit: () => (demo ? toast.error(MSG.practice.noEditarClienteEjemplo) : setDialog({ open: true, cliente })),
      onDelete: () => (demo ? toast.error(MSG.practice.noEliminarClienteEjemplo) : setToDelete(cliente)),
    };
  };
  const confirmDelete = () =>
    toDelete &&
    deleteClient.mutate(toDelete.id, {
      onSuccess: () => {
        toast.success('Cliente eliminado');
        setToDelete(null);
      },
      onError: () => toast.error(MSG.practice.errorEliminarCliente),
    });

  return (
    <div>
      <PageHeader
        title="Clientes"
        description="Gestiona la información de tus clientes"
        actions={
          <Button onClick={() => setDialog({ open: true, cliente: null })}>
            <Plus aria-hidden /> Nuevo Cliente
          </Button>
        }
      />
      <div className="mb-6 max-w-md"><SearchInput value={search} onChange={setSearch} placeholder="Buscar clientes..." label="Buscar clientes" /></div>

      {onlySample && !list.isError ? (
        <Card className="mb-6 flex flex-col gap-4 border-blue-200 bg-blue-50 p-6 sm:flex-row sm:items-center">
          <span className="inline-flex size-12 shrink-0 items-center justify-center rounded-full bg-white text-primary">
            <Users className="size-6" aria-hidden />
          </span>
          <div className="flex-1">
            <h2 className="text-lg font-semibold text-slate-900">¡Comienza a gestionar tus clientes!</h2>
            <p className="text-sm text-slate-700">Este es un cliente de ejemplo. Agrega tus clientes para tener sus datos a mano y escribirles por email o WhatsApp.</p>
          </div>
          <Button onClick={() => setDialog({ open: true, cliente: null })}>Agregar mi primer cliente</Button>
        </Card>
      ) : null}
      {list.isError ? <Alert variant="error" className="mb-4">No se pudieron cargar tus clientes. Se muestra solo el cliente de ejemplo.</Alert> : null}

      {list.isPending ? (
        <LoadingState>Cargando clientes...</LoadingState>
      ) : clients.length === 0 ? (
        <EmptyState>No se encontraron clientes que coincidan con la búsqueda.</EmptyState>
      ) : (
        <div className="grid grid-cols-1 gap-4 md:grid-cols-2 xl:grid-cols-3">
          {clients.map((cliente) => (
            <ClientCard key={cliente.id} cliente={cliente} demo={isDemoId(cliente.id)} actions={actionsFor(cliente)} />
          ))}
        </div>
      )}
      <LoadMore list={list} label="Cargar más clientes" />

      <ClientDialog cliente={dialog.cliente} open={dialog.open} onOpenChange={setDialogOpen} />
      <EmailReminderDialog cliente={emailTo} onOpenChange={(open) => !open && setEmailTo(null)} />
      <ConfirmDialog
        open={!!toDelete}
        onOpenChange={(open) => !open && setToDelete(null)}
        title="Eliminar cliente"
        description={MSG.practice.confirmarEliminarCliente}
        busy={deleteClient.isPending}
        onConfirm={confirmDelete}
      />
    </div>
  );
}
