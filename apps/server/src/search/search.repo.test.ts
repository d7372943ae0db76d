import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { vacuumSearchIndex } from './search.repo.ts';
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
