import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { MESSAGES } from '@docent/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  makeBombPdf,
  makeManyPagesPdf,
  makeTextPdf,
} from '../../../../test/fixtures/media/generate.ts';
import type { TestApp } from '../../../../test/helpers/app.ts';
import { multipart, startTrainingApp } from '../../../../test/helpers/knowledge.ts';
import type { SignedIn } from '../../../../test/helpers/users.ts';

const PDF_TYPE = 'application/pdf';

function samplePdf(): Buffer {
  const lines = [
    'Returns and refunds',
    'Items can be returned within thirty days of delivery.',
    'Refunds are paid to the original card within a week.',
  ];
  return makeTextPdf([lines.map((text, i) => ({ x: 72, y: 720 - i * 16, text }))]);
}

describe('POST /api/upload/documents', () => {
  let t: TestApp;
  let alice: SignedIn;
  let bob: SignedIn;
  beforeAll(async () => {
    ({ t, alice, bob } = await startTrainingApp('platinum'));
  });
  afterAll(() => t.close());

  async function post(
    user: SignedIn,
    json: unknown,
    file?: { name: string; content: Buffer; type?: string },
  ) {
    const mp = await multipart(json, file ? [{ field: 'file', type: PDF_TYPE, ...file }] : []);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/upload/documents',
      headers: { ...user.headers, ...mp.headers },
      payload: mp.payload,
    });
    return { status: res.statusCode, body: res.json() };
  }

  it('stage 1 returns the transcript; stage 2 trains that same text as a Text & Files source', async () => {
    const pdf = samplePdf();
    const one = await post(alice, { stage: 1 }, { name: 'returns-policy.pdf', content: pdf });
    expect(one.status).toBe(200);
    expect(one.body.hasError).toBe(false);
    const transcript = one.body.response.transcript as string;
    expect(transcript).toBe(
      'Returns and refunds\nItems can be returned within thirty days of delivery.\nRefunds are paid to the original card within a week.',
    );
    expect(one.body.response).toEqual({
      transcript,
      num_characters: transcript.length,
      stage: 1,
      botId: null,
      bot_name: null,
    });

    // The client's char_count is ignored: the server counts what it extracted.
    const two = await post(
      alice,
      { stage: 2, char_count: 5, bot_count: 1, bot_id: '' },
      { name: 'returns-policy.pdf', content: pdf },
    );
    expect(two.status).toBe(200);
    expect(two.body.response).toEqual({
      stage: 2,
      botId: expect.any(String),
      bot_name: 'returns-policy',
    });
    await t.runtime.ctx.jobs.whenIdle();
    const source = await t.runtime.ctx.db
      .selectFrom('sources')
      .select(['type', 'source_type', 'title', 'status', 'char_count'])
      .where('bot_id', '=', two.body.response.botId)
      .executeTakeFirstOrThrow();
    expect(source).toMatchObject({
      type: 'pdf',
      source_type: 3,
      title: 'returns-policy.pdf',
      status: 'trained',
    });
    const docs = await t.runtime.ctx.db
      .selectFrom('documents')
      .select(['title'])
      .where('bot_id', '=', two.body.response.botId)
      .execute();
    expect(docs).toEqual([{ title: 'returns-policy.pdf' }]);
    const chunks = await t.runtime.ctx.db
      .selectFrom('chunks')
      .select('text')
      .where('bot_id', '=', two.body.response.botId)
      .execute();
    expect(chunks.map((c) => c.text).join(' ')).toContain('returned within thirty days');
  });

  it('stage 2 adds to an own bot; another account gets 404 for it', async () => {
    const pdf = samplePdf();
    const first = await post(alice, { stage: 2, bot_count: 1 }, { name: 'a.pdf', content: pdf });
    const botId = first.body.response.botId as string;
    const stage1 = await post(alice, { stage: 1, bot_id: botId }, { name: 'a.pdf', content: pdf });
    expect(stage1.body.response).toMatchObject({ botId, bot_name: 'a' });
    const foreign = await post(
      bob,
      { stage: 2, bot_count: 1, bot_id: botId },
      { name: 'a.pdf', content: pdf },
    );
    expect(foreign.status).toBe(404);
    const foreign1 = await post(bob, { stage: 1, bot_id: botId }, { name: 'a.pdf', content: pdf });
    expect(foreign1.status).toBe(404);
  });

  it('stage 2 without a file trains the stage-1 extraction kept for this user', async () => {
    const pdf = makeTextPdf([[{ x: 72, y: 700, text: 'Kept on the server between stages.' }]]);
    const one = await post(alice, { stage: 1 }, { name: 'kept.pdf', content: pdf });
    expect(one.status).toBe(200);
    const two = await post(alice, { stage: 2, char_count: 999_999, bot_count: 1 });
    expect(two.status).toBe(200);
    await t.runtime.ctx.jobs.whenIdle();
    const source = await t.runtime.ctx.db
      .selectFrom('sources')
      .select(['title', 'char_count'])
      .where('bot_id', '=', two.body.response.botId)
      .executeTakeFirstOrThrow();
    expect(source.title).toBe('kept.pdf');
    expect(Number(source.char_count)).toBeLessThan(100);
    // Another user has no extraction to train.
    const other = await post(bob, { stage: 2, bot_count: 1 });
    expect(other).toMatchObject({ status: 400, body: { message: MESSAGES.selectFile } });
  });

  it('needs a file', async () => {
    const res = await post(alice, { stage: 1 });
    expect(res).toMatchObject({
      status: 400,
      body: { hasError: true, message: MESSAGES.selectFile },
    });
  });

  it('answers 415 for an HTML page named .pdf', async () => {
    const html = Buffer.from(
      '<!DOCTYPE html><html><head><title>x</title></head><body>%PDF-1.4</body></html>',
    );
    const res = await post(alice, { stage: 1 }, { name: 'invoice.pdf', content: html });
    expect(res.status).toBe(415);
    expect(res.body).toMatchObject({ hasError: true, message: 'This file is not a PDF.' });
  });

  it('keeps user file names away from the file system', async () => {
    const evil = '../../../../../tmp/docent-evil-upload.pdf';
    const res = await post(alice, { stage: 2, bot_count: 1 }, { name: evil, content: samplePdf() });
    expect(res.status).toBe(200);
    const source = await t.runtime.ctx.db
      .selectFrom('sources')
      .select('title')
      .where('bot_id', '=', res.body.response.botId)
      .executeTakeFirstOrThrow();
    expect(source.title).toBe('docent-evil-upload.pdf');
    expect(existsSync('/tmp/docent-evil-upload.pdf')).toBe(false);
    const dataFiles = readdirSync(t.env.dataDir, { recursive: true }).map(String);
    expect(dataFiles.filter((f) => f.includes('evil') || f.includes('..'))).toEqual([]);
    expect(existsSync(path.resolve(t.env.dataDir, evil))).toBe(false);
  });

  it.each([
    [
      'a decompression bomb',
      () => makeBombPdf(256),
      422,
      'This PDF expands to more data than we accept.',
    ],
    [
      'a 5,000-page PDF',
      () => makeManyPagesPdf(5_000),
      413,
      'This PDF has 5000 pages; the limit is 2,000.',
    ],
  ] as const)(
    '%s fails cleanly while other requests keep being served',
    async (_, make, status, message) => {
      const upload = post(alice, { stage: 1 }, { name: 'hostile.pdf', content: make() });
      const latencies: number[] = [];
      for (let i = 0; i < 5; i++) {
        const started = performance.now();
        const res = await t.app.inject({ method: 'GET', url: '/api/health' });
        latencies.push(performance.now() - started);
        expect(res.statusCode).toBe(200);
      }
      const res = await upload;
      expect(res).toMatchObject({ status, body: { hasError: true, message } });
      expect(Math.max(...latencies)).toBeLessThan(2_000);
      // And the next honest upload still works.
      const next = await post(alice, { stage: 1 }, { name: 'ok.pdf', content: samplePdf() });
      expect(next.status).toBe(200);
    },
  );
});
