import type { Kysely } from 'kysely';
import nodemailer, { type Transporter } from 'nodemailer';
import type { DB } from '../db/schema.ts';
import type { Logger } from './logger.ts';
import {
  claimDueMails,
  markMailFailed,
  markMailSent,
  type OutboxMail,
  recordMail,
} from './mail-outbox.repo.ts';

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
  /** Tries again the deliveries that failed and are due; returns how many were sent. */
  retryDue(): Promise<number>;
  /** Worker role: retries due deliveries every `everyMs` until close(). */
  startRetrying(everyMs?: number): void;
  /** Stops retrying and waits for deferred work. */
  close(): Promise<void>;
}

/**
 * Minutes before each further attempt after a failed one: a mail server restarting or briefly
 * unreachable is ridden out within the hour, while a reset link (valid 60 minutes) still works.
 */
export const RETRY_DELAYS_MINUTES = [1, 5, 15, 30];
const RETRY_BATCH = 20;
/** A claimed mail is not claimed again for this long (another worker, a crash mid-send). */
const CLAIM_LEASE_MS = 5 * 60_000;

interface MailerOptions {
  db: Kysely<DB>;
  log: Logger;
  from: string;
  smtpUrl?: string | undefined;
}

/** Sends one outbox mail: marked sent, or failed with the time of its next attempt (if any). */
async function deliver(
  opts: MailerOptions,
  mail: OutboxMail,
  transporter: Transporter,
): Promise<boolean> {
  const attempts = mail.attempts + 1;
  try {
    await transporter.sendMail({
      from: opts.from,
      to: mail.to_address,
      subject: mail.subject,
      text: mail.body_text,
      ...(mail.body_html ? { html: mail.body_html } : {}),
      ...(mail.reply_to ? { replyTo: mail.reply_to } : {}),
    });
    await markMailSent(opts.db, mail.id, attempts);
    return true;
  } catch (err) {
    const delay = RETRY_DELAYS_MINUTES[attempts - 1];
    const retryAt = delay === undefined ? null : new Date(Date.now() + delay * 60_000);
    await markMailFailed(opts.db, mail.id, attempts, String(err), retryAt);
    // The request that triggered the mail still succeeds; the outbox keeps it.
    opts.log.error(
      { err, outboxId: mail.id, attempts, retryAt },
      retryAt ? 'SMTP delivery failed' : 'SMTP delivery failed; giving up',
    );
    return false;
  }
}

/**
 * Every mail is recorded in the outbox first. With SMTP_URL it is then sent and marked sent
 * (body dropped), or, when the server fails, tried again later (RETRY_DELAYS_MINUTES); without
 * SMTP_URL the outbox row and the log line carry the text (and so the link) so a local user
 * can follow it.
 */
export function createMailer(opts: MailerOptions): Mailer {
  const transport = opts.smtpUrl ? nodemailer.createTransport(opts.smtpUrl) : null;
  const pending = new Set<Promise<void>>();
  let retryTimer: NodeJS.Timeout | undefined;
  let retrying: Promise<number> | undefined;

  async function send(message: MailMessage): Promise<void> {
    const mail = await recordMail(opts.db, message);
    if (!transport) {
      opts.log.info(
        { to: message.to, subject: message.subject },
        `mail (outbox #${mail.id}): ${message.text}`,
      );
      return;
    }
    await deliver(opts, mail, transport);
  }

  async function retryDue(): Promise<number> {
    if (!transport) return 0;
    let sent = 0;
    for (const mail of await claimDueMails(opts.db, RETRY_BATCH, CLAIM_LEASE_MS)) {
      if (await deliver(opts, mail, transport)) sent++;
    }
    return sent;
  }

  async function idle(): Promise<void> {
    while (pending.size > 0) await Promise.allSettled([...pending]);
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
    idle,
    retryDue,
    startRetrying(everyMs = 60_000) {
      if (!transport || retryTimer) return;
      retryTimer = setInterval(() => {
        if (retrying) return; // the previous round is still sending
        retrying = retryDue()
          .catch((err: unknown) => {
            opts.log.warn({ err }, 'retrying outbox mail failed');
            return 0;
          })
          .finally(() => {
            retrying = undefined;
          });
      }, everyMs);
      retryTimer.unref();
    },
    async close() {
      clearInterval(retryTimer);
      retryTimer = undefined;
      await retrying;
      await idle();
    },
  };
}
