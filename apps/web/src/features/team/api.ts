import { equipoApi } from '@bufete/shared/api/equipo';
import type { RolInvitable } from '@bufete/shared/values/equipo';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api';

const teamKey = ['equipo'] as const;

/** Configuración → Equipo: the despacho's people and its invitations not yet accepted. */
export function useTeam() {
  return useQuery({ queryKey: teamKey, queryFn: () => call(equipoApi.miembros) });
}

export function useInvite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { email: string; rol: RolInvitable; facturacion: boolean }) => call(equipoApi.invitar, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: teamKey }),
  });
}

export function useCancelInvitation(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call(equipoApi.cancelarInvitacion, { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: teamKey }),
  });
}

export function useChangeRole(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: { rol: RolInvitable; facturacion: boolean }) => (await call(equipoApi.cambiarRol, { params: { id }, body })).miembro,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: teamKey }),
  });
}

export function useRemoveMember(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call(equipoApi.quitar, { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: teamKey }),
  });
}

/** The despachos the person belongs to, asked when the switcher opens. */
export function useDespachos(enabled: boolean) {
  return useQuery({ queryKey: ['despachos'], queryFn: () => call(equipoApi.despachos), enabled, staleTime: 0 });
}

/**
 * Moves this session to another despacho and loads the app afresh there: no
 * record of the despacho left behind stays in memory.
 */
export async function switchDespacho(despachoId: string) {
  await call(equipoApi.cambiar, { body: { despacho_id: despachoId } });
  window.location.assign('/dashboard');
}
