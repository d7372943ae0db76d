import { AUTH_MESSAGES } from '@docent/shared';
import { AppError, badRequest, unauthorized } from '../../lib/app-error.ts';
import type { MailMessage } from '../../lib/mail.ts';
import { findUserByEmail, findUserById, updateUser } from '../users/users.repo.ts';
import { resetMail } from './auth-mails.ts';
import type { AccountDeps } from './deps.ts';
import { issueToken, retireTokens, useToken } from './one-time-tokens.ts';
import { hashPassword, verifyPassword } from './passwords.ts';
import { revokeUserSessions } from './sessions.repo.ts';
import { endAllSessions, type IssuedTokens, startSession } from './sessions.service.ts';

/**
 * Forgot password: a reset link goes to known addresses only, but the lookup and the mail run
 * after the reply, so known and unknown addresses get the same answer in the same time.
 */
export function requestPasswordReset(
  deps: AccountDeps,
  email: string,
  compose: (to: string, resetLink: string) => MailMessage = resetMail,
): void {
  deps.mailer.defer(async () => {
    const user = await findUserByEmail(deps.db, email);
    if (!user) return;
    const token = await issueToken(deps.db, 'reset', user.email, user.id);
    await deps.mailer.send(
      compose(user.email, `${deps.env.publicUrl}/reset-password?user_id=${token}`),
    );
  });
}

/**
 * Sets the new password from a reset link and ends every session of the account; returns the
 * account's id.
 */
export async function resetPassword(
  deps: AccountDeps,
  token: string,
  password: string,
): Promise<string> {
  const passwordHash = await hashPassword(password);
  return deps.db.transaction().execute(async (trx) => {
    const row = await useToken(trx, 'reset', token);
    if (!row?.user_id) {
      throw new AppError(404, AUTH_MESSAGES.resetLinkInvalid, { errorCode: 404 });
    }
    await updateUser(trx, row.user_id, { password_hash: passwordHash });
    await revokeUserSessions(trx, row.user_id);
    await retireTokens(trx, 'reset', row.email);
    return row.user_id;
  });
}

/**
 * Changes the password of the signed-in user, ends all their sessions (a thief holding one is
 * locked out) and opens a fresh one for the browser that made the change.
 */
export async function changePassword(
  deps: AccountDeps,
  userId: string,
  current: string,
  next: string,
): Promise<IssuedTokens> {
  const user = await findUserById(deps.db, userId);
  if (!user) throw unauthorized('Authentication required');
  if (!(await verifyPassword(user.password_hash, current))) {
    throw badRequest(AUTH_MESSAGES.currentPasswordWrong);
  }
  await updateUser(deps.db, userId, { password_hash: await hashPassword(next) });
  await endAllSessions(deps.sessions, userId);
  return startSession(deps.sessions, userId);
}
