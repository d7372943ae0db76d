import type { InjectOptions } from 'fastify';
import { startWorkerRole } from '../../src/jobs/definitions/index.ts';
import { createTestApp, type TestApp } from './app.ts';
import { createSignedInUser, type SignedIn } from './users.ts';

/** Runs the job worker inside the test app (the worker role). */
export async function startWorker(t: TestApp): Promise<void> {
  await startWorkerRole(t.runtime.ctx);
}

/** A multipart body as browsers send it: json_data plus optional files. */
export async function multipart(
  jsonData: unknown,
  files: { field: string; name: string; content: string | Buffer; type?: string }[] = [],
): Promise<{ payload: Buffer; headers: Record<string, string> }> {
  const form = new FormData();
  if (jsonData !== undefined) {
    form.append('json_data', typeof jsonData === 'string' ? jsonData : JSON.stringify(jsonData));
  }
  for (const f of files) {
    form.append(f.field, new Blob([f.content], { type: f.type ?? 'text/csv' }), f.name);
  }
  const res = new Response(form);
  return {
    payload: Buffer.from(await res.arrayBuffer()),
    headers: { 'content-type': res.headers.get('content-type') ?? '' },
  };
}

/** Signed-in JSON call; returns status and parsed envelope. */
export async function call(
  t: TestApp,
  user: SignedIn | null,
  method: 'GET' | 'POST',
  url: string,
  body?: unknown,
  extra: Partial<InjectOptions> = {},
) {
  const res = await t.app.inject({
    method,
    url,
    headers: { ...(user?.headers ?? {}), ...((extra.headers as Record<string, string>) ?? {}) },
    ...(body !== undefined ? { payload: body as InjectOptions['payload'] } : {}),
    ...(extra.payload !== undefined ? { payload: extra.payload } : {}),
  });
  return {
    status: res.statusCode,
    // biome-ignore lint/suspicious/noExplicitAny: tests read whatever each endpoint answers
    body: res.json() as { hasError: boolean; message: string; response?: any },
  };
}

/** Trains texts and waits until the bot is trained; returns the bot id. */
export async function trainText(
  t: TestApp,
  user: SignedIn,
  items: { title: string; content: string }[],
  botId?: string,
): Promise<{ botId: string; bot_name: string }> {
  const res = await call(t, user, 'POST', '/api/upload/text', {
    content_list: items,
    stage: 1,
    char_count: 0,
    bot_count: 1,
    ...(botId ? { bot_id: botId } : {}),
  });
  if (res.status !== 200) throw new Error(`training failed: ${res.status} ${res.body.message}`);
  await t.runtime.ctx.jobs.whenIdle(60_000);
  return { botId: res.body.response.botId, bot_name: res.body.response.bot_name };
}

/**
 * A fresh app with its job worker running and two signed-in users: `alice` (on `alicePlan`
 * when given, else the default plan) and `bob` on the default plan.
 */
export async function startTrainingApp(
  alicePlan?: string,
): Promise<{ t: TestApp; alice: SignedIn; bob: SignedIn }> {
  const t = await createTestApp();
  await startWorker(t);
  const alice = await createSignedInUser(t.runtime.ctx, alicePlan ? { plan: alicePlan } : {});
  const bob = await createSignedInUser(t.runtime.ctx);
  return { t, alice, bob };
}
