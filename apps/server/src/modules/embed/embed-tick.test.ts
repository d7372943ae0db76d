import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers/app.ts';
import { call, startWorker, trainText } from '../../../test/helpers/knowledge.ts';
import { createSignedInUser, type SignedIn } from '../../../test/helpers/users.ts';

/**
 * Issue 17 point 3: the quick-start "Embed & integrate" step ticks when the owner copies the
 * snippet or the widget first loads on a page outside the product, not when training ends.
 */
describe('quick-start "Embed & integrate"', () => {
  let t: TestApp;
  let owner: SignedIn;
  let stranger: SignedIn;

  beforeAll(async () => {
    t = await createTestApp();
    await startWorker(t);
    owner = await createSignedInUser(t.runtime.ctx);
    stranger = await createSignedInUser(t.runtime.ctx);
  });
  afterAll(() => t.close());

  const embedFlag = async (botId: string) =>
    (
      await t.runtime.ctx.db
        .selectFrom('bots')
        .select('embed_and_integrate')
        .where('id', '=', botId)
        .executeTakeFirstOrThrow()
    ).embed_and_integrate;

  const loadWidget = (botId: string, origin: string) =>
    t.app.inject({ url: `/api/public/bots/${botId}/config`, headers: { origin } });

  it('stays open when training ends and the owner reads the status', async () => {
    const { botId } = await trainText(t, owner, [{ title: 'Hours', content: 'Open at nine.' }]);
    const status = await call(t, owner, 'POST', '/api/upload/status', { botId });
    expect(status.body.response.processing_complete).toBeTruthy();
    expect(await embedFlag(botId)).toBe(false);
  });

  it("ticks when the widget loads on another site, not on the product's own pages", async () => {
    const { botId } = await trainText(t, owner, [{ title: 'Hours', content: 'Open at nine.' }]);
    expect((await loadWidget(botId, new URL(t.env.publicUrl).origin)).statusCode).toBe(200);
    expect(await embedFlag(botId)).toBe(false);
    expect((await loadWidget(botId, 'https://shop.example')).statusCode).toBe(200);
    expect(await embedFlag(botId)).toBe(true);
  });

  it('ticks when the owner copies the snippet, and only for their own bot', async () => {
    const { botId } = await trainText(t, owner, [{ title: 'Hours', content: 'Open at nine.' }]);
    const foreign = await call(t, stranger, 'POST', '/api/quick_start/snippet-copied', {
      bot_id: botId,
    });
    expect(foreign.status).toBe(404);
    expect(await embedFlag(botId)).toBe(false);
    const copied = await call(t, owner, 'POST', '/api/quick_start/snippet-copied', {
      bot_id: botId,
    });
    expect(copied.status).toBe(200);
    expect(await embedFlag(botId)).toBe(true);
  });
});
