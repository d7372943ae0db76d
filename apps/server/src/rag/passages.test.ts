import { describe, expect, it } from 'vitest';
import { extractHtml } from '../ingest/extract/html.ts';
import { assemblePages } from '../ingest/extract/pdf-cleanup.ts';
import type { IngestDocument } from '../ingest/pipeline.ts';
import { pdfDocuments } from '../ingest/sources/pdf.ts';
import { youtubeDocuments } from '../ingest/sources/youtube.ts';
import { useSearchTestDb } from '../search/testing/use-search-test-db.ts';
import { carryTopic, leansOnContext } from './answer/follow-up.ts';
import { distinctSources } from './answer/replies.ts';
import { retrievePassages } from './passages.ts';
import { trainBot } from './testing/train-bot.ts';

const t = useSearchTestDb();

/** The best passage for `query` of a bot trained on `docs`, windows of `windowChars`. */
async function firstPassage(docs: IngestDocument[], query: string, windowChars?: number) {
  const botId = await trainBot(t.db, docs);
  const [first] = await retrievePassages(t.db, { botId, query, limit: 3, windowChars });
  return first;
}

const filler = (topic: string, n: number) =>
  Array.from(
    { length: n },
    (_, i) => `The ${topic} chapter goes on with remark number ${i} about general matters.`,
  ).join(' ');

const PAGE_URL = 'https://docs.example.test/widget.html';
const page = extractHtml(
  `<html><head><title>Widget guide</title></head><body><main>
  <h1 id="top">Widget guide</h1><p>${filler('intro', 4)}</p>
  <h2 id="install">Install</h2><p>${filler('install', 30)}</p>
  <h2 id="reset">Resetting the widget</h2>
  <p>${filler('reset', 12)} The reset button sits under the lid. Hold the reset button for ten seconds until the light blinks. ${filler('reset', 12)}</p>
  <h2 id="models">Models</h2>
  <table><tr><th>Model</th><th>Battery</th></tr><tr><td>W1</td><td>12 hours</td></tr><tr><td>W2</td><td>20 hours</td></tr></table>
  </main></body></html>`,
  PAGE_URL,
);

describe('retrievePassages (small-to-big)', () => {
  it('hands on the window around the best sentences of the section, linked at its anchor', async () => {
    const first = await firstPassage(
      [{ title: page.title, text: page.text, url: PAGE_URL, kind: 'web' }],
      'How long do I hold the reset button?',
      300,
    );
    expect(first?.heading).toBe('Widget guide › Resetting the widget');
    expect(first?.text).toContain('Hold the reset button for ten seconds until the light blinks.');
    expect(first?.text.length).toBeLessThanOrEqual(300);
    expect(first?.text).not.toContain('install');
    expect(distinctSources(first ? [first] : [])).toEqual([
      {
        title: 'Widget guide',
        url: PAGE_URL,
        chunkId: String(first?.chunkId),
        section: 'Widget guide › Resetting the widget',
        link: `${PAGE_URL}#reset`,
      },
    ]);
  });

  it('finds a table row by its header cells', async () => {
    const first = await firstPassage(
      [{ title: page.title, text: page.text, url: PAGE_URL, kind: 'web' }],
      'What battery life does the W2 model have?',
    );
    expect(first?.text).toContain('Model: W2 | Battery: 20 hours');
    expect(first?.anchor).toBe('models');
  });

  it('gives two retrieved chunks of one long section two places, not one window twice', async () => {
    // One section long enough for several chunks: the sentence matching the question best is
    // at the end of one chunk, a second matching sentence early in the next.
    const section = [
      filler('calibration', 14),
      'Calibrate the widget sensor by turning the sensor dial while the widget sensor light is on.',
      filler('calibration', 8),
      'The widget keeps each sensor setting for thirty days.',
      filler('calibration', 14),
    ].join(' ');
    const html = `<html><head><title>Sensor guide</title></head><body><main>
      <h1 id="sensor">Sensor</h1><p>${section}</p></main></body></html>`;
    const doc = extractHtml(html, PAGE_URL);
    const botId = await trainBot(t.db, [
      { title: doc.title, text: doc.text, url: PAGE_URL, kind: 'web' },
    ]);
    const passages = await retrievePassages(t.db, {
      botId,
      query: 'How long does the widget keep its sensor calibration?',
      limit: 4,
      windowChars: 250,
    });
    const all = passages.map((p) => p.text).join('\n');
    expect(all).toContain('Calibrate the widget sensor by turning the sensor dial');
    expect(all).toContain('The widget keeps each sensor setting for thirty days.');
    // No sentence is handed on twice.
    const sentences = all.split(/(?<=\.)\s+/);
    expect(new Set(sentences).size).toBe(sentences.length);
  });
});

describe('the part of a section handed on', () => {
  it('is chosen by the words its title and heading do not already say', async () => {
    const url = 'https://docs.example.test/sprocketrc.html';
    const rules = extractHtml(
      `<html><head><title>sprocketrc</title></head><body><main><h1>sprocketrc</h1>
      <h2>Pattern format</h2><ul>
      <li>A line starting with a semicolon is a remark.</li>
      <li>A blank line matches nothing at all.</li>
      <li>Each sprocketrc file is read from the top down.</li>
      <li>A sprocketrc file in a subfolder applies below it.</li>
      <li>Paths in a sprocketrc file are relative to it.</li>
      </ul></main></body></html>`,
      url,
    );
    const first = await firstPassage(
      [
        { title: rules.title, text: rules.text, url, kind: 'web' },
        { title: 'Folders', text: 'A folder holds files and more files.', kind: 'text' },
      ],
      'How do I add remarks to a sprocketrc file?',
      100,
    );
    expect(first?.title).toBe('sprocketrc');
    // "sprocketrc" is the page's title: the rule about remarks is what the question adds.
    expect(first?.text).toContain('A line starting with a semicolon is a remark.');
  });
});

describe('follow-ups without a model: the previous topic is carried at a lower weight', () => {
  const shop: IngestDocument[] = [
    {
      title: 'Shipping',
      text: 'We ship orders worldwide. Delivery to Canada takes five to seven business days.',
      kind: 'text',
    },
    {
      title: 'Returns',
      text: 'Returns are free within 30 days. A refund takes five business days.',
      kind: 'text',
    },
    {
      title: 'Kettle care',
      text: 'Descale the kettle monthly with vinegar. Never immerse the kettle base in water.',
      kind: 'text',
    },
  ];
  const history = [
    { question: 'Do you ship orders to Canada?', answer: 'We ship orders worldwide.' },
  ];
  const ask = async (botId: string, question: string) => {
    const search = carryTopic(question, history);
    const [first] = await retrievePassages(t.db, {
      botId,
      query: search.question,
      carried: search.carried,
      limit: 1,
    });
    return first?.title;
  };

  it('searches a follow-up with what it refers to', async () => {
    const botId = await trainBot(t.db, shop);
    const question = 'How many business days does it take?';
    const [alone] = await retrievePassages(t.db, { botId, query: question, limit: 1 });
    // On its own the question finds the refund delay; with what "it" refers to, the delivery.
    expect(alone?.title).toBe('Returns');
    expect(leansOnContext(question)).toBe(true);
    expect(await ask(botId, question)).toBe('Shipping');
  });

  it('searches a follow-up first in the pages the previous answer came from', async () => {
    const botId = await trainBot(t.db, [
      { title: 'Express courier', text: 'Express parcels arrive in two days.', kind: 'text' },
      {
        title: 'Standard post',
        text: 'Standard parcels arrive in six days, counted in working days.',
        kind: 'text',
      },
    ]);
    const question = 'How many days do they take?';
    const [alone] = await retrievePassages(t.db, { botId, query: question, limit: 1 });
    expect(alone?.title).toBe('Standard post');
    const [express] = await retrievePassages(t.db, { botId, query: 'express courier', limit: 1 });
    const previous = { question: 'What is the quickest option?', answer: 'Express.' };
    const search = carryTopic(question, [{ ...previous, sourceChunks: [express?.chunkId ?? 0] }]);
    const [first] = await retrievePassages(t.db, {
      botId,
      query: search.question,
      near: search.near,
      limit: 1,
    });
    expect(first?.title).toBe('Express courier');
  });

  it('does not drag a question that stands on its own back to the previous topic', async () => {
    const botId = await trainBot(t.db, shop);
    expect(carryTopic('How often should I descale the kettle?', history).carried?.weight).toBe(0.2);
    expect(await ask(botId, 'How often should I descale the kettle?')).toBe('Kettle care');
    expect(carryTopic('Do you ship to Canada?', []).carried).toBeUndefined();
  });

  it('keeps a one-word follow-up about its own word, the earlier topic only breaking ties', async () => {
    const botId = await trainBot(t.db, [
      {
        title: 'Mentors and sponsors',
        text: 'New contributors find a mentor, and a sponsor uploads their package until they can upload it themselves. Mentors review the package; sponsors check it again before the upload.',
        kind: 'text',
      },
      {
        title: 'NMU',
        text: 'An NMU is an upload of a package by someone other than its maintainer.',
        kind: 'text',
      },
    ]);
    const earlier = [
      {
        question: 'How do mentors and sponsors review and upload a new package?',
        answer: 'A sponsor uploads it.',
      },
    ];
    const search = carryTopic('What is an NMU?', earlier);
    const [first] = await retrievePassages(t.db, {
      botId,
      query: search.question,
      carried: search.carried,
      limit: 1,
    });
    expect(first?.title).toBe('NMU');
  });
});

describe('sources name a PDF page and a video time', () => {
  const lines = (seed: string, n: number) =>
    Array.from({ length: n }, (_, i) => `${seed} note ${i} covers routine upkeep of the unit.`);

  it('cites the page a PDF passage is on', async () => {
    // The page a chunk starts on is its page: page 3 is long enough to start chunks of its own.
    const pages = [lines('Intro', 25), lines('Upkeep', 25), lines('Drain', 40)];
    const { text, pageMarks } = assemblePages(pages);
    const botId = await trainBot(
      t.db,
      await collect(pdfDocuments({ fileName: 'boiler.pdf', text, numPages: 3, pageMarks })),
    );
    const [first] = await retrievePassages(t.db, { botId, query: 'drain note 30' });
    const [source] = distinctSources(first ? [first] : []);
    expect(source).toMatchObject({ title: 'boiler.pdf', page: 3 });
  });

  it('cites the time a transcript passage starts at, linked with t=', async () => {
    const captions = [
      ...lines('Opening', 40).map((text, i) => ({ start: i * 4, text })),
      { start: 300, text: 'Now tighten the chain tensioner half a turn.' },
    ];
    const botId = await trainBot(
      t.db,
      await collect(youtubeDocuments({ videoId: 'abcdefghijk', title: 'Chains', lines: captions })),
    );
    const [first] = await retrievePassages(t.db, {
      botId,
      query: 'How far to tighten the chain tensioner?',
    });
    const [source] = distinctSources(first ? [first] : []);
    expect(source?.timeSeconds).toBeGreaterThan(0);
    expect(source?.link).toBe(
      `https://www.youtube.com/watch?v=abcdefghijk&t=${source?.timeSeconds}s`,
    );
    expect(first?.text).toContain('tighten the chain tensioner');
  });
});

async function collect(docs: AsyncIterable<IngestDocument>): Promise<IngestDocument[]> {
  const out: IngestDocument[] = [];
  for await (const d of docs) out.push(d);
  return out;
}
