import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Encrypts secrets we must keep but never show (Google tokens, the feed
 * address): AES-256-GCM with a key derived from APP_SECRET for one purpose,
 * so a key for one use cannot open another's data. A changed APP_SECRET makes
 * old values unreadable (`open` returns null): the lawyer reconnects.
 */
export function createSecretBox(appSecret: string, purpose: string) {
  const key = Buffer.from(hkdfSync('sha256', appSecret, 'bufete', `bufete:${purpose}:v1`, 32));
  return {
    seal(plain: string): string {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return `v1.${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url')}`;
    },
    open(sealed: string): string | null {
      if (!sealed.startsWith('v1.')) return null;
      const raw = Buffer.from(sealed.slice(3), 'base64url');
      if (raw.length < 28) return null;
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12));
        decipher.setAuthTag(raw.subarray(12, 28));
        return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
      } catch {
        return null;
      }
    },
  };
}

export type SecretBox = ReturnType<typeof createSecretBox>;

/** A random token for a URL (32 bytes, base64url). */
export const randomToken = () => randomBytes(32).toString('base64url');

/** How a bearer token is looked up without being stored: its SHA-256. */
export const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex');
