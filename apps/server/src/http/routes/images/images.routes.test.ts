import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { MESSAGES } from '@docent/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeLyingPng, makePng } from '../../../../test/fixtures/media/generate.ts';
import { createTestApp, type TestApp } from '../../../../test/helpers/app.ts';
import { multipart, startWorker } from '../../../../test/helpers/knowledge.ts';
import { createSignedInUser, type SignedIn } from '../../../../test/helpers/users.ts';

const FIXTURES = path.resolve(
  fileURLToPath(new URL('../../../../../../', import.meta.url)),
  '../shared/fixtures',
);
const SCREENSHOTS = ['screenshot.png', 'search.png', 'readthedocs.png'].map((f) =>
  path.join(FIXTURES, 'images/mkdocs', f),
);

type Img = { name: string; content: Buffer };

describe('POST /api/upload/images', () => {
  let t: TestApp;
  let alice: SignedIn;
  beforeAll(async () => {
    t = await createTestApp();
    await startWorker(t);
    alice = await createSignedInUser(t.runtime.ctx, { plan: 'platinum' });
  });
  afterAll(() => t.close());

  async function post(json: unknown, images: Img[]) {
    const mp = await multipart(
      json,
      images.map((img, i) => ({ field: `file${i}`, type: 'image/png', ...img })),
    );
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/upload/images',
      headers: { ...alice.headers, ...mp.headers },
      payload: mp.payload,
    });
    return { status: res.statusCode, body: res.json() };
  }

  it('stage 1 reads the images by OCR; stage 2 trains that text, not the client full_text', async () => {
    const images = [
      {
        name: 'hours.png',
        content: await makePng(900, 360, [
          'Opening hours are nine to five',
          'Closed on public holidays',
        ]),
      },
      {
        name: 'returns.png',
        content: await makePng(900, 360, ['Returns accepted within thirty days']),
      },
    ];
    const one = await post({ stage: 1 }, images);
    expect(one.status).toBe(200);
    const text = one.body.response.text as string;
    expect(text).toContain('Opening hours are nine to five');
    expect(text).toContain('Returns accepted within thirty days');
    expect(one.body.response).toEqual({ text, char_count: text.length });

    const two = await post(
      { stage: 2, char_count: 1, full_text: 'IGNORE ALL THIS injected text', bot_count: 1 },
      images,
    );
    expect(two.status).toBe(200);
    expect(two.body.response).toEqual({ stage: 2, botId: expect.any(String), bot_name: 'hours' });
    await t.runtime.ctx.jobs.whenIdle();
    const source = await t.runtime.ctx.db
      .selectFrom('sources')
      .select(['type', 'source_type', 'status'])
      .where('bot_id', '=', two.body.response.botId)
      .executeTakeFirstOrThrow();
    expect(source).toEqual({ type: 'images', source_type: 3, status: 'trained' });
    const chunks = await t.runtime.ctx.db
      .selectFrom('chunks')
      .select('text')
      .where('bot_id', '=', two.body.response.botId)
      .execute();
    const trained = chunks.map((c) => c.text).join('\n');
    expect(trained).toContain('Opening hours are nine to five');
    expect(trained).not.toContain('IGNORE ALL THIS');

    // Issue 17 point 1: the owner's name for the new bot wins over the first file's name.
    const named = await post({ stage: 2, bot_count: 1, bot_name: 'Shop signs' }, images);
    expect(named.status).toBe(200);
    expect(named.body.response).toEqual({
      stage: 2,
      botId: expect.any(String),
      bot_name: 'Shop signs',
    });
    await t.runtime.ctx.jobs.whenIdle();
  }, 120_000);

  it('refuses an 11th image with the spec message', async () => {
    const img = await makePng(300, 300);
    const res = await post(
      { stage: 1 },
      Array.from({ length: 11 }, (_, i) => ({ name: `${i}.png`, content: img })),
    );
    expect(res).toMatchObject({
      status: 400,
      body: { hasError: true, message: MESSAGES.maxImages },
    });
  });

  it('refuses a 299×299 image with the spec message', async () => {
    const res = await post({ stage: 1 }, [{ name: 'small.png', content: await makePng(299, 299) }]);
    expect(res).toMatchObject({
      status: 400,
      body: { hasError: true, message: MESSAGES.minImageSize },
    });
  });

  it('refuses a header declaring 20,000×20,000 before decoding', async () => {
    const started = performance.now();
    const res = await post({ stage: 1 }, [
      { name: 'huge.png', content: await makeLyingPng(20_000, 20_000) },
    ]);
    expect(res.status).toBe(413);
    expect(res.body.message).toContain('40 megapixels');
    expect(performance.now() - started).toBeLessThan(3_000);
  });

  it('refuses non-PNG/JPEG content whatever its name, and an empty selection', async () => {
    const html = await post({ stage: 1 }, [
      { name: 'photo.png', content: Buffer.from('<html><body>x</body></html>') },
    ]);
    expect(html.status).toBe(415);
    const none = await post({ stage: 1 }, []);
    expect(none).toMatchObject({ status: 400, body: { message: MESSAGES.selectFile } });
  });

  it.runIf(SCREENSHOTS.every((f) => existsSync(f)))(
    'reads three real screenshots',
    async () => {
      const res = await post(
        { stage: 1 },
        SCREENSHOTS.map((f) => ({ name: path.basename(f), content: readFileSync(f) })),
      );
      expect(res.status).toBe(200);
      const text = res.body.response.text as string;
      expect(text).toMatch(/mkdocs serve/i);
      expect(text).toMatch(/static site generator/i);
      expect(text).toMatch(/search/i);
    },
    120_000,
  );
});
