import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers/app.ts';
import { loadEnv } from '../../config/env.ts';
import { LIMITS } from '../routes/auth/rate-limits.ts';

const REDIS = loadEnv().TEST_REDIS_URL;

describe.runIf(REDIS)('rate limits shared through Redis (REDIS_URL)', () => {
  const prefix = `docent-rl-${randomBytes(4).toString('hex')}`;
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    // Two API processes of one deployment.
    a = await createTestApp({ REDIS_URL: REDIS!, REDIS_PREFIX: prefix });
    b = await createTestApp({ REDIS_URL: REDIS!, REDIS_PREFIX: prefix });
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
  });

  const guess = (t: TestApp) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'nobody@example.com', password: 'wrong password' },
    });

  it('counts a client’s requests across processes', async () => {
    const half = Math.ceil(LIMITS.login / 2);
    for (let i = 0; i < half; i++) expect((await guess(a)).statusCode).not.toBe(429);
    for (let i = half; i < LIMITS.login; i++) expect((await guess(b)).statusCode).not.toBe(429);
    // Each process alone has seen half the limit; together they have seen all of it.
    expect((await guess(a)).statusCode).toBe(429);
    expect((await guess(b)).statusCode).toBe(429);
  });
});
