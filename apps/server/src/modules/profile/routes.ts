import { MSG, profileApi } from '@bufete/shared';
import { sendStoredFile } from '../../http/file-response';
import type { Router } from '../../http/route';
import type { Storage } from '../../storage';
import type { StorageQuota } from '../../storage/quota';
import type { ProfileService } from './service';

export function profileRoutes({ on }: Router, { profiles, storage, quota }: { profiles: ProfileService; storage: Storage; quota: StorageQuota }) {
  // The spec's texts for a missing session differ between the profile update and the photo.
  const noUser = { unauthenticatedMessage: MSG.profile.noUser };
  on(profileApi.get, async ({ user }) => ({ profile: await profiles.getOrCreate(user) }), noUser);
  on(profileApi.storage, async ({ user }) => quota.usage(user.id));
  on(profileApi.update, async ({ user, body }) => ({ profile: await profiles.update(user, body) }), noUser);
  on(profileApi.uploadAvatar, async ({ user, upload }) => ({ profile: await profiles.setAvatar(user, upload.file) }), {
    unauthenticatedMessage: MSG.settings.noHayUsuario,
    tooLargeMessage: MSG.settings.avatarGrande,
    missingFileMessage: MSG.settings.errorArchivo,
  });
  on(
    profileApi.avatar,
    async ({ c, user }) => {
      const response = await sendStoredFile(c, storage, await profiles.avatarFile(user));
      // The URL carries the photo's version (?v=…): a new photo is a new URL, so this one never changes.
      response.headers.set('Cache-Control', 'private, max-age=31536000, immutable');
      return response;
    },
    noUser,
  );
  on(profileApi.systemCheck, async ({ user }) => ({ checks: await profiles.systemCheck(user) }), noUser);
}
