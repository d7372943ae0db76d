import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/helpers/app.ts';
import { startWorker, trainText } from '../../../test/helpers/knowledge.ts';
import { createSignedInUser } from '../../../test/helpers/users.ts';
import { retrieve } from '../../rag/retrieve.ts';
import { botsWithStaleTerms } from '../../search/reindex.repo.ts';
import { reindexStaleDocuments } from '../../search/reindex.ts';
import { TERMS_VERSION } from '../../search/terms-version.ts';
import { requeueStaleIndexes } from './reindex-bot.job.ts';

const t = await createTestApp();
await startWorker(t);
const alice = await createSignedInUser(t.runtime.ctx, { plan: 'platinum' });
afterAll(() => t.close());
const ctx = t.runtime.ctx;

/**
 * What an analyzer before TERMS_VERSION 1 left in the index: "written" as its own term
 * `written` (now stemmed as write), the documents marked with the old version.
 */
async function indexAsBefore(botId: string): Promise<void> {
  for (const table of ['search_postings', 'search_blocks']) {
    await sql`UPDATE ${sql.table(table)} SET term = 'written'
      WHERE bot_id = ${botId}::uuid AND term = 'write'`.execute(ctx.db);
  }
  await sql`UPDATE search_documents SET terms_version = 0 WHERE bot_id = ${botId}::uuid`.execute(
    ctx.db,
  );
}

const versions = async (botId: string) =>
  (
    await ctx.db
      .selectFrom('search_documents')
      .select('terms_version')
      .where('bot_id', '=', botId)
      .execute()
  ).map((r) => r.terms_version);

describe('documents indexed by an older analyzer', () => {
  it('are indexed again by the worker, so questions meet them in the current terms', async () => {
    const { botId } = await trainText(t, alice, [
      { title: 'Exports', content: 'Every export is written to the out folder of the project.' },
      { title: 'Imports', content: 'Imports are read from the in folder.' },
    ]);
    const { botId: current } = await trainText(t, alice, [
      { title: 'Backups', content: 'Backups are written every night.' },
    ]);
    await indexAsBefore(botId);
    expect(await retrieve(ctx.db, { botId, query: 'written' })).toEqual([]);
    expect(await botsWithStaleTerms(ctx.db)).toEqual([botId]);
    // A worker shutting down stops before the next batch and leaves the rest as it was.
    expect(await reindexStaleDocuments(ctx.db, botId, AbortSignal.abort())).toBe(0);
    expect(await versions(botId)).toEqual([0, 0]);

    // What the worker does when it starts; the replaced rows are then reclaimed, as after training.
    const vacuum = ctx.searchVacuum;
    let vacuums = 0;
    ctx.searchVacuum = { request: () => vacuums++, stop: async () => {} };
    try {
      expect(await requeueStaleIndexes(ctx)).toBe(1);
      await ctx.jobs.whenIdle(60_000);
    } finally {
      ctx.searchVacuum = vacuum;
    }
    expect(vacuums).toBe(1);

    const found = await retrieve(ctx.db, { botId, query: 'written' });
    expect(found.map((c) => c.title)).toEqual(['Exports']);
    expect(await versions(botId)).toEqual([TERMS_VERSION, TERMS_VERSION]);
    expect(await retrieve(ctx.db, { botId, query: 'in folder' })).toHaveLength(2);
    expect(await botsWithStaleTerms(ctx.db)).toEqual([]);
    // A bot indexed by the current analyzer is left as it is.
    expect(await versions(current)).toEqual([TERMS_VERSION]);
    expect(await requeueStaleIndexes(ctx)).toBe(0);
  });
});
