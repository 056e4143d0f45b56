import { LIMITS } from '../constants';
import { endpoint } from '../endpoint';
import { profileReply, profileUpdateSchema, storageUsageSchema, systemCheckSchema } from '../profile';
import { z } from '../zod';

/** The profile endpoints: method, path and the schemas of what goes in and out (docs/decisions/0028). */
export const profileApi = {
  storage: endpoint({ method: 'GET', path: '/profile/storage', auth: 'user', response: storageUsageSchema }),
  get: endpoint({ method: 'GET', path: '/profile', auth: 'user', response: profileReply }),
  update: endpoint({ method: 'PATCH', path: '/profile', auth: 'user', body: profileUpdateSchema, response: profileReply }),
  /** The photo, cropped in the browser; re-encoded by the server as a square JPEG. */
  uploadAvatar: endpoint({ method: 'POST', path: '/profile/avatar', auth: 'user', upload: { fields: z.object({}), maxBytes: LIMITS.avatarMaxBytes }, response: profileReply }),
  avatar: endpoint({ method: 'GET', path: '/profile/avatar', auth: 'user', response: 'file' }),
  systemCheck: endpoint({ method: 'POST', path: '/profile/system-check', auth: 'user', response: z.strictObject({ checks: z.array(systemCheckSchema) }) }),
};
