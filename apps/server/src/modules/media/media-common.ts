import { createHash } from 'node:crypto';
import { AppError, notFound } from '../../lib/app-error.ts';
import { MediaError } from '../../lib/file-type.ts';
import { findOwnedBot } from '../bots/bots.repo.ts';
import type { ServiceDeps } from '../service-deps.ts';

export interface UploadedFile {
  /** What the browser called it: shown to the user, never used in any path. */
  filename: string;
  buffer: Buffer;
}

export const sha256 = (...parts: Uint8Array[]) => {
  const h = createHash('sha256');
  for (const p of parts) h.update(p);
  return h.digest('hex');
};

/** A user's file name as a display title: last path segment, no control characters. */
export function displayName(filename: string, fallback: string): string {
  const base = filename.split(/[\\/]/).pop() ?? '';
  // Control characters (C0 and DEL) are dropped; they have no place in a title.
  const clean = [...base]
    .filter((c) => c.charCodeAt(0) > 0x1f && c.charCodeAt(0) !== 0x7f)
    .join('')
    .trim()
    .slice(0, 200);
  return clean && clean !== '.' && clean !== '..' ? clean : fallback;
}

/** Stage 1 names the bot it adds to, when there is one (checked to be the caller's). */
export async function ownedBotOrNull(
  deps: Pick<ServiceDeps, 'db'>,
  userId: string,
  botId: string | undefined,
): Promise<{ id: string; name: string } | null> {
  if (!botId) return null;
  const bot = await findOwnedBot(deps.db, userId, botId);
  if (!bot) throw notFound('Chatbot not found');
  return { id: bot.id, name: bot.name };
}

/** File-content refusals become API errors with their status and message. */
export async function asApiErrors<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (err instanceof MediaError) throw new AppError(err.status, err.message);
    throw err;
  }
}
