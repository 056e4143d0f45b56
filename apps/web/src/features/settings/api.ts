import { accountApi } from '@bufete/shared/account';
import { type ChangePasswordInput, profileApi, type ProfileUpdateInput } from '@bufete/shared/profile';
import { useQuery } from '@tanstack/react-query';
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
