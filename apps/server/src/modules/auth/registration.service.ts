import { AUTH_MESSAGES } from '@docent/shared';
import { badRequest, conflict, notFound } from '../../lib/app-error.ts';
import { findUserByEmail, insertUser } from '../users/users.repo.ts';
import { alreadyRegisteredMail, invitationMail, signupAttemptMail } from './auth-mails.ts';
import type { AccountDeps } from './deps.ts';
import { issueToken, peekToken, useToken } from './one-time-tokens.ts';
import { requestPasswordReset } from './password.service.ts';
import { hashPassword } from './passwords.ts';

/**
 * Hero sign-up: mails an invitation link, or a note to an address that already has an account.
 * All of it runs after the reply, which is the same for both, so nothing reveals whether the
 * address is known.
 */
export function requestInvitation(deps: AccountDeps, email: string): void {
  const address = email.toLowerCase();
  deps.mailer.defer(async () => {
    const existing = await findUserByEmail(deps.db, address);
    const base = deps.env.publicUrl;
    if (existing) {
      await deps.mailer.send(
        alreadyRegisteredMail(existing.email, `${base}/login`, `${base}/forgot-password`),
      );
      return;
    }
    const token = await issueToken(deps.db, 'signup', address, null);
    await deps.mailer.send(invitationMail(address, `${base}/signup?user_id=${token}`));
  });
}

/** The address an invitation link was sent to (pre-fills the sign-up form). */
export async function invitationEmail(deps: AccountDeps, token: string): Promise<string> {
  const row = await peekToken(deps.db, 'signup', token);
  if (!row) throw notFound(AUTH_MESSAGES.signupLinkInvalid);
  return row.email;
}

export interface NewAccount {
  email: string;
  fullname: string;
  password: string;
  /** The invitation token; when given it must match the e-mail and is used up. */
  token?: string | undefined;
}

/**
 * Creates the account (validation already done by the route schema). An address that already
 * has an account gets the same outcome as a new one, after the same work (the password is
 * hashed either way), so the reply tells no one which addresses are registered; its owner is
 * mailed instead. Only an invitation link's holder, who proved the mailbox is theirs, is told.
 */
export async function createAccount(deps: AccountDeps, input: NewAccount): Promise<void> {
  const email = input.email.toLowerCase();
  if (input.token !== undefined) {
    const invitation = await peekToken(deps.db, 'signup', input.token);
    if (!invitation) throw notFound(AUTH_MESSAGES.signupLinkInvalid);
    if (invitation.email.toLowerCase() !== email) {
      throw badRequest(AUTH_MESSAGES.signupEmailMismatch);
    }
  }
  // The insert itself finds out whether the address is taken (it does nothing then), so a
  // taken address costs the same hashing and the same round trips as a new one.
  const passwordHash = await hashPassword(input.password);
  const created = await deps.db.transaction().execute(async (trx) => {
    // Used up in the same transaction as the insert: a failed insert gives the link back.
    if (input.token !== undefined && !(await useToken(trx, 'signup', input.token))) {
      throw notFound(AUTH_MESSAGES.signupLinkInvalid);
    }
    const id = await insertUser(trx, {
      email,
      full_name: input.fullname,
      password_hash: passwordHash,
      plan: deps.env.DEFAULT_PLAN,
    });
    if (!id && input.token !== undefined) throw conflict(AUTH_MESSAGES.emailTaken);
    return Boolean(id);
  });
  if (created) return;
  if (input.token !== undefined) throw conflict(AUTH_MESSAGES.emailTaken);
  requestPasswordReset(deps, email, signupAttemptMail);
}
