import { type AddressInfo, createServer } from 'node:net';
import { Writable } from 'node:stream';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers/app.ts';
import { startSmtpServer, type TestSmtpServer } from '../../test/helpers/smtp.ts';
import { createMailer, RETRY_DELAYS_MINUTES } from './mail.ts';

/** A logger whose JSON lines land in an array. */
function capturingLogger() {
  const lines: { level: number; msg: string; [k: string]: unknown }[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  return { log: pino({ level: 'info' }, stream), lines };
}

/** A loopback port nothing listens on (yet). */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

const message = {
  to: 'reader@example.com',
  subject: 'Your link',
  text: 'Open http://localhost:3000/signup?user_id=abc_DEF-123 to continue.',
};

describe('mailer', () => {
  let t: TestApp;
  let smtp: TestSmtpServer;
  beforeAll(async () => {
    t = await createTestApp();
    smtp = await startSmtpServer();
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  const outbox = () =>
    t.runtime.ctx.db
      .selectFrom('mail_outbox')
      .selectAll()
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();

  /** A mailer logging into `lines`; `smtpUrl` absent means no SMTP (log only). */
  const newMailer = (smtpUrl?: string, from = 'a@b.c') => {
    const { log, lines } = capturingLogger();
    return { mailer: createMailer({ db: t.runtime.ctx.db, log, from, smtpUrl }), lines };
  };

  it('without SMTP_URL keeps the mail in the outbox and logs its text with the link', async () => {
    const { mailer, lines } = newMailer(undefined, 'Docent <a@b.c>');
    await mailer.send(message);
    const row = await outbox();
    expect(row).toMatchObject({
      to_address: message.to,
      subject: message.subject,
      body_text: message.text,
      sent_at: null,
    });
    const line = lines.find((l) => l.msg.includes(`outbox #${row.id}`));
    expect(line?.msg).toContain('http://localhost:3000/signup?user_id=abc_DEF-123');
    expect(line).toMatchObject({ to: message.to, subject: message.subject, level: 30 });
  });

  it('with SMTP_URL delivers over SMTP and marks the outbox row sent', async () => {
    const { mailer } = newMailer(smtp.url, 'Docent <no-reply@docent.test>');
    await mailer.send({ ...message, to: 'smtp-reader@example.com', replyTo: 'jane@example.com' });
    const got = await smtp.waitFor((m) => m.to.includes('smtp-reader@example.com'));
    expect(got.from).toBe('no-reply@docent.test');
    expect(got.subject).toBe(message.subject);
    expect(got.text.trim()).toBe(message.text);
    expect(got.raw).toMatch(/^Reply-To: jane@example.com/m);
    const row = await outbox();
    expect(row.sent_at).toBeInstanceOf(Date);
    // The delivered body (with its one-time link) is not kept.
    expect(row).toMatchObject({
      to_address: 'smtp-reader@example.com',
      body_text: '',
      body_html: null,
    });
  });

  it('an unreachable SMTP server leaves the mail unsent in the outbox and logs the failure', async () => {
    const { mailer, lines } = newMailer('smtp://127.0.0.1:1');
    await mailer.send({ ...message, to: 'lost@example.com' });
    const row = await outbox();
    expect(row).toMatchObject({
      to_address: 'lost@example.com',
      sent_at: null,
      body_text: message.text,
      attempts: 1,
    });
    expect(row.last_error).toMatch(/ECONNREFUSED/);
    // Tried again in a minute.
    const wait = (row.next_attempt_at?.getTime() ?? 0) - Date.now();
    expect(wait).toBeGreaterThan(50_000);
    expect(wait).toBeLessThanOrEqual(60_000);
    expect(lines.some((l) => l.level === 50 && l.msg === 'SMTP delivery failed')).toBe(true);
  });

  /**
   * Makes the unsent mail to `to` due now (instead of waiting out the retry delays), and pushes
   * other tests' unsent mails out of the way.
   */
  const makeDue = async (to: string) => {
    const db = t.runtime.ctx.db;
    const unsent = db
      .updateTable('mail_outbox')
      .where('sent_at', 'is', null)
      .where('next_attempt_at', 'is not', null);
    await unsent.set({ next_attempt_at: new Date(Date.now() + 3_600_000) }).execute();
    await unsent
      .set({ next_attempt_at: new Date(Date.now() - 1000) })
      .where('to_address', '=', to)
      .execute();
  };

  it('sends a failed mail again once the SMTP server is back, reply-to included', async () => {
    const port = await freePort();
    const { mailer } = newMailer(`smtp://127.0.0.1:${port}`);
    await mailer.send({ ...message, to: 'later@example.com', replyTo: 'visitor@example.com' });
    expect(await mailer.retryDue()).toBe(0); // not due yet
    const back = await startSmtpServer(port);
    try {
      await makeDue('later@example.com');
      expect(await mailer.retryDue()).toBe(1);
      const got = await back.waitFor((m) => m.to.includes('later@example.com'));
      expect(got.text.trim()).toBe(message.text);
      expect(got.raw).toMatch(/^Reply-To: visitor@example.com/m);
      expect(await outbox()).toMatchObject({ attempts: 2, body_text: '', next_attempt_at: null });
      expect((await outbox()).sent_at).toBeInstanceOf(Date);
      expect(await mailer.retryDue()).toBe(0);
    } finally {
      await back.close();
    }
  });

  it('gives up after the last retry and says so', async () => {
    const { mailer, lines } = newMailer('smtp://127.0.0.1:1');
    await mailer.send({ ...message, to: 'never@example.com' });
    for (let i = 0; i < RETRY_DELAYS_MINUTES.length; i++) {
      await makeDue('never@example.com');
      expect(await mailer.retryDue()).toBe(0);
    }
    const row = await outbox();
    expect(row).toMatchObject({
      to_address: 'never@example.com',
      attempts: RETRY_DELAYS_MINUTES.length + 1,
      next_attempt_at: null,
      sent_at: null,
    });
    expect(lines.filter((l) => l.msg === 'SMTP delivery failed; giving up')).toHaveLength(1);
    await makeDue('never@example.com');
    expect(await mailer.retryDue()).toBe(0);
    expect((await outbox()).attempts).toBe(RETRY_DELAYS_MINUTES.length + 1);
  });

  it('defer runs work after the caller returns; idle waits for it; failures are logged', async () => {
    const { mailer, lines } = newMailer();
    const order: string[] = [];
    mailer.defer(async () => {
      order.push('deferred');
    });
    mailer.defer(async () => {
      throw new Error('boom');
    });
    order.push('caller');
    await mailer.idle();
    expect(order).toEqual(['caller', 'deferred']);
    expect(lines.some((l) => l.level === 50 && l.msg === 'deferred mail task failed')).toBe(true);
  });
});
