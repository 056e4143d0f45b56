import { writeFile, rm, mkdir } from 'node:fs/promises';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { MSG } from '@bufete/shared';
import type { Metadata, Sharp } from 'sharp';
import { detectImageKind } from '../../extraction/file-types';
import { appError } from '../../http/errors';
import type { ReceivedFile } from '../../http/upload';
import type { Storage } from '../../storage';

export const AVATAR_MIN = 100;
/** Larger crops are scaled down: an avatar is never shown bigger than this. */
export const AVATAR_MAX = 1024;

/**
 * The user's photo, checked from its bytes (PNG, JPEG or WebP) and re-encoded
 * here as a square JPEG (quality 90): what is served back is never the file
 * that was uploaded, and its metadata (GPS, camera) is gone.
 */
/** Where a user's photo is stored (spec part 1, section 3: always avatar.jpg). */
export const avatarKey = (userId: string) => `${userId}/avatar.jpg`;

export async function storeAvatar(userId: string, file: ReceivedFile, deps: { storage: Storage; tmpDir: string }): Promise<void> {
  try {
    const kind = detectImageKind(file.head);
    if (kind !== 'png' && kind !== 'jpeg' && kind !== 'webp') throw appError('UNSUPPORTED_TYPE', MSG.settings.soloImagenesAvatar);
    // Loaded on the first photo, not at start-up (libvips takes a moment to load).
    const { default: sharp } = await import('sharp');
    let image: Sharp;
    let meta: Metadata;
    try {
      image = sharp(file.path, { limitInputPixels: 40_000_000, failOn: 'error' }).rotate();
      meta = await image.metadata();
    } catch {
      throw appError('UNSUPPORTED_TYPE', MSG.settings.soloImagenesAvatar);
    }
    const oriented = (meta.orientation ?? 1) >= 5 ? { width: meta.height, height: meta.width } : { width: meta.width, height: meta.height };
    const side = Math.min(oriented.width ?? 0, oriented.height ?? 0);
    if (side < AVATAR_MIN) throw appError('VALIDATION_ERROR', MSG.settings.avatarPequeno);
    const target = Math.min(side, AVATAR_MAX);
    const jpeg = await image.resize(target, target, { fit: 'cover', position: 'centre' }).flatten({ background: '#ffffff' }).jpeg({ quality: 90, mozjpeg: true }).toBuffer();
    await mkdir(deps.tmpDir, { recursive: true });
    const temp = path.join(deps.tmpDir, `${randomUUID()}.jpg`);
    try {
      await writeFile(temp, jpeg);
      await deps.storage.putFile('avatars', avatarKey(userId), temp, { contentType: 'image/jpeg', size: jpeg.length });
    } finally {
      await rm(temp, { force: true });
    }
  } finally {
    await file.discard();
  }
}
