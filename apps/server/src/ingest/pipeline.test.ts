import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers/app.ts';
import { createSignedInUser } from '../../test/helpers/users.ts';
import { insertBot } from '../modules/bots/bots.repo.ts';
import { insertSource } from '../modules/sources/sources.repo.ts';
import { normalizeDocumentText } from './normalize.ts';
import { failSource, type IngestDocument, ingestSource, type PipelineDeps } from './pipeline.ts';
import { sourceDocuments, storedSource } from './sources/index.ts';

describe('normalizeDocumentText', () => {
  it('composes to NFC, drops control and zero-width characters, tidies blanks', () => {
    const decomposed = 'Cafe\u0301';
    expect(
      normalizeDocumentText(`${decomposed}\u0000 \u200Bbar\r\n\r\n\r\n\tnext  line \u0007`),
    ).toBe('Café bar\n\nnext line');
    expect(normalizeDocumentText('a\uD800b')).toBe('a\uFFFDb');
  });
});

describe('ingestSource', () => {
  let t: TestApp;
  let deps: PipelineDeps;
  let userId: string;
  const notified: string[] = [];

  beforeAll(async () => {
    t = await createTestApp();
    const u = await createSignedInUser(t.runtime.ctx);
    userId = u.userId;
    deps = {
      db: t.runtime.ctx.db,
      log: t.runtime.ctx.log,
      notify: async (botId) => {
        notified.push(botId);
      },
    };
  });
  afterAll(() => t.close());

  const db = () => t.runtime.ctx.db;

  async function newSource(items: { title: string; content: string }[]) {
    const bot = await insertBot(db(), userId, 'Bot');
    const sourceId = await insertSource(db(), {
      bot_id: bot.id,
      type: 'text',
      source_type: 3,
      title: 't',
      origin: null,
      char_count: 0,
      input: { items },
      documents_total: items.length,
    });
    return { botId: bot.id, sourceId };
  }

  const run = (sourceId: string, signal?: AbortSignal) =>
    ingestSource(deps, {
      sourceId,
      documents: (s) => sourceDocuments(storedSource(s), deps),
      ...(signal ? { signal } : {}),
    });

  async function counts(botId: string) {
    const n = async (table: 'documents' | 'chunks' | 'search_documents') =>
      Number(
        (
          await db()
            .selectFrom(table)
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('bot_id', '=', botId)
            .executeTakeFirstOrThrow()
        ).n,
      );
    const bot = await db()
      .selectFrom('bots')
      .selectAll()
      .where('id', '=', botId)
      .executeTakeFirstOrThrow();
    return {
      documents: await n('documents'),
      chunks: await n('chunks'),
      indexed: await n('search_documents'),
      chars: bot.total_chars,
      status: bot.status,
    };
  }

  const paragraphs = (seed: string, n: number) =>
    Array.from(
      { length: n },
      (_, i) => `${seed} paragraph ${i}. ${'Lorem ipsum dolor sit amet. '.repeat(12)}`,
    ).join('\n\n');

  const items = Array.from({ length: 150 }, (_, i) => ({
    title: `Doc ${i}`,
    content: paragraphs(`d${i}`, 4),
  }));

  it('is idempotent: running a source again adds no documents, chunks or characters', async () => {
    const { botId, sourceId } = await newSource(items);
    const first = await run(sourceId);
    expect(first.completed).toBe(true);
    const once = await counts(botId);
    expect(once.documents).toBe(150);
    expect(once.indexed).toBe(150);
    expect(once.chunks).toBeGreaterThan(150);
    expect(once.status).toBe('trained');
    const again = await run(sourceId);
    expect(again.documentsAdded).toBe(0);
    expect(await counts(botId)).toEqual(once);
  });

  it('resumes an interrupted run to the same result as an uninterrupted one', async () => {
    const reference = await newSource(items);
    await run(reference.sourceId);
    const expected = await counts(reference.botId);

    const { botId, sourceId } = await newSource(items);
    const stop = new AbortController();
    let seen = 0;
    const partial = await ingestSource(deps, {
      sourceId,
      documents: async function* (s): AsyncIterable<IngestDocument> {
        for await (const d of sourceDocuments(storedSource(s), deps)) {
          if (++seen === 100) stop.abort();
          yield d;
        }
      },
      signal: stop.signal,
    });
    expect(partial.completed).toBe(false);
    const mid = await counts(botId);
    expect(mid.status).toBe('processing'); // never 'trained' before every chunk is in
    expect(mid.documents).toBeLessThan(150);
    await run(sourceId);
    expect(await counts(botId)).toEqual(expected);
  });

  it('skips exact duplicates and empty documents, counting characters once', async () => {
    const { botId, sourceId } = await newSource([
      { title: 'Same', content: 'Identical   text.' },
      { title: 'Same', content: 'Identical text.' },
      { title: 'Blank', content: ' \u0000 ' },
    ]);
    await run(sourceId);
    const c = await counts(botId);
    expect(c.documents).toBe(1);
    expect(c.chars).toBe('Same'.length + 'Identical text.'.length);
  });

  it('marks a failed source and bot; deleting the bot removes documents, chunks and index', async () => {
    const { botId, sourceId } = await newSource([{ title: 'x', content: 'y' }]);
    await failSource(deps, sourceId, 'Training failed: boom');
    const source = await db()
      .selectFrom('sources')
      .selectAll()
      .where('id', '=', sourceId)
      .executeTakeFirstOrThrow();
    expect(source.status).toBe('failed');
    expect(source.error).toBe('Training failed: boom');
    expect((await counts(botId)).status).toBe('failed');
    expect(notified).toContain(botId);

    const other = await newSource(items.slice(0, 5));
    await run(other.sourceId);
    await db().deleteFrom('bots').where('id', '=', other.botId).execute();
    expect(
      await db().selectFrom('chunks').select('id').where('bot_id', '=', other.botId).execute(),
    ).toEqual([]);
    expect(
      await db()
        .selectFrom('search_postings')
        .select('term')
        .where('bot_id', '=', other.botId)
        .execute(),
    ).toEqual([]);
  });
});
