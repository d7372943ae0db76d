import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers/app.ts';
import { startWorker } from '../../../test/helpers/knowledge.ts';
import { createSignedInUser } from '../../../test/helpers/users.ts';
import type { SourceSpec } from '../../ingest/sources/index.ts';
import { insertBot } from '../../modules/bots/bots.repo.ts';
import { insertSource } from '../../modules/sources/sources.repo.ts';
import { trainSourceKey } from '../queue.ts';

describe('train-source job', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('trains, at worker start, a pending source whose job was lost; unknown types fail cleanly', async () => {
    const db = t.runtime.ctx.db;
    const { userId } = await createSignedInUser(t.runtime.ctx);
    const bot = await insertBot(db, userId, 'Lost job');
    const base = { bot_id: bot.id, source_type: 3, title: 't', origin: null, char_count: 0 };
    const lost = await insertSource(db, {
      ...base,
      type: 'text',
      input: { items: [{ title: 'Kept', content: 'Recorded before the crash.' }] },
      documents_total: 1,
    });
    const unknown = await insertSource(db, {
      ...base,
      // A type this server has no loader for, as a row written by another version could be.
      ...({ type: 'hologram', input: {} } as unknown as SourceSpec),
      documents_total: null,
    });
    await t.runtime.ctx.jobs.enqueue(
      'train-source',
      { sourceId: unknown },
      { maxAttempts: 1, dedupeKey: trainSourceKey(unknown) },
    );

    await startWorker(t);
    await t.runtime.ctx.jobs.whenIdle(30_000);
    const sources = await db
      .selectFrom('sources')
      .select(['id', 'status', 'error', 'char_count'])
      .execute();
    expect(sources.find((s) => s.id === lost)).toMatchObject({
      status: 'trained',
      char_count: 4 + 26,
    });
    expect(sources.find((s) => s.id === unknown)).toMatchObject({
      status: 'failed',
      error: 'Training failed: No loader for source type hologram',
    });
    // One source trained, one failed: the bot is usable.
    const after = await db
      .selectFrom('bots')
      .select('status')
      .where('id', '=', bot.id)
      .executeTakeFirstOrThrow();
    expect(after.status).toBe('trained');
  });
});
