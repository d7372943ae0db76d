import { rm } from 'node:fs/promises';
import path from 'node:path';
import type { EnvOf, ServiceDeps } from '../service-deps.ts';
import { removeAvatar } from './avatar-store.ts';
import { deleteUser, findUserById, listBotIds } from './users.repo.ts';

/** Where per-account and per-bot files live, so deleting an account can remove them. */
export const userUploadsDir = (dataDir: string, userId: string) =>
  path.join(dataDir, 'uploads', 'users', userId);
export const botUploadsDir = (dataDir: string, botId: string) =>
  path.join(dataDir, 'uploads', 'bots', botId);

/**
 * Deletes the account with everything it owns: rows go through the foreign-key cascades
 * (sessions, tokens, bots and their data), files are removed afterwards. A file that cannot be
 * removed is logged; the account is gone either way.
 */
export async function deleteAccount(
  deps: Pick<ServiceDeps, 'db' | 'log'> & EnvOf<'dataDir'>,
  userId: string,
): Promise<void> {
  const user = await findUserById(deps.db, userId);
  if (!user) return;
  const botIds = await listBotIds(deps.db, userId);
  await deleteUser(deps.db, userId);
  const dirs = [
    userUploadsDir(deps.env.dataDir, userId),
    ...botIds.map((id) => botUploadsDir(deps.env.dataDir, id)),
  ];
  const results = await Promise.allSettled([
    removeAvatar(deps.env.dataDir, user.avatar_path),
    ...dirs.map((dir) => rm(dir, { recursive: true, force: true })),
  ]);
  for (const r of results) {
    if (r.status === 'rejected')
      deps.log.error({ err: r.reason, userId }, 'account file cleanup failed');
  }
}
