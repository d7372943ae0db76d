import { describe, expect, it } from 'vitest';
import { assembleDocument, joinHyphenation } from './pdf-cleanup.ts';
import { layoutPage, type TextRun } from './pdf-layout.ts';

/** Runs as pdf.js reports them: one per word, 6 pt per character at size 10. */
function line(x: number, y: number, text: string, size = 10): TextRun[] {
  const runs: TextRun[] = [];
  let at = x;
  for (const word of text.split(' ')) {
    runs.push({ str: word, x: at, y, width: word.length * 5, size });
    at += (word.length + 1) * 5;
  }
  return runs;
}

describe('layoutPage', () => {
  it('keeps reading order when items arrive out of order', () => {
    const runs = [...line(72, 700, 'second line'), ...line(72, 712, 'first line')].reverse();
    expect(layoutPage(runs, 612)).toEqual(['first line', 'second line']);
  });

  it('reads two columns left first, with a full-width title above them', () => {
    const runs: TextRun[] = [
      ...line(72, 740, 'A title that spans the whole width of the page easily', 14),
    ];
    for (let i = 0; i < 8; i++) {
      runs.push(...line(72, 700 - i * 12, `left ${i} words here`));
      // Right column baselines are offset: real columns rarely share baselines.
      runs.push(...line(330, 697 - i * 12, `right ${i} words here`));
    }
    const lines = layoutPage(runs, 612).filter(Boolean);
    expect(lines[0]).toBe('A title that spans the whole width of the page easily');
    expect(lines.slice(1, 9)).toEqual(Array.from({ length: 8 }, (_, i) => `left ${i} words here`));
    expect(lines.slice(9)).toEqual(Array.from({ length: 8 }, (_, i) => `right ${i} words here`));
  });

  it('does not split a single-column page with an indented line into columns', () => {
    const runs: TextRun[] = [];
    for (let i = 0; i < 10; i++)
      runs.push(
        ...line(72, 700 - i * 12, 'one column of ordinary running text across the page width'),
      );
    const lines = layoutPage(runs, 612).filter(Boolean);
    expect(lines).toHaveLength(10);
    expect(new Set(lines)).toEqual(
      new Set(['one column of ordinary running text across the page width']),
    );
  });

  it('marks a paragraph break at a larger vertical gap', () => {
    const runs = [
      ...line(72, 700, 'para one a'),
      ...line(72, 688, 'para one b'),
      ...line(72, 650, 'para two'),
    ];
    expect(layoutPage(runs, 612)).toEqual(['para one a', 'para one b', '', 'para two']);
  });
});

describe('document clean-up', () => {
  it('joins words hyphenated at a line end, also across a page break', () => {
    expect(joinHyphenation(['an exam-', 'ple of text'])).toEqual(['an example of text']);
    expect(joinHyphenation(['the docu-', '', 'ment goes on'])).toEqual(['the document goes on']);
    expect(joinHyphenation(['well-known', 'Next line'])).toEqual(['well-known', 'Next line']);
    expect(joinHyphenation(['Debian-', 'Policy'])).toEqual(['Debian-', 'Policy']);
  });

  it('drops running headers and footers (page numbers aside) but keeps the body', () => {
    const words = ['alpha', 'bravo', 'charlie', 'delta', 'echo'];
    const pages = words.map((w, i) => [
      'Acme Manual — Release 4.2',
      `Body text about ${w} opens page ${i + 1}.`,
      `More about ${w} in the middle.`,
      `The ${w} section ends here.`,
      `${i + 1}`,
    ]);
    const text = assembleDocument(pages);
    expect(text).not.toContain('Acme Manual');
    expect(text).not.toMatch(/^\d+$/m);
    for (const [i, w] of words.entries()) {
      expect(text).toContain(`Body text about ${w} opens page ${i + 1}.`);
      expect(text).toContain(`The ${w} section ends here.`);
    }
  });

  it('keeps everything on documents too short to tell headers apart', () => {
    expect(
      assembleDocument([
        ['Title', 'Body'],
        ['Title', 'More'],
      ]),
    ).toBe('Title\nBody\n\nTitle\nMore');
  });
});
