import type { Kysely } from 'kysely';
import nodemailer from 'nodemailer';
import type { DB } from '../db/schema.ts';
import type { Logger } from './logger.ts';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  replyTo?: string;
}

export interface Mailer {
  /** Records the mail in the outbox and delivers it (SMTP) or logs it (no SMTP_URL). */
  send(message: MailMessage): Promise<void>;
  /**
   * Runs mail work after the reply has gone out, so a request answers in the same time
   * whether or not it leads to a mail (no account enumeration through timing). Failures are
   * logged, never thrown.
   */
  defer(task: () => Promise<void>): void;
  /** Resolves once every deferred task has finished (shutdown, tests). */
  idle(): Promise<void>;
}

/**
 * Every mail is recorded in the outbox first. With SMTP_URL it is then sent and marked sent
 * (body dropped); without it, the outbox row and the log line carry the text (and so the link)
 * so a local user can follow it.
 */
export function createMailer(opts: {
  db: Kysely<DB>;
  log: Logger;
  from: string;
  smtpUrl?: string | undefined;
}): Mailer {
  const transport = opts.smtpUrl ? nodemailer.createTransport(opts.smtpUrl) : null;
  const pending = new Set<Promise<void>>();

  async function send(message: MailMessage): Promise<void> {
    const { id } = await opts.db
      .insertInto('mail_outbox')
      .values({
        to_address: message.to,
        subject: message.subject,
        body_text: message.text,
        body_html: message.html ?? null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (!transport) {
      opts.log.info(
        { to: message.to, subject: message.subject },
        `mail (outbox #${id}): ${message.text}`,
      );
      return;
    }
    try {
      await transport.sendMail({ from: opts.from, ...message });
      // Delivered bodies are not kept: their links carry live one-time tokens, which must
      // exist only hashed in the database.
      await opts.db
        .updateTable('mail_outbox')
        .set({ sent_at: new Date(), body_text: '', body_html: null })
        .where('id', '=', id)
        .execute();
    } catch (err) {
      // The mail stays in the outbox unsent; the request that triggered it still succeeds.
      opts.log.error({ err, outboxId: id }, 'SMTP delivery failed');
    }
  }

  return {
    send,
    defer(task) {
      const run = (async () => {
        // Let the reply leave first.
        await new Promise((resolve) => setImmediate(resolve));
        await task();
      })()
        .catch((err: unknown) => opts.log.error({ err }, 'deferred mail task failed'))
        .finally(() => pending.delete(run));
      pending.add(run);
    },
    async idle() {
      while (pending.size > 0) await Promise.allSettled([...pending]);
    },
  };
}
