import { Plus, Users } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { EmptyState, LoadingState, LoadMore, SearchInput } from '@/components/ui/list-states';
import { PageHeader } from '@/components/ui/page-header';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { DEMO_CLIENTE, isDemoId } from '@/lib/demo';
import { useDebounced } from '@/lib/hooks';
import { useClientList } from './api';
import { ClientCard } from './ClientCard';
import { useClientActions } from './useClientActions';
import { IconTile } from '@/components/ui/icon-tile';
import { PAGE_HEADINGS } from '@/lib/page-headings';

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
  const { actionsFor, openNew, dialogs } = useClientActions({ createOnOpen, onEditorClosed: createOnOpen ? () => navigate('/clientes', { replace: true }) : undefined });

  const real = list.data?.pages.flatMap((page) => page.items) ?? [];
  // A failed fetch falls back to showing just the sample client (spec part 1, section 8).
  const clients = [...(demoMatches(q) ? [DEMO_CLIENTE] : []), ...real];
  const onlySample = !list.isPending && !q && real.length === 0;

  return (
    <div>
      <PageHeader
        {...PAGE_HEADINGS.clientes}
        actions={
          <Button onClick={openNew}>
            <Plus aria-hidden /> Nuevo Cliente
          </Button>
        }
      />
      <div className="mb-6 max-w-md">
        <SearchInput value={search} onChange={setSearch} placeholder="Buscar clientes..." label="Buscar clientes" />
      </div>

      {onlySample && !list.isError ? (
        <Card className="mb-6 flex flex-col gap-4 border-blue-200 bg-blue-50 p-6 sm:flex-row sm:items-center">
          <IconTile icon={Users} className="size-12 rounded-full bg-white text-primary" iconClassName="size-6" />
          <div className="flex-1">
            <h2 className="text-lg font-semibold text-slate-900">¡Comienza a gestionar tus clientes!</h2>
            <p className="text-sm text-slate-700">Este es un cliente de ejemplo. Agrega tus clientes para tener sus datos a mano y escribirles por email o WhatsApp.</p>
          </div>
          <Button onClick={openNew}>Agregar mi primer cliente</Button>
        </Card>
      ) : null}
      {list.isError ? (
        <Alert variant="error" className="mb-4">
          No se pudieron cargar tus clientes. Se muestra solo el cliente de ejemplo.
        </Alert>
      ) : null}

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

      {dialogs}
    </div>
  );
}
