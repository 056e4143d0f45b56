import type { CasoEstado, CasoPrioridad, ClienteRef } from '@bufete/shared';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { BadgeVariant } from '@/components/ui/badge';
import { api } from './api';

/** Badge colours of the spec (part 1, section 4). */
export const ESTADO_BADGE: Record<CasoEstado, BadgeVariant> = {
  Activo: 'success',
  Pendiente: 'warning',
  'En Revisión': 'default',
  Cerrado: 'secondary',
};
export const PRIORIDAD_BADGE: Record<CasoPrioridad, BadgeVariant> = { Alta: 'destructive', Media: 'default', Baja: 'secondary' };

/** Query keys shared by the screens that change the same records. */
export const queryKeys = {
  dashboard: ['dashboard'] as const,
  casos: ['casos'] as const,
  caso: (id: string) => ['caso', id] as const,
  clientes: ['clientes'] as const,
  clienteOptions: ['clientes', 'options'] as const,
  reminders: (clienteId: string) => ['reminders', clienteId] as const,
};

/** id, nombre, email of every client, for the case forms' pickers. */
export function useClientOptions() {
  return useQuery({
    queryKey: queryKeys.clienteOptions,
    queryFn: async () => (await api<{ items: ClienteRef[] }>('/clientes/options')).items,
  });
}

/** `value` once it has stopped changing for `delayMs` (search boxes). */
export function useDebounced<T>(value: T, delayMs = 300): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return debounced;
}
