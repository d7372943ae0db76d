import { describe, expect, it } from 'vitest';
import { removeDocumentsByTitle } from '../modules/sources/sources.repo.ts';
import { addDocuments, createBot, type TestDocument } from '../search/testing/search-db.ts';
import { useSearchTestDb } from '../search/testing/use-search-test-db.ts';
import { retrieve } from './retrieve.ts';

const t = useSearchTestDb();

const SITE = 'https://shop.example.test';
const RETURNS: TestDocument = {
  title: 'Returns and refunds',
  url: `${SITE}/returns`,
  kind: 'web',
  text: 'You can send an item back within 30 days of delivery. Pack it in its box and send it with the prepaid label from your account.',
};
const CARE: TestDocument = {
  title: 'Kettle care',
  url: `${SITE}/kettle-care`,
  kind: 'web',
  text: 'Descale your kettle every month and keep the filter clean. A kettle that arrived working but was used with hard water and never descaled ends up broken; its element cannot be brought back.',
};
/** Describes the returns page in a customer's words where it links to it. */
const FAQ: TestDocument = {
  title: 'Frequently asked questions',
  url: `${SITE}/faq`,
  kind: 'web',
  text: 'Did your order arrive damaged? Our returns page explains what to do when a kettle arrives broken or stops working.',
  links: [
    {
      url: `${SITE}/returns`,
      text: 'Our returns page explains what to do when a kettle arrives broken or stops working.',
    },
  ],
};

const QUESTION = 'My kettle arrived broken, how do I send it back?';

/** Whether the returns page ranks above the kettle care page for the question. */
async function returnsFirst(botId: string): Promise<boolean> {
  const urls = (await retrieve(t.db, { botId, query: QUESTION, limit: 3 })).map((h) => h.url);
  return urls.indexOf(RETURNS.url ?? '') < urls.indexOf(CARE.url ?? '');
}

describe('retrieve: what a site says about its pages where it links to them', () => {
  it('raises the page the other pages describe in the question’s words', async () => {
    const plain = await createBot(t.db);
    await addDocuments(t.db, plain, [RETURNS, CARE, { ...FAQ, links: [] }]);
    // On their own words, the care page shares more of the question.
    expect(await returnsFirst(plain.botId)).toBe(false);

    const linked = await createBot(t.db);
    await addDocuments(t.db, linked, [RETURNS, CARE, FAQ]);
    expect(await returnsFirst(linked.botId)).toBe(true);

    // The description goes with the page that wrote it (and the bot's cached view with it).
    await t.db.transaction().execute((trx) => removeDocumentsByTitle(trx, linked.botId, FAQ.title));
    expect(await returnsFirst(linked.botId)).toBe(false);
  });
});
