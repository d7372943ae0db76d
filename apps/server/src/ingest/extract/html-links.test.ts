import { describe, expect, it } from 'vitest';
import { extractHtml } from './html.ts';

const PAGE = 'https://help.example.test/guide/credentials.html';

describe('extractHtml: how a page describes the pages it links to', () => {
  it('keeps each link of the main text with the sentence around it, resolved', () => {
    const { linkContexts, text } = extractHtml(
      `<html><body>
        <nav><a href="/index.html">Home</a> <a href="/guide/cache.html">Cache helper</a></nav>
        <main>
          <h1 id="top">Credentials</h1>
          <p>Typing your password again and again is tedious. To keep it in memory for a while
             instead of saving it to disk, use <a href="cache.html#timeout">the cache helper</a>;
             it forgets the password after a timeout.</p>
          <ul><li><a href="store.html">Store helper</a>: saves passwords unencrypted on disk.</li></ul>
          <p>See <a href="#top">the top</a> or <a href="mailto:help@example.test">write to us</a>.</p>
          <a href="/guide/tokens.html"><div>Access tokens</div><div>Log in without a password.</div></a>
        </main>
        <footer><a href="/legal.html">Legal</a></footer>
      </body></html>`,
      PAGE,
    );
    expect(text).toContain('use the cache helper; it forgets');
    const byUrl = new Map(linkContexts.map((l) => [l.url, l.text]));
    // The section a link points to is kept apart from the page's address.
    expect(linkContexts.map((l) => l.anchor)).toEqual(['timeout', undefined, undefined]);
    // The link's own words and the sentence they stand in, the fragment dropped from the address.
    expect(byUrl.get('https://help.example.test/guide/cache.html')).toBe(
      'Typing your password again and again is tedious. To keep it in memory for a while instead of saving it to disk, use the cache helper; it forgets the password after a timeout.',
    );
    // A list item is its own context.
    expect(byUrl.get('https://help.example.test/guide/store.html')).toBe(
      'Store helper: saves passwords unencrypted on disk.',
    );
    // A link wrapping blocks (a card) is described by them.
    expect(byUrl.get('https://help.example.test/guide/tokens.html')).toBe(
      'Access tokens Log in without a password.',
    );
    // Navigation and footer are not the page's words; anchors of the page itself and
    // other schemes are not pages.
    expect([...byUrl.keys()].sort()).toEqual([
      'https://help.example.test/guide/cache.html',
      'https://help.example.test/guide/store.html',
      'https://help.example.test/guide/tokens.html',
    ]);
  });

  it('cuts a long paragraph to the words near the link, at word boundaries', () => {
    const before = 'Lorem ipsum dolor sit amet. '.repeat(20);
    const after = ' Consectetur adipiscing elit.'.repeat(20);
    const { linkContexts } = extractHtml(
      `<main><p>${before}Read about <a href="/shallow.html">shallow clones</a> to fetch only recent history.${after}</p></main>`,
      PAGE,
    );
    const [link] = linkContexts;
    expect(link?.url).toBe('https://help.example.test/shallow.html');
    expect(link?.text).toContain('Read about shallow clones to fetch only recent history.');
    expect(link?.text.length).toBeLessThan(650);
    expect(link?.text).toMatch(/^(?:Lorem|ipsum|dolor|sit|amet)/);
    expect(link?.text).toMatch(/(?:Consectetur|adipiscing|elit\.?)$/);
  });
});
