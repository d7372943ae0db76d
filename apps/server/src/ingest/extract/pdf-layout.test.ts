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

  it('keeps paragraph breaks on a page where most gaps are paragraph gaps', () => {
    // Line spacing 12, paragraph gap 18: one three-line paragraph, then one-line list items.
    const texts = [
      'intro a',
      'intro b',
      'intro c',
      '• item one',
      '• item two',
      '• item three',
      '• item four',
    ];
    const ys = [712, 700, 688, 670, 652, 634, 616];
    const runs = texts.flatMap((t, i) => line(72, ys[i] as number, t));
    expect(layoutPage(runs, 612)).toEqual([
      'intro a',
      'intro b',
      'intro c',
      '',
      '• item one',
      '',
      '• item two',
      '',
      '• item three',
      '',
      '• item four',
    ]);
  });

  it('puts a footnote mark back on its line, spaced from its word', () => {
    const runs = [
      ...line(72, 700, 'the developers must be'),
      ...line(72, 688, 'conversant.'),
      // Superscript: smaller type, raised 4 units above the baseline of the line it ends.
      { str: '1', x: 130, y: 692, width: 3, size: 6 },
      ...line(72, 676, 'Next sentence of the paragraph.'),
    ];
    expect(layoutPage(runs, 612)).toEqual([
      'the developers must be',
      'conversant. 1',
      'Next sentence of the paragraph.',
    ]);
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

  it("drops running heads that carry the page's printed number, whatever their title", () => {
    const sections = ['Getting started', 'Mentors', 'Registering', 'Duties', 'Voting', 'Retiring'];
    const pages = sections.map((title, i) => {
      const printed = i + 5; // the front matter is not numbered
      const head = i % 2 === 0 ? `${printed} Chapter 2. Applying` : `2.${i}. ${title} ${printed}`;
      const body = [`${title} is explained on this page.`, `3 steps are needed for ${title}.`];
      // A chapter's first page has no running head, only its number at the foot.
      return i === 2 ? [...body, `${printed}`] : [head, ...body];
    });
    const text = assembleDocument(pages);
    expect(text).not.toMatch(/^\d+$/m);
    expect(text).not.toContain('Chapter 2. Applying');
    expect(text).not.toMatch(/^2\.\d\. \w+ \d+$/m);
    for (const title of sections) {
      expect(text).toContain(`${title} is explained on this page.`);
      expect(text).toContain(`3 steps are needed for ${title}.`);
    }
  });

  it("drops a chapter's running head, on its chapter's pages only, but keeps headings", () => {
    const chapters = ['Basics', 'Tables', 'Charts'];
    const pages = chapters.flatMap((chapter, c) =>
      ['one', 'two', 'three', 'four', 'five'].map((part, p) => [
        `User Guide Chapter ${c + 1} ${chapter}`,
        // Four pages in a row open with a numbered heading: its shape repeats, not its words.
        ...(c === 1 && p < 4 ? [`2.${p + 1} Version ${p + 1}.4.0`] : []),
        `${chapter} part ${part} says something of its own.`,
      ]),
    );
    const text = assembleDocument(pages);
    expect(text).not.toContain('User Guide Chapter');
    for (const version of [1, 2, 3, 4])
      expect(text).toContain(`2.${version} Version ${version}.4.0`);
    for (const chapter of chapters) expect(text).toContain(`${chapter} part three says something`);
  });

  it('drops a running head in capitals that names a changing section, but not body text', () => {
    const sections = [
      '1.1. WHAT IS IT',
      '1.2. WHO WROTE IT',
      '2.1. HOW TO GET IT',
      '2.3. HOW TO RUN',
    ];
    const pages = Array.from({ length: 8 }, (_, i) => {
      const section = sections[Math.floor(i / 2)] as string;
      const chapter = section.startsWith('1') ? 'CHAPTER 1. BASICS' : 'CHAPTER 2. SETUP';
      return [
        `${chapter} ${section} …`,
        `Page ${['one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight'][i]} explains it.`,
        // Notices in capitals at the foot, each opening its own way: body text.
        `${['NOTE', 'WARNING', 'TIP', 'CAUTION'][i % 4]}: KEEP YOUR KEY ${i} SAFE AT HOME`,
      ];
    });
    const text = assembleDocument(pages);
    expect(text).not.toContain('CHAPTER');
    expect(text).toContain('Page five explains it.');
    expect(text).toContain('WARNING: KEEP YOUR KEY 5 SAFE AT HOME');
  });

  it('finds the offset of printed page numbers on pages whose numbered header went first', () => {
    // Body pages carry "Manual 5.4 <n>" (the same line, numbers aside, so dropped as running
    // first), two front pages "CONTENTS <n>": the body's numbers show the front heads' offset.
    const topics = ['alpha', 'bravo', 'charlie', 'delta', 'echo', 'foxtrot', 'golf', 'hotel'];
    const pages = topics.map((topic, i) => [
      i < 2 ? `CONTENTS ${i + 3}` : `Manual 5.4 ${i + 3}`,
      `This page holds its own sentence about ${topic}.`,
    ]);
    const text = assembleDocument(pages);
    expect(text).not.toContain('CONTENTS');
    expect(text).not.toContain('Manual 5.4');
    for (const topic of topics) expect(text).toContain(`sentence about ${topic}.`);
  });

  it('drops a table of contents, wrapped entries included, and keeps what shares its page', () => {
    const contents = [
      'Contents',
      '1 Definitions and overview 1',
      '1.1 What is this FAQ? . . . . . . . . . . . . . . 1',
      '1.5 What is the difference between Debian and other',
      'distributions? . . . . . . . . . . . . . . . . . 2',
      '2 Getting Debian . . . . . . . . . . . . . . . . . 3',
      'Index 4',
      '',
      'This FAQ answers common questions.',
    ];
    const body = ['1.1 What is this FAQ?', 'It gives frequently asked questions with answers.'];
    const text = assembleDocument([contents, body, ['More answers.'], ['Last page.']]);
    expect(text).toBe(
      'Contents\n\nThis FAQ answers common questions.\n\n' +
        '1.1 What is this FAQ?\nIt gives frequently asked questions with answers.\n\nMore answers.\n\nLast page.',
    );
    const menu = [
      'Coffee',
      'Latte . . . . . . . . . 5',
      'Espresso . . . . . . . 3',
      'Mocha . . . . . . . . . 6',
      'Tea . . . . . . . . . . 4',
    ];
    const prices = ['Espresso ........ 2.50', 'Latte ........ 3.20', 'Mocha ........ 3.80'];
    expect(assembleDocument([menu, ['Open daily.']])).toBe(`${menu.join('\n')}\n\nOpen daily.`);
    expect(assembleDocument([prices])).toBe(prices.join('\n'));
    // Whole prices in ascending order, in a leaflet too short to have a table of contents.
    const sorted = [
      'Espresso . . . . . . . 2',
      'Latte . . . . . . . . . 3',
      'Mocha . . . . . . . . . 4',
    ];
    expect(assembleDocument([sorted, ['Open daily.']])).toBe(`${sorted.join('\n')}\n\nOpen daily.`);
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
