import { accountApi } from '@bufete/shared/api/account';
import type { HISTORIAL_ENTIDADES } from '@bufete/shared/values/historial';
import { portabilidadApi } from '@bufete/shared/api/portabilidad';
import { type Portabilidad } from '@bufete/shared/portabilidad';
import { securityApi } from '@bufete/shared/api/security';
import { cfdiApi } from '@bufete/shared/api/cfdi';
import { type CsdUploadInput, type PacSaveInput } from '@bufete/shared/cfdi';
import { profileApi } from '@bufete/shared/api/profile';
import { boletinesApi } from '@bufete/shared/api/boletines';
import type { BoletinFuente } from '@bufete/shared/values/boletines';
import { type ChangePasswordInput, type ProfileUpdateInput } from '@bufete/shared/profile';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, upload, urlOf } from '@/lib/api';
import { resourceKeys } from '@/lib/resources';

/** Configuración's calls: the profile and its avatar, the password, the system check and the space used. */
export const settingsApi = {
  updateProfile: (body: ProfileUpdateInput) => call(profileApi.update, { body }),
  uploadAvatar: (file: File) => upload(profileApi.uploadAvatar, { fields: {}, file }),
  systemCheck: async () => (await call(profileApi.systemCheck)).checks,
  changePassword: (body: ChangePasswordInput) => call(accountApi.changePassword, { body }),
};

/** The space the lawyer's files use, asked afresh each time the tab opens. */
export function useStorageUsage() {
  return useQuery({ queryKey: ['profile', 'storage'], queryFn: () => call(profileApi.storage), staleTime: 0 });
}

const csdKey = ['cfdi', 'csd'] as const;

/** The lawyer's CSD as the server shows it (never its key or password), or null. */
export function useCsd() {
  return useQuery({ queryKey: csdKey, queryFn: async () => (await call(cfdiApi.csd)).csd });
}

export function useSaveCsd() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: CsdUploadInput) => (await call(cfdiApi.saveCsd, { body })).csd,
    onSuccess: (csd) => queryClient.setQueryData(csdKey, csd),
  });
}

export function useDeleteCsd() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call(cfdiApi.deleteCsd),
    onSuccess: () => queryClient.setQueryData(csdKey, null),
  });
}

const pacKey = ['cfdi', 'pac'] as const;

/** The lawyer's own PAC account (never its password or token) and whether the installation has one for everyone. */
export function usePac() {
  return useQuery({ queryKey: pacKey, queryFn: () => call(cfdiApi.pac) });
}

export function useSavePac() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: (body: PacSaveInput) => call(cfdiApi.savePac, { body }), onSuccess: (reply) => queryClient.setQueryData(pacKey, reply) });
}

export function useDeletePac() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: () => call(cfdiApi.deletePac), onSuccess: (reply) => queryClient.setQueryData(pacKey, reply) });
}

/** 'Probar conexión': its result is kept beside the account, so the account is read again either way. */
export function useTestPac() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: () => call(cfdiApi.testPac), onSettled: () => queryClient.invalidateQueries({ queryKey: pacKey }) });
}

const twoFactorKey = ['account', 'two-factor'] as const;
const sessionsKey = ['account', 'sessions'] as const;

/** Whether two-factor sign-in is on, and how many recovery codes are left. */
export function useTwoFactor() {
  return useQuery({ queryKey: twoFactorKey, queryFn: () => call(securityApi.twoFactor) });
}

/** Seguridad's two-factor steps; each refreshes the status (and the session list: turning it on or off renews this session). */
export function useTwoFactorActions() {
  const queryClient = useQueryClient();
  const refresh = () => Promise.all([queryClient.invalidateQueries({ queryKey: twoFactorKey }), queryClient.invalidateQueries({ queryKey: sessionsKey })]);
  return {
    enable: (password: string) => call(securityApi.enableTwoFactor, { body: { password } }),
    confirm: async (codigo: string) => {
      await call(securityApi.confirmTwoFactor, { body: { codigo } });
      await refresh();
    },
    disable: async (body: { password: string; codigo: string }) => {
      await call(securityApi.disableTwoFactor, { body });
      await refresh();
    },
    newCodes: async (password: string) => {
      const { codigos } = await call(securityApi.recoveryCodes, { body: { password } });
      await refresh();
      return codigos;
    },
  };
}

/** The account's open sessions. */
export function useSessions() {
  return useQuery({ queryKey: sessionsKey, queryFn: async () => (await call(securityApi.sessions)).items, staleTime: 0 });
}

export function useEndSessions() {
  const queryClient = useQueryClient();
  const onSuccess = () => queryClient.invalidateQueries({ queryKey: sessionsKey });
  return {
    one: useMutation({ mutationFn: (id: string) => call(securityApi.endSession, { params: { id } }), onSuccess }),
    others: useMutation({ mutationFn: async () => (await call(securityApi.endOtherSessions)).cerradas, onSuccess }),
  };
}

/** 'Actividad de la cuenta', paged (newest first), optionally of one kind of record. */
export function useAccountHistory(entidad: (typeof HISTORIAL_ENTIDADES)[number] | '') {
  return useInfiniteQuery({
    queryKey: ['account', 'historial', entidad],
    staleTime: 0,
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam, signal }) => call(securityApi.history, { query: { entidad: entidad || undefined, cursor: pageParam }, signal }),
    getNextPageParam: (last) => last.next_cursor ?? undefined,
  });
}

const exportKey = ['account', 'export'] as const;
const importKey = ['account', 'import'] as const;
const running = (trabajo: Portabilidad | null | undefined) => trabajo?.estado === 'en_cola' || trabajo?.estado === 'en_curso';

/** The latest 'Exportar todos mis datos', followed every 1.5 s while it runs. */
export function useLatestExport() {
  return useQuery({
    queryKey: exportKey,
    queryFn: async () => (await call(portabilidadApi.latestExport)).trabajo,
    refetchInterval: (query) => (running(query.state.data) ? 1500 : false),
  });
}

export function useStartExport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => (await call(portabilidadApi.startExport)).trabajo,
    onSuccess: (trabajo) => queryClient.setQueryData(exportKey, trabajo),
  });
}

/** The latest import into this account, followed while it runs; once it ends, every screen's data is read afresh. */
export function useLatestImport() {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: importKey,
    queryFn: async () => {
      const previous = queryClient.getQueryData<Portabilidad | null>(importKey);
      const trabajo = (await call(portabilidadApi.latestImport)).trabajo;
      // Everything the import brought: every area's cached data is read again.
      if (running(previous) && trabajo?.estado === 'lista') for (const key of Object.values(resourceKeys)) void queryClient.invalidateQueries({ queryKey: key });
      return trabajo;
    },
    refetchInterval: (query) => (running(query.state.data) ? 1500 : false),
  });
}

export function useStartImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ file, onProgress }: { file: File; onProgress: (fraction: number) => void }) =>
      (await upload(portabilidadApi.startImport, { fields: {}, file, onProgress })).trabajo,
    onSuccess: (trabajo) => queryClient.setQueryData(importKey, trabajo),
  });
}

/** 'Importar' after reading what the zip brings: it starts, and is followed like any import. */
export function useConfirmImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => (await call(portabilidadApi.confirmImport, { params: { id } })).trabajo,
    onSuccess: (trabajo) => queryClient.setQueryData(importKey, trabajo),
  });
}

/** 'Descartar': the uploaded zip goes, nothing of it imported. */
export function useDiscardImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call(portabilidadApi.discardImport, { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: importKey }),
  });
}

export const exportDownloadUrl = (id: string) => urlOf(portabilidadApi.downloadExport, { id });

const fuentesKey = [...resourceKeys.boletines, 'fuentes'] as const;

/** The court sites whose bulletin Bufete can read every morning, and which this lawyer follows. */
export function useBulletinSources() {
  return useQuery({ queryKey: fuentesKey, queryFn: async () => (await call(boletinesApi.fuentes)).items });
}

export function useFollowBulletins() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (seguidas: BoletinFuente[]) => (await call(boletinesApi.seguir, { body: { seguidas } })).items,
    onSuccess: (items) => queryClient.setQueryData(fuentesKey, items),
  });
}
