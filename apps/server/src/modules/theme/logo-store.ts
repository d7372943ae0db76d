import { randomBytes } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { WIDGET_MESSAGES } from '@docent/shared';
import { unsupportedMediaType } from '../../lib/app-error.ts';
import { sniffFileType } from '../../lib/file-type.ts';
import { reencodeImage } from '../../lib/image-reencode.ts';
import { botUploadsDir } from '../users/account-deletion.service.ts';

/**
 * Header logos live in the bot's upload folder under generated names; the uploader's file name
 * never reaches a path. Only PNG, JPEG and WebP (by magic bytes) are decoded and re-encoded,
 * which drops metadata and anything smuggled after the image data; SVG never gets in.
 */
export type LogoExt = 'png' | 'jpg' | 'webp';
export const LOGO_NAME = /^logo-[a-f0-9]{32}\.(png|jpg|webp)$/;
export const LOGO_CONTENT_TYPES: Record<LogoExt, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  webp: 'image/webp',
};
export const LOGO_MAX_BYTES = 5 * 1024 * 1024;
const MAX_SIDE = 256;

export function logoFile(dataDir: string, botId: string, name: string): string | undefined {
  return LOGO_NAME.test(name) ? path.join(botUploadsDir(dataDir, botId), name) : undefined;
}

/** Relative to the API origin, so the widget resolves it against the server it came from. */
export const logoUrl = (botId: string, name: string | null) =>
  name ? `/api/public/bots/${botId}/logo/${name}` : null;

export async function saveLogo(dataDir: string, botId: string, buf: Buffer): Promise<string> {
  const type = sniffFileType(buf);
  const ext: LogoExt | undefined =
    type === 'png' ? 'png' : type === 'jpeg' ? 'jpg' : type === 'webp' ? 'webp' : undefined;
  if (!ext) throw unsupportedMediaType(WIDGET_MESSAGES.logoType);
  const encoded = await reencodeImage(buf, ext, { maxSide: MAX_SIDE, quality: 85 });
  if (!encoded) throw unsupportedMediaType(WIDGET_MESSAGES.logoType);
  const dir = botUploadsDir(dataDir, botId);
  const name = `logo-${randomBytes(16).toString('hex')}.${ext}`;
  await mkdir(dir, { recursive: true });
  await writeFile(path.join(dir, name), encoded, { flag: 'wx' });
  return name;
}

export async function removeLogo(dataDir: string, botId: string, name: string | null) {
  const file = name ? logoFile(dataDir, botId, name) : undefined;
  if (file) await rm(file, { force: true });
}
