import { type Kysely, sql } from 'kysely';
import type { DB } from '../db/schema.ts';

export interface OutboxMail {
  id: number;
  to_address: string;
  subject: string;
  body_text: string;
  body_html: string | null;
  reply_to: string | null;
  attempts: number;
}

export async function recordMail(
  db: Kysely<DB>,
  mail: {
    to: string;
    subject: string;
    text: string;
    html?: string | undefined;
    replyTo?: string | undefined;
  },
): Promise<OutboxMail> {
  return db
    .insertInto('mail_outbox')
    .values({
      to_address: mail.to,
      subject: mail.subject,
      body_text: mail.text,
      body_html: mail.html ?? null,
      reply_to: mail.replyTo ?? null,
    })
    .returning(['id', 'to_address', 'subject', 'body_text', 'body_html', 'reply_to', 'attempts'])
    .executeTakeFirstOrThrow();
}

/**
 * Delivered bodies are not kept: their links carry live one-time tokens, which must exist only
 * hashed in the database.
 */
export async function markMailSent(db: Kysely<DB>, id: number, attempts: number): Promise<void> {
  await db
    .updateTable('mail_outbox')
    .set({ sent_at: new Date(), body_text: '', body_html: null, attempts, next_attempt_at: null })
    .where('id', '=', id)
    .execute();
}

/** Records a failed attempt; `retryAt` null means no further attempt. */
export async function markMailFailed(
  db: Kysely<DB>,
  id: number,
  attempts: number,
  error: string,
  retryAt: Date | null,
): Promise<void> {
  await db
    .updateTable('mail_outbox')
    .set({ attempts, last_error: error.slice(0, 500), next_attempt_at: retryAt })
    .where('id', '=', id)
    .execute();
}

/**
 * Claims up to `limit` mails due for another attempt: their next attempt is pushed `leaseMs`
 * ahead at once, so another worker process does not send them too.
 */
export async function claimDueMails(
  db: Kysely<DB>,
  limit: number,
  leaseMs: number,
): Promise<OutboxMail[]> {
  const { rows } = await sql<OutboxMail>`
    UPDATE mail_outbox SET next_attempt_at = now() + ${`${leaseMs} milliseconds`}::interval
    WHERE id IN (
      SELECT id FROM mail_outbox
      WHERE sent_at IS NULL AND next_attempt_at <= now()
      ORDER BY next_attempt_at
      LIMIT ${limit}
      FOR UPDATE SKIP LOCKED
    )
    RETURNING id, to_address, subject, body_text, body_html, reply_to, attempts`.execute(db);
  return rows;
}
