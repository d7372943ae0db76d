import { describe, expect, it } from 'vitest';
import { extractHtml } from '../ingest/extract/html.ts';
import type { IngestDocument } from '../ingest/pipeline.ts';
import { useSearchTestDb } from '../search/testing/use-search-test-db.ts';
import { carryTopic } from './answer/follow-up.ts';
import { retrievePassages } from './passages.ts';
import { trainBot } from './testing/train-bot.ts';

const t = useSearchTestDb();

const CACHE_URL = 'https://docs.example.test/cache-helper.html';
const cachePage = extractHtml(
  `<html><head><title>Cache helper</title></head><body><main>
  <h1>Cache helper</h1>
  <h2 id="description">Description</h2>
  <p>The cache helper remembers your password in memory for a while, and forgets it after a timeout you can configure.</p>
  <h2 id="options">Options</h2>
  <dl><dt>--timeout &lt;seconds&gt;</dt><dd>Number of seconds to cache credentials (default: 900).</dd></dl>
  <h2 id="examples">Examples</h2>
  <p>Type your password once; the next push within the timeout does not ask for it.</p>
  </main></body></html>`,
  CACHE_URL,
);
/** Other pages sharing the follow-up's words, more of them than a prompt holds. */
const notes: IngestDocument[] = Array.from({ length: 40 }, (_, i) => ({
  title: `Release note ${i}`,
  text: `Remember to configure gadget ${i} before anything else, or it does not remember how long to wait.`,
  kind: 'text',
}));

describe("a follow-up's passages read the best page's other sections", () => {
  const followUp = "How long does it remember it if I don't configure anything?";

  async function ask(opts: { inConversation: boolean; limit: number }) {
    const botId = await trainBot(t.db, [
      { title: cachePage.title, text: cachePage.text, url: CACHE_URL, kind: 'web' },
      ...notes,
    ]);
    const [previous] = await retrievePassages(t.db, {
      botId,
      query: 'Can the cache helper keep my password in memory?',
      limit: 1,
    });
    expect(previous?.heading).toBe('Cache helper › Description');
    const history = opts.inConversation
      ? [
          {
            question: 'Can my password stay in memory?',
            sourceChunks: [previous?.chunkId ?? 0],
          },
        ]
      : [];
    // The earlier question does not name the helper: its carried words do not reach the
    // options section, only the page the answer came from does.
    const search = carryTopic(
      followUp,
      history.map((h) => ({ ...h, answer: '' })),
    );
    return retrievePassages(t.db, {
      botId,
      query: search.question,
      carried: search.carried,
      near: search.near,
      limit: opts.limit,
    });
  }
  const holdsTimeout = (passages: { text: string }[]) =>
    passages.some((p) => p.text.includes('Number of seconds to cache credentials (default: 900)'));

  it("gives a model the page's section that shares no word with the follow-up", async () => {
    const passages = await ask({ inConversation: true, limit: 16 });
    expect(passages).toHaveLength(16);
    expect(passages[0]?.heading).toBe('Cache helper › Description');
    expect(holdsTimeout(passages)).toBe(true);
  });

  it('keeps to the words for a question opening a conversation and for a short list', async () => {
    expect(holdsTimeout(await ask({ inConversation: false, limit: 16 }))).toBe(false);
    expect(holdsTimeout(await ask({ inConversation: true, limit: 8 }))).toBe(false);
  });
});

describe("a question about one page reads the page's other sections", () => {
  const ZIP_URL = 'https://docs.example.test/zip.html';
  const section = (id: string, text: string) => `<h2 id="${id}">${id}</h2><p>${text}</p>`;
  const zipSections = [
    section('streams', 'Async compression calls take a stream and give a compressed stream.'),
    section('flushing', 'Flushing ends the pending async compression calls early.'),
    section('memory', 'Each async compression call keeps its window in memory.'),
    section('errors', 'A failed async compression call reports its error to the callback.'),
    section('threadpool', 'All zip APIs except the synchronous ones use the internal threadpool.'),
  ];
  const page = (sections: string[]) =>
    extractHtml(
      `<html><head><title>Zip</title></head><body><main><h1>Zip</h1>${sections.join('\n')}</main></body></html>`,
      ZIP_URL,
    );
  const zipPage = page(zipSections);
  const others: IngestDocument[] = Array.from({ length: 20 }, (_, i) => ({
    title: `Worker ${i}`,
    text: `Worker ${i} can run on the main thread or beside it.`,
    kind: 'text',
  }));
  const usesThreadpool = (passages: { text: string }[]) =>
    passages.some((p) => p.text.includes('use the internal threadpool'));
  /** A bot of this page and the workers' pages, asked about the page: its id and passages. */
  async function askAboutZip(zip: { title: string; text: string }) {
    const botId = await trainBot(t.db, [
      { title: zip.title, text: zip.text, url: ZIP_URL, kind: 'web' },
      ...others,
    ]);
    const question = 'Do async compression calls run on the main thread?';
    const passages = await retrievePassages(t.db, { botId, query: question, limit: 16 });
    expect(passages.slice(0, 4).every((p) => p.url === ZIP_URL)).toBe(true);
    return { botId, passages };
  }

  it('gives a model the section most of the best matches leave out', async () => {
    const { botId, passages } = await askAboutZip(zipPage);
    expect(usesThreadpool(passages)).toBe(true);
    // Asked about the workers, whose pages share the question's words as much: no one page.
    const spread = await retrievePassages(t.db, {
      botId,
      query: 'Can a worker run on the main thread?',
      limit: 16,
    });
    expect(usesThreadpool(spread)).toBe(false);
  });

  it('leaves a manual of many sections to retrieval: its other sections are the rest of a book', async () => {
    const chapters = Array.from({ length: 90 }, (_, i) =>
      section(`chapter-${i}`, `Chapter ${i} describes archive format number ${i}.`),
    );
    const { passages } = await askAboutZip(page([...zipSections, ...chapters]));
    expect(usesThreadpool(passages)).toBe(false);
  });
});
