import { describe, expect, it } from 'vitest';
import { assemblePages } from '../ingest/extract/pdf-cleanup.ts';
import { youtubeDocuments } from '../ingest/sources/youtube.ts';
import { chunkDocument } from './chunker.ts';
import { parsePlace, placeChunks } from './places.ts';

/** A page of `n` wrapped lines of prose, each sentence naming its page. */
const page = (n: number, lines: number) =>
  Array.from(
    { length: lines },
    (_, i) => `Page ${n} line ${i} describes the pump in plain words and ends here.`,
  );

describe('places: PDF pages and video times anchor the chunks that start there', () => {
  it('anchors each chunk of a PDF at the page its text starts on', () => {
    const { text, pageMarks } = assemblePages([page(1, 30), page(2, 30), page(3, 30)]);
    const drafts = chunkDocument({ title: 'manual.pdf', text, kind: 'pdf' });
    placeChunks(drafts, text, pageMarks);
    expect(drafts.length).toBeGreaterThan(3);
    for (const d of drafts) {
      const first = /^Page (\d) line/.exec(d.text);
      // A chunk that opens with the sentence carried over from the previous one starts on
      // that sentence's page.
      expect(d.anchor).toBe(`page=${first?.[1]}`);
    }
    expect(new Set(drafts.map((d) => d.anchor))).toEqual(new Set(['page=1', 'page=2', 'page=3']));
  });

  it('anchors each chunk of a transcript at the caption time it starts at', async () => {
    const lines = Array.from({ length: 120 }, (_, i) => ({
      start: i * 5,
      text: `Caption ${i} explains how the valve is fitted to the frame.`,
    }));
    const docs = [];
    for await (const doc of youtubeDocuments({ videoId: 'abcdefghijk', title: 'Fitting', lines }))
      docs.push(doc);
    const doc = docs[0];
    if (!doc?.places) throw new Error('a transcript document carries its caption times');
    const drafts = chunkDocument({ title: doc.title, text: doc.text, kind: 'transcript' });
    placeChunks(drafts, doc.text, doc.places);
    expect(drafts.length).toBeGreaterThan(2);
    for (const d of drafts) {
      const caption = Number(/^Caption (\d+)/.exec(d.text)?.[1]);
      expect(d.anchor).toBe(`t=${caption * 5}`);
    }
  });

  it('keeps a heading anchor and reads back only its own anchors', () => {
    const drafts = [
      { ordinal: 0, text: 'x', heading: 'H', question: null, charCount: 1, anchor: 'install' },
    ];
    placeChunks(drafts, 'x', [{ at: 0, anchor: 'page=1' }]);
    expect(drafts[0]?.anchor).toBe('install');
    expect(parsePlace('page=12')).toEqual({ page: 12 });
    expect(parsePlace('t=75')).toEqual({ timeSeconds: 75 });
    expect(parsePlace('install')).toBeNull();
  });
});
