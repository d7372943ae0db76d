import { AUTH_MESSAGES, type LoginResponse } from '@docent/shared';
import { AppError, unauthorized } from '../../lib/app-error.ts';
import { countBots } from '../bots/bots.repo.ts';
import { findUserByEmail } from '../users/users.repo.ts';
import type { AccountDeps } from './deps.ts';
import {
  claimLoginAttempt,
  clearLoginFailures,
  forgetOldLoginFailures,
  type SlowDownPolicy,
} from './login-failures.repo.ts';
import { verifyPassword } from './passwords.ts';
import { type IssuedTokens, startSession } from './sessions.service.ts';

/**
 * Per-account slow-down, beside the per-client-address limit of the route: five failures are
 * free, then each further attempt on that address waits 2 s, 4 s, 8 s … up to 15 minutes, from
 * wherever it comes. Guessing one password from many addresses gets a few tries an hour.
 */
export const LOGIN_SLOW_DOWN: SlowDownPolicy = {
  freeFailures: 5,
  firstDelaySeconds: 2,
  maxDelaySeconds: 15 * 60,
  forgetAfterSeconds: 24 * 3600,
};

/**
 * Checks the credentials and opens a session. Unknown e-mail and wrong password give the same
 * 401 after the same amount of work (a dummy hash is verified for unknown e-mails), and both
 * count towards the address's slow-down, so it reveals nothing either.
 */
export async function login(
  deps: AccountDeps,
  email: string,
  password: string,
): Promise<{ tokens: IssuedTokens; response: LoginResponse }> {
  const address = email.toLowerCase();
  if (!(await claimLoginAttempt(deps.db, address, LOGIN_SLOW_DOWN))) {
    throw new AppError(429, AUTH_MESSAGES.loginSlowedDown);
  }
  if (Math.random() < 0.01) {
    await forgetOldLoginFailures(deps.db, LOGIN_SLOW_DOWN.forgetAfterSeconds);
  }
  const user = await findUserByEmail(deps.db, address);
  const valid = await verifyPassword(user?.password_hash, password);
  if (!user || !valid) throw unauthorized(AUTH_MESSAGES.invalidCredentials);
  await clearLoginFailures(deps.db, address);
  const tokens = await startSession(deps.sessions, user.id);
  return {
    tokens,
    response: {
      user: user.email,
      userId: user.id,
      fullname: user.full_name,
      botCount: await countBots(deps.db, user.id),
    },
  };
}
