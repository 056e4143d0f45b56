import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';

/**
 * A client's optional portal password, kept as scrypt (N=16384, r=16, p=1,
 * 64 bytes: the parameters better-auth uses for the lawyers'), computed on
 * libuv's thread pool so a sign-in never holds the event loop.
 */
const N = 16384;
const R = 16;
const P = 1;
const LENGTH = 64;

function derive(password: string, salt: Buffer): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(password.normalize('NFKC'), salt, LENGTH, { N, r: R, p: P, maxmem: 128 * N * R * 2 }, (error, key) => (error ? reject(error) : resolve(key))),
  );
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  return `scrypt$${salt.toString('base64url')}$${(await derive(password, salt)).toString('base64url')}`;
}

export async function passwordMatches(password: string, stored: string): Promise<boolean> {
  const [scheme, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64url');
  const actual = await derive(password, Buffer.from(salt, 'base64url'));
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}
