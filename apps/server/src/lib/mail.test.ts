import { Writable } from 'node:stream';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers/app.ts';
import { startSmtpServer, type TestSmtpServer } from '../../test/helpers/smtp.ts';
import { createMailer } from './mail.ts';

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

  it('without SMTP_URL keeps the mail in the outbox and logs its text with the link', async () => {
    const { log, lines } = capturingLogger();
    const mailer = createMailer({ db: t.runtime.ctx.db, log, from: 'Docent <a@b.c>' });
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
    const { log } = capturingLogger();
    const mailer = createMailer({
      db: t.runtime.ctx.db,
      log,
      from: 'Docent <no-reply@docent.test>',
      smtpUrl: smtp.url,
    });
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
    const { log, lines } = capturingLogger();
    const mailer = createMailer({
      db: t.runtime.ctx.db,
      log,
      from: 'a@b.c',
      smtpUrl: 'smtp://127.0.0.1:1',
    });
    await mailer.send({ ...message, to: 'lost@example.com' });
    const row = await outbox();
    expect(row).toMatchObject({
      to_address: 'lost@example.com',
      sent_at: null,
      body_text: message.text,
    });
    expect(lines.some((l) => l.level === 50 && l.msg === 'SMTP delivery failed')).toBe(true);
  });

  it('defer runs work after the caller returns; idle waits for it; failures are logged', async () => {
    const { log, lines } = capturingLogger();
    const mailer = createMailer({ db: t.runtime.ctx.db, log, from: 'a@b.c' });
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
