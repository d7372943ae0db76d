import { type ContactFields, contactMail } from './auth-mails.ts';
import { insertContactMessage } from './contact.repo.ts';
import type { AccountDeps } from './deps.ts';

/** Stores the contact request and, when an operator address is configured, mails it there. */
export async function submitContact(deps: AccountDeps, fields: ContactFields): Promise<void> {
  await insertContactMessage(deps.db, fields);
  const operator = deps.env.OPERATOR_EMAIL;
  if (operator) deps.mailer.defer(() => deps.mailer.send(contactMail(operator, fields)));
}
