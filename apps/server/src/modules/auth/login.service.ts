import { AUTH_MESSAGES, type LoginResponse } from '@docent/shared';
import { unauthorized } from '../../http/errors.ts';
import { countBots } from '../bots/bots.repo.ts';
import { findUserByEmail } from '../users/users.repo.ts';
import type { AccountDeps } from './deps.ts';
import { verifyPassword } from './passwords.ts';
import { type IssuedTokens, startSession } from './sessions.service.ts';

/**
 * Checks the credentials and opens a session. Unknown e-mail and wrong password give the same
 * 401 after the same amount of work (a dummy hash is verified for unknown e-mails).
 */
export async function login(
  deps: AccountDeps,
  email: string,
  password: string,
): Promise<{ tokens: IssuedTokens; response: LoginResponse }> {
  const user = await findUserByEmail(deps.db, email);
  const valid = await verifyPassword(user?.password_hash, password);
  if (!user || !valid) throw unauthorized(AUTH_MESSAGES.invalidCredentials);
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
