import { MESSAGES } from '@docent/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/helpers/app.ts';
import { startSmtpServer, type TestSmtpServer } from '../../../../test/helpers/smtp.ts';
import { Browser, linkToken, uniqueEmail } from './auth.test-kit.ts';

/**
 * The account mails end to end: the app sends over SMTP_URL to a real SMTP server on loopback,
 * the test reads the received message and follows its link like a user would.
 */
describe('account mail over real SMTP', () => {
  let t: TestApp;
  let smtp: TestSmtpServer;
  const operator = 'ops@docent.example';
  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await createTestApp({
      SMTP_URL: smtp.url,
      MAIL_FROM: 'Docent <no-reply@docent.example>',
      OPERATOR_EMAIL: operator,
    });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it('sign-up: invitation mail → link → fetch-email → complete-registration → login', async () => {
    const email = uniqueEmail('smtp');
    const b = new Browser(t.app);
    expect((await b.post('/api/auth/register', { email })).statusCode).toBe(200);
    const mail = await smtp.waitFor((m) => m.to.includes(email));
    expect(mail.from).toBe('no-reply@docent.example');
    expect(mail.subject).toBe('Complete your Docent registration');
    expect(mail.text).toContain(`${t.env.publicUrl}/signup?user_id=`);
    const token = linkToken(mail.text, '/signup');

    const fetched = await b.post('/api/auth/fetch-email', { user_id: token });
    expect(fetched.json().response).toEqual({ email });
    const done = await b.post('/api/auth/complete-registration', {
      email,
      fullname: 'Mail Reader',
      password: 'reading my mail',
      user_id: token,
    });
    expect(done.json()).toEqual({ hasError: false, message: MESSAGES.registrationSuccessful });
    const login = await b.post('/api/auth/login', { email, password: 'reading my mail' });
    expect(login.statusCode).toBe(200);

    const row = await t.runtime.ctx.db
      .selectFrom('mail_outbox')
      .select(['sent_at', 'body_text'])
      .where('to_address', '=', email)
      .executeTakeFirstOrThrow();
    expect(row.sent_at).toBeInstanceOf(Date);
    expect(row.body_text).not.toContain(token);

    // Forgot password for the same account: reset mail → link → reset → log in anew.
    expect((await b.post('/api/auth/validate-email', { email })).statusCode).toBe(200);
    const reset = await smtp.waitFor(
      (m) => m.to.includes(email) && m.text.includes('/reset-password'),
    );
    expect(reset.subject).toBe('Reset your Docent password');
    const resetToken = linkToken(reset.text, '/reset-password');
    const res = await b.post('/api/auth/reset-password', {
      user_id: resetToken,
      password: 'a fresh password',
      confirm_password: 'a fresh password',
    });
    expect(res.json().errorCode).toBe(-1);
    expect((await b.get('/api/auth/personal-info')).statusCode).toBe(401);
    const again = await b.post('/api/auth/login', { email, password: 'a fresh password' });
    expect(again.statusCode).toBe(200);
  });

  it('a known address gets an "already registered" note, not an invitation', async () => {
    const email = uniqueEmail('known');
    await new Browser(t.app).post('/api/auth/register', {
      email,
      fullname: 'Known',
      password: 'known password',
      confirmPassword: 'known password',
    });
    await new Browser(t.app).post('/api/auth/register', { email });
    const note = await smtp.waitFor((m) => m.to.includes(email));
    expect(note.subject).toBe('Your Docent account');
    expect(note.text).toContain(`${t.env.publicUrl}/login`);
    expect(note.text).not.toContain('user_id=');
  });

  it('the contact form reaches the operator with the sender as Reply-To', async () => {
    const res = await new Browser(t.app).post('/api/auth/contact_form', {
      name: 'Omar',
      contact_number: '5551234',
      email_address: 'omar@example.com',
      location: 'Cairo',
      company_name: 'Nile Ltd',
      message: 'Please call me back.',
    });
    expect(res.statusCode).toBe(200);
    const mail = await smtp.waitFor((m) => m.to.includes(operator));
    expect(mail.text).toContain('Please call me back.');
    expect(mail.text).toContain('Nile Ltd');
    expect(mail.raw).toMatch(/^Reply-To: omar@example.com/m);
  });
});
