import { describe, expect, it } from 'vitest';
import { parseMarkdown } from './parse.ts';
import type { MdBlock, MdInline } from './tree.ts';

/** A compact text form of the tree, so each rule reads as one line. */
function inline(nodes: MdInline[]): string {
  return nodes
    .map((n) => {
      if (n.type === 'text') return n.text;
      if (n.type === 'code') return `<code>${n.text}</code>`;
      if (n.type === 'break') return '<br>';
      if (n.type === 'link') return `<a ${n.href}>${inline(n.children)}</a>`;
      return `<${n.type}>${inline(n.children)}</${n.type}>`;
    })
    .join('');
}
function show(blocks: MdBlock[]): string[] {
  return blocks.map((b) => {
    if (b.type === 'paragraph') return `p: ${inline(b.children)}`;
    if (b.type === 'heading') return `h: ${inline(b.children)}`;
    if (b.type === 'code') return `pre: ${b.text}`;
    if (b.type === 'rule') return 'hr';
    if (b.type === 'quote') return `quote[${show(b.children).join(' | ')}]`;
    const items = b.items.map((it) => [inline(it.inline), ...show(it.blocks)].join(' + '));
    return `${b.ordered ? `ol@${b.start}` : 'ul'}[${items.join(' ; ')}]`;
  });
}
const md = (src: string) => show(parseMarkdown(src));
const line = (src: string) => md(src)[0];

describe('parseMarkdown blocks', () => {
  it('joins the lines of a paragraph with breaks and splits paragraphs at blank lines', () => {
    expect(md('one\ntwo\n\nthree')).toEqual(['p: one<br>two', 'p: three']);
  });

  it('reads headings (closing hashes dropped) as a heading block', () => {
    expect(md('## Opening hours ##\n# C#')).toEqual(['h: Opening hours', 'h: C#']);
    expect(md('#hashtag')).toEqual(['p: #hashtag']);
  });

  it('reads ---, *** and ___ as rules, also right after a paragraph line', () => {
    expect(md('---\n* * *\n___')).toEqual(['hr', 'hr', 'hr']);
    expect(md('text\n---\nmore')).toEqual(['p: text', 'hr', 'p: more']);
  });

  it('keeps fenced code verbatim, closed or still streaming', () => {
    expect(md('```js\nconst a = "<b>";\n**not bold**\n```\nafter')).toEqual([
      'pre: const a = "<b>";\n**not bold**',
      'p: after',
    ]);
    expect(md('~~~\nopen')).toEqual(['pre: open']);
  });

  it('reads bullet lists (-, *, +, •) and numbered lists with their start', () => {
    expect(md('- a\n* b\n+ c\n• d')).toEqual(['ul[a ; b ; c ; d]']);
    expect(md('3. three\n4) four')).toEqual(['ol@3[three ; four]']);
  });

  it('keeps one list across blank lines and ends it at a different kind or plain text', () => {
    expect(md('1. a\n\n2. b')).toEqual(['ol@1[a ; b]']);
    expect(md('- a\n\n1. b')).toEqual(['ul[a]', 'ol@1[b]']);
    expect(md('- a\ntext')).toEqual(['ul[a]', 'p: text']);
  });

  it('nests indented content under a list item', () => {
    expect(md('1. Step\n   more about it\n   - detail\n   - other\n2. Next')).toEqual([
      'ol@1[Step<br>more about it + ul[detail ; other] ; Next]',
    ]);
    expect(md('- a\n  - b\n    - c')).toEqual(['ul[a + ul[b + ul[c]]]']);
    expect(md('1. a\n\n   second paragraph\n2. b')).toEqual(['ol@1[a + p: second paragraph ; b]']);
  });

  it('breaks a paragraph at a list item, heading, quote or fence', () => {
    expect(md('Steps:\n- a\n- b')).toEqual(['p: Steps:', 'ul[a ; b]']);
    expect(md('text\n# head\n> quote\n```\ncode')).toEqual([
      'p: text',
      'h: head',
      'quote[p: quote]',
      'pre: code',
    ]);
  });

  it('parses quotes as blocks, nested quotes included', () => {
    expect(md('> a\n> - b\n> > c')).toEqual(['quote[p: a | ul[b] | quote[p: c]]']);
  });

  it('bounds nesting: deeper quotes stay text', () => {
    const deep = md('>>>>>>>>>> deep');
    expect(JSON.stringify(deep)).toContain('deep');
    expect(deep.join('').split('quote[').length - 1).toBeLessThanOrEqual(5);
  });
});

describe('parseMarkdown inline', () => {
  it('reads code, strong and emphasis, nested', () => {
    expect(line('**bold _and em_** and *em* and __b__ `a*b*c`')).toBe(
      'p: <strong>bold <em>and em</em></strong> and <em>em</em> and <strong>b</strong> <code>a*b*c</code>',
    );
  });

  it('leaves underscores inside words alone', () => {
    expect(line('snake_case_name and _em_')).toBe('p: snake_case_name and <em>em</em>');
  });

  it('links http, https and mailto only; other links keep their text', () => {
    expect(line('[a](https://x.example/a?b=1 "title") [m](mailto:h@x.example)')).toBe(
      'p: <a https://x.example/a?b=1>a</a> <a mailto:h@x.example>m</a>',
    );
    for (const bad of [
      'javascript:alert(1)',
      'data:text/html,x',
      '//evil.example',
      '/rel',
      'ftp://x',
    ]) {
      expect(line(`[click](${bad})`)).toBe('p: click');
    }
  });

  it('allows balanced parentheses in link targets and bare URLs', () => {
    expect(line('[w](https://en.wikipedia.org/wiki/A_(b))')).toBe(
      'p: <a https://en.wikipedia.org/wiki/A_(b)>w</a>',
    );
    expect(line('see https://x.example/A_(b).')).toBe(
      'p: see <a https://x.example/A_(b)>https://x.example/A_(b)</a>.',
    );
  });

  it('links autolinks and bare URLs without trailing punctuation or an unopened )', () => {
    expect(line('<https://x.example/a> <mailto:h@x.example> (https://x.example/b), ok')).toBe(
      'p: <a https://x.example/a>https://x.example/a</a> <a mailto:h@x.example>mailto:h@x.example</a> (<a https://x.example/b>https://x.example/b</a>), ok',
    );
    expect(line('<javascript:alert(1)>')).toBe('p: <javascript:alert(1)>');
  });

  it('turns images into their alt text, also inside a link', () => {
    expect(line('![secret](https://evil.example/x.png) [![logo](a.png)](https://x.example/)')).toBe(
      'p: secret <a https://x.example/>logo</a>',
    );
  });

  it('keeps raw HTML as text', () => {
    expect(line('<b>hi</b> <img src=x onerror=alert(1)>')).toBe(
      'p: <b>hi</b> <img src=x onerror=alert(1)>',
    );
  });

  it('keeps deeply nested emphasis and unclosed brackets as bounded text', () => {
    const out = line(`${'**'.repeat(40)}x${'**'.repeat(40)} ${'['.repeat(2000)}`);
    expect(out).toContain('x');
    expect(out).toContain('['.repeat(2000));
  });
});
