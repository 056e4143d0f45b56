import { LIMITS, MSG, profileUpdateSchema } from '@bufete/shared';
import { Hono } from 'hono';
import type { Auth } from '../../auth/auth';
import { type AppEnv, requireUser } from '../../auth/session';
import type { Database } from '../../db/client';
import { notFound } from '../../http/errors';
import { sendStoredFile } from '../../http/file-response';
import { receiveUpload } from '../../http/upload';
import { parseJson } from '../../http/validate';
import type { Storage } from '../../storage';
import { storeAvatar } from './avatar';
import type { ProfileService } from './service';
import { runSystemCheck } from './system-check';

export function profileRoutes(deps: { auth: Auth; profiles: ProfileService; storage: Storage; db: Database; tmpDir: string }) {
  const { profiles, storage } = deps;
  return new Hono<AppEnv>()
    .post('/avatar', requireUser(deps.auth, MSG.settings.noHayUsuario), async (c) => {
      const { file } = await receiveUpload(c, {
        maxBytes: LIMITS.avatarMaxBytes,
        tooLargeMessage: MSG.settings.avatarGrande,
        tmpDir: deps.tmpDir,
        missingFileMessage: MSG.settings.errorArchivo,
      });
      await storeAvatar(c.get('user').id, file, { storage, tmpDir: deps.tmpDir });
      return c.json({ profile: await profiles.setAvatarVersion(c.get('user'), Date.now()) });
    })
    .use(requireUser(deps.auth, MSG.profile.noUser))
    .get('/', async (c) => c.json({ profile: await profiles.getOrCreate(c.get('user')) }))
    .patch('/', async (c) => {
      const patch = await parseJson(c, profileUpdateSchema);
      return c.json({ profile: await profiles.update(c.get('user'), patch) });
    })
    .get('/avatar', async (c) => {
      const profile = await profiles.getOrCreate(c.get('user'));
      if (!profile.avatar_url) throw notFound();
      const response = await sendStoredFile(c, storage, { bucket: 'avatars', key: `${c.get('user').id}/avatar.jpg`, name: 'avatar.jpg', type: 'image/jpeg' });
      // The URL carries the photo's version (?v=…): a new photo is a new URL, so this one never changes.
      response.headers.set('Cache-Control', 'private, max-age=31536000, immutable');
      return response;
    })
    .post('/system-check', async (c) => c.json({ checks: await runSystemCheck(c.get('user'), { db: deps.db, storage, profiles }) }));
}
