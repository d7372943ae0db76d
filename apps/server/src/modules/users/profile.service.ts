import type { NotificationSettings, PersonalInfoResponse } from '@docent/shared';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { unauthorized } from '../../lib/app-error.ts';
import type { EnvOf, ServiceDeps } from '../service-deps.ts';
import { avatarUrl, removeAvatar, saveAvatar } from './avatar-store.ts';
import { findUserById, type UserRow, updateUser } from './users.repo.ts';

async function requireUser(db: Kysely<DB>, userId: string): Promise<UserRow> {
  const user = await findUserById(db, userId);
  // The session outlived its account only for the instant of a concurrent deletion.
  if (!user) throw unauthorized('Authentication required');
  return user;
}

const toPersonalInfo = (u: UserRow): PersonalInfoResponse => ({
  full_name: u.full_name,
  avatar: avatarUrl(u.avatar_path),
  email: u.email,
});

export async function getPersonalInfo(
  deps: Pick<ServiceDeps, 'db'>,
  userId: string,
): Promise<PersonalInfoResponse> {
  return toPersonalInfo(await requireUser(deps.db, userId));
}

/** Renames the user and, when a picture is given, replaces the avatar (old file removed). */
export async function updatePersonalInfo(
  deps: Pick<ServiceDeps, 'db'> & EnvOf<'dataDir'>,
  userId: string,
  input: { name: string; avatar?: Buffer | undefined },
): Promise<PersonalInfoResponse> {
  const user = await requireUser(deps.db, userId);
  const avatar = input.avatar ? await saveAvatar(deps.env.dataDir, input.avatar) : user.avatar_path;
  try {
    await updateUser(deps.db, userId, { full_name: input.name, avatar_path: avatar });
  } catch (err) {
    if (avatar !== user.avatar_path) await removeAvatar(deps.env.dataDir, avatar);
    throw err;
  }
  if (avatar !== user.avatar_path) await removeAvatar(deps.env.dataDir, user.avatar_path);
  return toPersonalInfo({ ...user, full_name: input.name, avatar_path: avatar });
}

export async function getNotificationSettings(
  deps: Pick<ServiceDeps, 'db'>,
  userId: string,
): Promise<NotificationSettings> {
  const user = await requireUser(deps.db, userId);
  return { email_notifications: user.email_notifications };
}

export async function setNotificationSettings(
  deps: Pick<ServiceDeps, 'db'>,
  userId: string,
  settings: NotificationSettings,
): Promise<NotificationSettings> {
  await requireUser(deps.db, userId);
  await updateUser(deps.db, userId, { email_notifications: settings.email_notifications });
  return settings;
}
