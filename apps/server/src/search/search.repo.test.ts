import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { documentChunkIds, vacuumSearchIndex } from './search.repo.ts';
import { addDocuments, createBot } from './testing/search-db.ts';
import { useSearchTestDb } from './testing/use-search-test-db.ts';

const t = useSearchTestDb();

describe('vacuumSearchIndex', () => {
  it('leaves the planner row counts of the chunks and documents retrieval reads', async () => {
    const bot = await createBot(t.db);
    await addDocuments(
      t.db,
      bot,
      Array.from({ length: 12 }, (_, i) => ({
        title: `Page ${i}`,
        text: `Paragraph one of page ${i}.\n\nParagraph two of page ${i}.`,
        kind: 'text' as const,
      })),
    );
    const [chunks] = (await sql<{ n: number }>`SELECT count(*)::int AS n FROM chunks`.execute(t.db))
      .rows;

    await vacuumSearchIndex(t.db);

    const planned = await sql<{ relname: string; reltuples: number }>`
      SELECT relname, reltuples FROM pg_class
      WHERE relname IN ('chunks', 'documents') AND relkind = 'r'
      ORDER BY relname`.execute(t.db);
    expect(planned.rows.map((r) => [r.relname, Number(r.reltuples)])).toEqual([
      ['chunks', chunks?.n],
      ['documents', 12],
    ]);
  });
});

describe('documentChunkIds', () => {
  const chunkIdsOf = async (documentId: string) =>
    (
      await sql<{ id: number }>`SELECT id FROM chunks WHERE document_id = ${documentId}::uuid
        ORDER BY id`.execute(t.db)
    ).rows.map((r) => Number(r.id));
  const longPage = (name: string) => ({
    title: name,
    text: Array.from({ length: 30 }, (_, i) => `${name} paragraph ${i} ${'word '.repeat(40)}`).join(
      '\n\n',
    ),
    kind: 'text' as const,
  });

  it('gives each cited chunk every chunk of its document, of this bot only', async () => {
    const bot = await createBot(t.db);
    const [first, second, third] = await addDocuments(t.db, bot, [
      longPage('First'),
      longPage('Second'),
      longPage('Third'),
    ]);
    const other = await createBot(t.db);
    const [foreign] = await addDocuments(t.db, other, [longPage('Foreign')]);
    const ofFirst = await chunkIdsOf(first as string);
    const ofSecond = await chunkIdsOf(second as string);
    expect(ofFirst.length).toBeGreaterThan(3);
    expect((await chunkIdsOf(third as string)).length).toBeGreaterThan(3);

    const cited = [ofFirst[2] as number, ofSecond[0] as number, ofSecond[1] as number];
    const foreignCited = (await chunkIdsOf(foreign as string))[0] as number;
    const found = await documentChunkIds(t.db, bot.botId, [...cited, foreignCited]);
    const sorted = (ids: number[] | undefined) => [...(ids ?? [])].sort((a, b) => a - b);
    expect([...found.keys()].sort((a, b) => a - b)).toEqual(sorted(cited));
    expect(sorted(found.get(cited[0] as number))).toEqual(ofFirst);
    expect(sorted(found.get(cited[1] as number))).toEqual(ofSecond);
    // Chunks of one document share its list.
    expect(found.get(cited[1] as number)).toBe(found.get(cited[2] as number));
    expect((await documentChunkIds(t.db, bot.botId, [])).size).toBe(0);
  });
});
