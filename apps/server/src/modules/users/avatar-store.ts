import { randomBytes } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { AUTH_MESSAGES } from '@docent/shared';
import { unsupportedMediaType } from '../../lib/app-error.ts';
import { reencodeImage } from '../../lib/image-reencode.ts';

/**
 * Profile pictures live under DATA_DIR/uploads/avatars with generated names; the user's file
 * name never touches a path. Each image is decoded and re-encoded, which drops metadata and
 * anything smuggled after the image data.
 */

export type AvatarExt = 'png' | 'jpg' | 'webp';

/** The only names ever created, and so the only ones ever served. */
export const AVATAR_NAME = /^[a-f0-9]{32}\.(png|jpg|webp)$/;
export const AVATAR_CONTENT_TYPES: Record<AvatarExt, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  webp: 'image/webp',
};
const MAX_SIDE = 512;

export const avatarsDir = (dataDir: string) => path.join(dataDir, 'uploads', 'avatars');

/** The stored file of a valid avatar name, else undefined. */
export function avatarFile(dataDir: string, name: string): string | undefined {
  return AVATAR_NAME.test(name) ? path.join(avatarsDir(dataDir), name) : undefined;
}

export const avatarUrl = (name: string | null) => (name ? `/api/files/avatars/${name}` : null);

/** Image type by magic bytes; the declared type and file name are ignored. */
export function sniffImage(buf: Buffer): AvatarExt | undefined {
  if (buf.length >= 8 && buf.subarray(0, 8).equals(Buffer.from('89504e470d0a1a0a', 'hex'))) {
    return 'png';
  }
  if (buf.length >= 3 && buf[0] === 0xff && buf[1] === 0xd8 && buf[2] === 0xff) return 'jpg';
  if (
    buf.length >= 12 &&
    buf.toString('latin1', 0, 4) === 'RIFF' &&
    buf.toString('latin1', 8, 12) === 'WEBP'
  ) {
    return 'webp';
  }
  return undefined;
}

/** Validates, re-encodes and stores an avatar; returns its generated file name. */
export async function saveAvatar(dataDir: string, buf: Buffer): Promise<string> {
  const ext = sniffImage(buf);
  if (!ext) throw unsupportedMediaType(AUTH_MESSAGES.avatarType);
  const encoded = await reencodeImage(buf, ext, { maxSide: MAX_SIDE });
  if (!encoded) throw unsupportedMediaType(AUTH_MESSAGES.avatarType);
  const name = `${randomBytes(16).toString('hex')}.${ext}`;
  await mkdir(avatarsDir(dataDir), { recursive: true });
  await writeFile(path.join(avatarsDir(dataDir), name), encoded, { flag: 'wx' });
  return name;
}

export async function removeAvatar(dataDir: string, name: string | null): Promise<void> {
  const file = name ? avatarFile(dataDir, name) : undefined;
  if (file) await rm(file, { force: true });
}
