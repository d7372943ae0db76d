import { describe, expect, it } from 'vitest';
import { CHUNK_MAX, chunkDocument } from './chunker.ts';
import { splitSentences } from './sentences.ts';

const words = (n: number, seed = 'word') =>
  Array.from({ length: n }, (_, i) => `${seed}${i}`).join(' ');
const sentences = (n: number, seed = 'Alpha') =>
  Array.from(
    { length: n },
    (_, i) => `${seed} sentence number ${i} talks about ${words(8, seed.toLowerCase())}.`,
  ).join(' ');

describe('chunkDocument', () => {
  it('keeps a Q&A pair whole in one chunk, however long, with its question', () => {
    const answer = sentences(60);
    const chunks = chunkDocument({
      title: 'FAQ',
      text: '',
      kind: 'qa',
      question: 'How do refunds work?',
      answer,
    });
    expect(chunks).toEqual([
      {
        ordinal: 0,
        text: answer,
        heading: null,
        question: 'How do refunds work?',
        charCount: answer.length,
      },
    ]);
  });

  it('carries Markdown headings with their paragraphs, as a breadcrumb', () => {
    const text =
      '# Guide\n\nIntro paragraph.\n\n## Install\n\nRun the installer.\n\n## Usage\n\nOpen the app.';
    const chunks = chunkDocument({ title: 't', text, kind: 'text' });
    expect(chunks.map((c) => [c.heading, c.text])).toEqual([
      ['Guide', 'Intro paragraph.'],
      ['Guide › Install', 'Run the installer.'],
      ['Guide › Usage', 'Open the app.'],
    ]);
    expect(chunks.map((c) => c.ordinal)).toEqual([0, 1, 2]);
  });

  it('recognises bare title-like lines in extracted web/PDF text, but not sentences or metadata', () => {
    const text = [
      'Shipping Policy',
      'We ship worldwide within five days of your order.',
      '',
      'This line ends with a period.',
      'It is an ordinary paragraph.',
      '',
      'SHA: f3b9fc0f8e0a431366196d3e835e1ec368b379d1',
      '',
      'Returns',
      '',
      'Items can be returned within 30 days.',
    ].join('\n');
    const chunks = chunkDocument({ title: 't', text, kind: 'web' });
    expect(chunks.map((c) => c.heading)).toEqual(['Shipping Policy', 'Returns']);
    expect(chunks[0]?.text).toContain('This line ends with a period.');
    expect(chunks[0]?.text).toContain('SHA: f3b9');
    expect(chunks[1]?.text).toBe('Items can be returned within 30 days.');
  });

  it('takes a typed heading over its lines for a heading, not a list item or a wrapped sentence', () => {
    const text = [
      'Opening hours',
      'Monday to Friday 8am - 6pm',
      'Saturday 9am - 4pm',
      '',
      'Services',
      'Full groom',
      'Bath and tidy',
      '',
      'Our shop is open every day',
      'from 9 to 5 except on holidays.',
    ].join('\n');
    const chunks = chunkDocument({ title: 't', text, kind: 'text' });
    expect(chunks.map((c) => [c.heading, c.text])).toEqual([
      ['Opening hours', 'Monday to Friday 8am - 6pm\nSaturday 9am - 4pm'],
      // The line under a heading is text, however short: the list keeps its first item.
      [
        'Services',
        'Full groom\nBath and tidy\n\nOur shop is open every day\nfrom 9 to 5 except on holidays.',
      ],
    ]);
    // A line saying something, as a sign reads by OCR, is text, though it has no full stop.
    const sign = chunkDocument({
      title: 't',
      text: 'Opening hours are nine to five\nClosed on public holidays',
      kind: 'text',
    });
    expect(sign.map((c) => [c.heading, c.text])).toEqual([
      [null, 'Opening hours are nine to five\nClosed on public holidays'],
    ]);
  });

  it("reads a PDF's `#` lines as text: a shell comment does not hide its headings or become one", () => {
    const text = [
      '5.8.1 Monitoring bugs',
      'Add a cron job to get a weekly email of your open bugs:',
      '# ask for weekly reports of bugs in my packages',
      '0 17 * * fri echo "index maint address" | mail request@bugs.debian.org',
      '',
      '5.8.2 Responding to bugs',
      'Send replies to the original submitter of the bug.',
    ].join('\n');
    const pdf = chunkDocument({ title: 't', text, kind: 'pdf' });
    expect(pdf.map((c) => c.heading)).toEqual([
      '5.8.1 Monitoring bugs',
      '5.8.2 Responding to bugs',
    ]);
    expect(pdf[0]?.text).toContain('# ask for weekly reports');
    // Typed text may be Markdown: there the same line is a heading, as its author wrote it.
    const typed = chunkDocument({ title: 't', text, kind: 'text' });
    expect(typed.map((c) => c.heading)).toContain('ask for weekly reports of bugs in my packages');
  });

  it("takes an FAQ's numbered questions for headings, not every line ending in a question mark", () => {
    const text = [
      '2.1 What is the latest version of Debian?',
      'Currently there are three versions of Debian.',
      '',
      'Why would you wait?',
      'Testing gets the new packages first.',
      '',
      '2.2 Are there package upgrades in stable?',
      'No new functionality is added to the stable release.',
    ].join('\n');
    const chunks = chunkDocument({ title: 't', text, kind: 'pdf' });
    expect(chunks.map((c) => c.heading)).toEqual([
      '2.1 What is the latest version of Debian?',
      '2.2 Are there package upgrades in stable?',
    ]);
    expect(chunks[0]?.text).toContain('Why would you wait? Testing gets the new packages first.');
  });

  it('joins a numbered question the layout wrapped into one heading; a short one stays whole', () => {
    const text = [
      '1.5 What is the difference between Debian GNU/Linux and other',
      '',
      'Linux distributions? Why should I choose Debian over some',
      '',
      'other distribution?',
      '',
      'These key features distinguish Debian from other Linux distributions:',
      'the Debian package maintenance system.',
      '',
      'In addition, the packages in main',
      '',
      '• must not require a package outside of main.',
      '',
      '5.8.1 Monitoring bugs',
      'Why wait for users to report them?',
      'Subscribe to the package tracker.',
    ].join('\n');
    const chunks = chunkDocument({ title: 't', text, kind: 'pdf' });
    expect(chunks.map((c) => c.heading)).toEqual([
      '1.5 What is the difference between Debian GNU/Linux and other Linux distributions? Why should I choose Debian over some other distribution?',
      '5.8.1 Monitoring bugs',
    ]);
    // Sentences leading into a list are text, not the list's heading.
    expect(chunks[0]?.text).toContain('These key features distinguish Debian');
    expect(chunks[0]?.text).toContain('In addition, the packages in main');
    expect(chunks[1]?.text).toContain('Why wait for users to report them?');
  });

  it('packs short paragraphs together and splits long text within the size bounds', () => {
    const paragraphs = Array.from({ length: 40 }, (_, i) => sentences(3, `Topic${i}`));
    const chunks = chunkDocument({ title: 't', text: paragraphs.join('\n\n'), kind: 'text' });
    expect(chunks.length).toBeGreaterThan(5);
    for (const c of chunks) {
      expect(c.text.length).toBeLessThanOrEqual(CHUNK_MAX);
      expect(c.charCount).toBe(c.text.length);
    }
    // Packed: far fewer chunks than paragraphs, and every paragraph is somewhere.
    expect(chunks.length).toBeLessThan(paragraphs.length / 2);
    const all = chunks.map((c) => c.text).join('\n');
    for (const p of paragraphs) expect(all).toContain(p);
  });

  it('cuts a long paragraph at sentence boundaries with a one-sentence overlap', () => {
    const para = sentences(40);
    const chunks = chunkDocument({ title: 't', text: para, kind: 'text' });
    expect(chunks.length).toBeGreaterThan(2);
    for (const [i, c] of chunks.entries()) {
      expect(c.text.length).toBeLessThanOrEqual(CHUNK_MAX);
      expect(c.text.startsWith('Alpha sentence number')).toBe(true);
      expect(c.text.endsWith('.')).toBe(true);
      const next = chunks[i + 1];
      if (next) {
        const last = splitSentences(c.text).at(-1)?.trim() ?? '';
        expect(next.text.startsWith(last)).toBe(true);
      }
    }
  });

  it('never splits a word, even in text without sentence punctuation', () => {
    const text = words(2000, 'token');
    const chunks = chunkDocument({ title: 't', text, kind: 'pdf' });
    const vocabulary = new Set(text.split(' '));
    expect(chunks.length).toBeGreaterThan(1);
    for (const c of chunks) {
      expect(c.text.length).toBeLessThanOrEqual(CHUNK_MAX);
      for (const w of c.text.split(/\s+/)) expect(vocabulary.has(w)).toBe(true);
    }
  });

  it('joins hard-wrapped PDF lines and repairs words hyphenated at line ends', () => {
    const chunks = chunkDocument({
      title: 't',
      text: 'The exam-\nple shows a line\nthat wraps.',
      kind: 'pdf',
    });
    expect(chunks[0]?.text).toBe('The example shows a line that wraps.');
    const address = chunkDocument({
      title: 't',
      text: 'See the New Member’s Corner (https:\n//www.debian.org/devel/join) for more.',
      kind: 'pdf',
    });
    expect(address[0]?.text).toContain('(https://www.debian.org/devel/join) for more.');
    const comment = chunkDocument({
      title: 't',
      text: 'You write the setting in its file as follows:\n// the key, as given\nkey = 1',
      kind: 'pdf',
    });
    expect(comment[0]?.text).toContain('as follows: // the key');
  });

  it('returns nothing for empty text', () => {
    expect(chunkDocument({ title: 't', text: '  \n\n ', kind: 'text' })).toEqual([]);
  });

  it('keeps a page of headings only as one chunk of its headings, without their markers', () => {
    const text =
      '## Chapter 62. Genetic Query Optimizer {#geqo}\n\n### Author: Written by M. Utesch';
    const chunks = chunkDocument({ title: 'Chapter 62', text, kind: 'web' });
    expect(chunks.map((c) => c.text)).toEqual([
      'Chapter 62. Genetic Query Optimizer\nAuthor: Written by M. Utesch',
    ]);
  });

  it('bounds every chunk by its heading and carries the heading path and anchor', () => {
    const long = sentences(30, 'Install');
    const text = [
      '# Guide {#guide}',
      'Intro paragraph.',
      '## Install {#install}',
      long,
      '## Reset {#reset}',
      'Hold the button for ten seconds.',
      '```\n# not a heading\n\nstill code\n```',
    ].join('\n\n');
    const chunks = chunkDocument({ title: 't', text, kind: 'web' });
    const install = chunks.filter((c) => c.heading === 'Guide › Install');
    expect(install.length).toBeGreaterThan(1);
    for (const c of install) {
      expect(c.anchor).toBe('install');
      expect(c.text).not.toContain('ten seconds');
    }
    const reset = chunks.filter((c) => c.heading === 'Guide › Reset');
    expect(reset.map((c) => [c.anchor, c.text])).toEqual([
      ['reset', 'Hold the button for ten seconds.\n\n```\n# not a heading\n\nstill code\n```'],
    ]);
    expect(chunks[0]).toMatchObject({
      heading: 'Guide',
      anchor: 'guide',
      text: 'Intro paragraph.',
    });
  });

  it('cuts a long list between its items, never inside one', () => {
    const items = Array.from({ length: 60 }, (_, i) => `- Item ${i}: ${words(6, `w${i}x`)}`);
    const chunks = chunkDocument({ title: 't', text: items.join('\n'), kind: 'web' });
    expect(chunks.length).toBeGreaterThan(1);
    for (const c of chunks) for (const line of c.text.split('\n')) expect(items).toContain(line);
  });
});
