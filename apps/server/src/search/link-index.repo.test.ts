import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { loadDescribedPlaces } from './link-index.repo.ts';
import { addDocuments, createBot } from './testing/search-db.ts';
import { useSearchTestDb } from './testing/use-search-test-db.ts';

const t = useSearchTestDb();
const SITE = 'https://shop.example.test';

describe('loadDescribedPlaces', () => {
  it('describes the section a link points to, or else the whole page', async () => {
    const bot = await createBot(t.db);
    const [returns] = await addDocuments(t.db, bot, [
      {
        title: 'Returns',
        url: `${SITE}/returns`,
        kind: 'web',
        text: [
          '## Refunds {#refunds}',
          'Refunds reach your card within a week of the parcel arriving back with us.',
          '## Exchanges {#exchanges}',
          'Send the item back with a note saying which colour you want instead.',
        ].join('\n\n'),
      },
      {
        title: 'FAQ',
        url: `${SITE}/faq`,
        kind: 'web',
        text: 'Want another colour? Swap it. Anything else, see the returns page.',
        links: [
          { url: `${SITE}/returns`, anchor: 'exchanges', text: 'Want another colour? Swap it.' },
          { url: `${SITE}/returns`, anchor: 'no-such-section', text: 'See the returns page.' },
          { url: `${SITE}/faq`, text: 'A page describing itself says nothing new.' },
          { url: `${SITE}/missing`, text: 'A page the bot does not hold.' },
        ],
      },
    ]);
    const chunks = await sql<{ id: number; anchor: string | null }>`
      SELECT id, anchor FROM chunks WHERE document_id = ${returns} ORDER BY id`.execute(t.db);
    const ids = (anchor?: string) =>
      chunks.rows.filter((c) => !anchor || c.anchor === anchor).map((c) => Number(c.id));
    const places = await loadDescribedPlaces(t.db, bot.botId);
    expect(places).toHaveLength(2);
    expect(places).toContainEqual({
      chunkIds: ids('exchanges'),
      descriptions: ['Want another colour? Swap it.'],
    });
    expect(places).toContainEqual({ chunkIds: ids(), descriptions: ['See the returns page.'] });
    expect(ids('exchanges').length).toBeLessThan(ids().length);
  });
});
