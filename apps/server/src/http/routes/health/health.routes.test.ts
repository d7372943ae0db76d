import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/helpers/app.ts';
import { createSignedInUser } from '../../../../test/helpers/users.ts';
import { createLifecycle } from '../../../lifecycle.ts';

describe('health and the envelope', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('answers from the database', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      hasError: false,
      message: 'ok',
      response: { database: t.runtime.database.kind },
    });
  });

  it('answers unknown API paths with a JSON 404 envelope', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/does-not-exist' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ hasError: true, message: 'Not found' });
  });
});

describe('liveness and readiness per role', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());
  const get = (url: string) => t.app.inject({ method: 'GET', url });

  it('is ready when every dependency of its roles answers', async () => {
    t.runtime.ctx.lifecycle = createLifecycle();
    const res = await get('/api/health/ready');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      hasError: false,
      message: 'ready',
      response: {
        draining: false,
        roles: ['api', 'realtime', 'worker'],
        checks: { database: 'ok', queue: 'ok', realtime: 'ok' },
      },
    });
  });

  it('checks only what the roles need: a worker the database and the job queue', async () => {
    t.runtime.ctx.lifecycle = createLifecycle(['worker']);
    const res = await get('/api/health/ready');
    expect(res.statusCode).toBe(200);
    expect(res.json().response.checks).toEqual({ database: 'ok', queue: 'ok' });
    t.runtime.ctx.lifecycle = createLifecycle(['realtime']);
    expect((await get('/api/health/ready')).json().response.checks).toEqual({
      database: 'ok',
      realtime: 'ok',
    });
  });

  it('turns unready at once when shutting down, while still alive', async () => {
    t.runtime.ctx.lifecycle = createLifecycle(['api', 'realtime']);
    t.runtime.ctx.lifecycle.drain();
    const ready = await get('/api/health/ready');
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toMatchObject({
      hasError: true,
      message: 'shutting down',
      response: { draining: true, checks: { database: 'ok', queue: 'ok', realtime: 'ok' } },
    });
    const live = await get('/api/health/live');
    expect(live.statusCode).toBe(200);
    expect(live.json()).toMatchObject({
      hasError: false,
      message: 'alive',
      response: { draining: true },
    });
  });
});

describe('readiness with its Redis unreachable', () => {
  let t: TestApp;
  beforeAll(async () => {
    // Nothing listens on port 1: the queue and the realtime adapter never connect.
    t = await createTestApp({ REDIS_URL: 'redis://127.0.0.1:1' });
  });
  afterAll(() => t.close());

  it('answers 503 naming what is down instead of hanging', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(res.statusCode).toBe(503);
    const body = res.json();
    expect(body).toMatchObject({ hasError: true, message: 'not ready' });
    expect(body.response.checks.database).toBe('ok');
    expect(body.response.checks.queue).not.toBe('ok');
    expect(body.response.checks.realtime).not.toBe('ok');
  });
});

describe('request ids', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("echoes a load balancer's plain x-request-id and replaces one that is not", async () => {
    const kept = await t.app.inject({
      method: 'GET',
      url: '/api/health/live',
      headers: { 'x-request-id': 'lb-1234.abc' },
    });
    expect(kept.headers['x-request-id']).toBe('lb-1234.abc');
    const replaced = await t.app.inject({
      method: 'GET',
      url: '/api/health/live',
      headers: { 'x-request-id': 'bad id\nwith "injection"' },
    });
    expect(replaced.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('stores the id of the request that queued a job with the job, for the worker', async () => {
    const user = await createSignedInUser(t.runtime.ctx);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/upload/text',
      headers: { ...user.headers, 'x-request-id': 'req-train-42' },
      payload: { content_list: [{ title: 'T', content: 'Some words.' }], stage: 1 },
    });
    expect(res.statusCode).toBe(200);
    const jobs = await t.runtime.ctx.db.selectFrom('jobs').select(['name', 'payload']).execute();
    expect(jobs).toEqual([
      {
        name: 'train-source',
        payload: { sourceId: expect.any(String), _requestId: 'req-train-42' },
      },
    ]);
  });
});
