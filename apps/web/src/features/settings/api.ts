import { accountApi } from '@bufete/shared/account';
import { cfdiApi, type CsdUploadInput } from '@bufete/shared/cfdi';
import { type ChangePasswordInput, profileApi, type ProfileUpdateInput } from '@bufete/shared/profile';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, upload } from '@/lib/api';

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
