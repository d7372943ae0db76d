import { AUTH_MESSAGES, MESSAGES } from '@docent/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/helpers/app.ts';
import { Browser, lastMailTo, mailCount } from './auth.test-kit.ts';
import { LIMITS } from './rate-limits.ts';

const OPERATOR = 'operator@docent.example';
const valid = {
  name: 'Jane Doe',
  contact_number: '971501234567',
  email_address: 'jane@example.com',
  location: 'Dubai',
  company_name: 'Acme',
  message: 'We would like the Gold package.',
};

describe('contact form', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ OPERATOR_EMAIL: OPERATOR });
  });
  afterAll(() => t.close());

  it('stores the request and mails it to the operator', async () => {
    const res = await new Browser(t.app).post('/api/auth/contact_form', valid);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ hasError: false, message: AUTH_MESSAGES.contactReceived });
    const rows = await t.runtime.ctx.db.selectFrom('contact_messages').selectAll().execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject(valid);
    const mail = await lastMailTo(t.runtime.ctx, OPERATOR);
    expect(mail?.body_text).toContain('Jane Doe');
    expect(mail?.body_text).toContain('971501234567');
    expect(mail?.body_text).toContain('We would like the Gold package.');
  });

  it('serves the spec messages in order, and digits only for the phone', async () => {
    const cases: [object, string][] = [
      [{ ...valid, name: '' }, MESSAGES.contactName],
      [{}, MESSAGES.contactName],
      [{ ...valid, contact_number: '' }, MESSAGES.contactPhone],
      [{ ...valid, contact_number: '+971 50' }, AUTH_MESSAGES.phoneDigitsOnly],
      [{ ...valid, contact_number: '12ab' }, AUTH_MESSAGES.phoneDigitsOnly],
      [{ ...valid, contact_number: '1'.repeat(21) }, AUTH_MESSAGES.phoneTooLong],
      [{ ...valid, email_address: '' }, MESSAGES.contactEmail],
      [{ ...valid, email_address: 'jane@' }, MESSAGES.contactValidEmail],
      [{ ...valid, message: 'x'.repeat(5001) }, AUTH_MESSAGES.contactFieldTooLong],
    ];
    const before = await mailCount(t.runtime.ctx);
    for (const [body, message] of cases) {
      const res = await new Browser(t.app).post('/api/auth/contact_form', body);
      expect(res.statusCode, message).toBe(400);
      expect(res.json()).toEqual({ hasError: true, message });
    }
    expect(await mailCount(t.runtime.ctx)).toBe(before);
    // Location, company and message are optional.
    const minimal = await new Browser(t.app).post('/api/auth/contact_form', {
      name: 'Min',
      contact_number: '123',
      email_address: 'min@example.com',
    });
    expect(minimal.statusCode).toBe(200);
  });

  it('is rate limited (429)', async () => {
    const b = new Browser(t.app);
    for (let i = 0; i < LIMITS.contactForm; i++) {
      expect((await b.post('/api/auth/contact_form', {})).statusCode).toBe(400);
    }
    const res = await b.post('/api/auth/contact_form', valid);
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual({ hasError: true, message: AUTH_MESSAGES.tooManyRequests });
  });

  it('stores without mailing when no operator address is configured', async () => {
    const plain = await createTestApp();
    try {
      const res = await new Browser(plain.app).post('/api/auth/contact_form', valid);
      expect(res.statusCode).toBe(200);
      expect(await mailCount(plain.runtime.ctx)).toBe(0);
      const rows = await plain.runtime.ctx.db.selectFrom('contact_messages').select('id').execute();
      expect(rows).toHaveLength(1);
    } finally {
      await plain.close();
    }
  });
});
