import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { decodeHtml, extractHtml } from './html.ts';

const REPO_ROOT = fileURLToPath(new URL('../../../../../', import.meta.url));
const MKDOCS = path.resolve(REPO_ROOT, '../shared/fixtures/sites/mkdocs');
const hasFixtures = existsSync(MKDOCS);
if (!hasFixtures)
  process.stderr.write(`[html.test] ${MKDOCS} missing: real-page extraction tests skipped\n`);

const page = (rel: string) => readFileSync(path.join(MKDOCS, rel), 'utf8');

describe('extractHtml on real MkDocs pages', () => {
  it.skipIf(!hasFixtures)(
    'keeps headings and body, drops the navigation and footer repeated on every page',
    () => {
      const { text, title, links } = extractHtml(
        page('user-guide/configuration/index.html'),
        'http://127.0.0.1:8000/user-guide/configuration/',
      );
      expect(title).toBe('Configuration - MkDocs');
      const lines = text.split('\n');
      expect(lines[0]).toBe('# Configuration');
      expect(lines).toContain('## Introduction');
      expect(lines).toContain('### site_name');
      expect(text).toContain(
        'Project settings are configured by default using a YAML configuration file',
      );
      // The navbar (site name, menu, search, previous/next, "Edit on GitHub") and the footer.
      expect(text).not.toMatch(
        /Edit on GitHub|Documentation built with|Keyboard Shortcuts|^Search$/m,
      );
      expect(text).not.toContain('Getting Started');
      // Links still come from the navigation, for the crawler.
      expect(links).toContain('http://127.0.0.1:8000/getting-started/');
    },
  );

  it.skipIf(!hasFixtures)('no line of navigation survives on most pages of the site', () => {
    const pages = [
      'index.html',
      'getting-started/index.html',
      'user-guide/index.html',
      'user-guide/installation/index.html',
      'user-guide/writing-your-docs/index.html',
      'user-guide/choosing-your-theme/index.html',
      'about/license/index.html',
    ];
    const counts = new Map<string, number>();
    for (const rel of pages) {
      const { text } = extractHtml(page(rel), `http://127.0.0.1:8000/${rel}`);
      expect(text.length).toBeGreaterThan(300);
      for (const line of new Set(text.split('\n'))) counts.set(line, (counts.get(line) ?? 0) + 1);
    }
    const repeated = [...counts].filter(([, n]) => n >= pages.length / 2).map(([l]) => l);
    expect(repeated).toEqual([]);
  });
});

describe('extractHtml', () => {
  const html = `<!doctype html><html><head><title> The  Title </title>
    <link rel="canonical" href="/docs/page"><base href="https://example.com/base/">
    <meta name="robots" content="noindex"></head><body>
    <div class="navheader"><a href="prev.html">Prev</a> <a href="next.html">Next</a></div>
    <div id="cookie-consent">We use cookies</div>
    <div class="sidebar"><a href="/side">Side link</a></div>
    <h1>Main &amp; title</h1><p>First   paragraph
    text.</p><ul><li>one</li><li><p>two</p></li></ul>
    <pre>  code line 1
  code line 2</pre>
    <table><tr><th>Name</th><th>Value</th></tr><tr><td>a</td><td>1</td></tr></table>
    <p style="display:none">hidden</p><script>var x = 1;</script>
    <a href="mailto:a@b.c">mail</a> <a href="javascript:void 0">js</a> <a href="#frag">frag</a>
    <a href="other.html#part" rel="nofollow">nf</a> <a href="page2.html#s">p2</a>
    <div class="navfooter">Prev Up Next</div></body></html>`;

  it('returns text, title, canonical, robots flags and links', () => {
    const r = extractHtml(html, 'https://example.com/docs/page?x=1');
    expect(r.title).toBe('The Title');
    expect(r.canonical).toBe('https://example.com/docs/page');
    expect(r.noindex).toBe(true);
    expect(r.text).toBe(
      [
        '# Main & title',
        'First paragraph text.',
        '- one',
        '- two',
        '  code line 1',
        '  code line 2',
        'Name | Value',
        'a | 1',
        'mail js frag nf p2',
      ].join('\n'),
    );
    expect(r.links).toEqual([
      'https://example.com/base/prev.html',
      'https://example.com/base/next.html',
      'https://example.com/side',
      'https://example.com/base/page2.html',
    ]);
  });

  it('prefers the marked main region when there is one', () => {
    const r = extractHtml(
      `<body><div>Top promo text that is not part of the article</div><article><h2>Story</h2><p>${'Words. '.repeat(40)}</p></article><div>After</div></body>`,
      'http://x/',
    );
    expect(r.text.startsWith('## Story')).toBe(true);
    expect(r.text).not.toContain('promo');
  });

  it('never empties a page whose content wrapper is named like boilerplate', () => {
    const body = `<p>${'Real content of the page. '.repeat(10)}</p>`;
    const wrapped = extractHtml(
      `<body class="has-sidebar"><div class="page-with-sidebar">${body}</div></body>`,
      'http://x/',
    );
    expect(wrapped.text).toContain('Real content of the page.');
    const nav = extractHtml(
      `<body><div class="sidebar">Menu</div><div>${body}</div></body>`,
      'http://x/',
    );
    expect(nav.text).not.toContain('Menu');
  });

  it('decodes the declared charset', () => {
    const latin1 = Buffer.from('<meta charset="iso-8859-1"><p>caf\xe9</p>', 'latin1');
    expect(extractHtml(decodeHtml(latin1, 'text/html'), 'http://x/').text).toBe('café');
  });
});
