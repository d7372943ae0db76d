import { gzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { SAFE_FETCH_MESSAGES, SafeFetchError } from '../../lib/safe-fetch.ts';
import { listSitemap, parseSitemapXml, SITEMAP_MESSAGES, SitemapError } from './sitemap-reader.ts';
import { startTestSite, type TestSite } from './test-site.fixture.ts';

const XML = 'application/xml';
const urlset = (locs: string[]) =>
  `<?xml version="1.0" encoding="UTF-8"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${locs
    .map((l) => `<url><loc>${l}</loc><lastmod>2026-01-01</lastmod></url>`)
    .join('')}</urlset>`;
const index = (locs: string[]) =>
  `<?xml version="1.0"?><sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${locs
    .map((l) => `<sitemap><loc>${l}</loc></sitemap>`)
    .join('')}</sitemapindex>`;

const local = { allowPrivate: true };
let site: TestSite | undefined;
afterEach(async () => {
  await site?.close();
  site = undefined;
});

async function failure(p: Promise<unknown>): Promise<Error> {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(Error);
  return err as Error;
}

describe('listSitemap', () => {
  it('lists a urlset, decoding XML escapes and dropping other sites', async () => {
    site = await restart({}, (b) => ({
      '/sitemap.xml': {
        type: XML,
        body: urlset([
          `${b}/a.html`,
          `${b}/b.html?x=1&amp;y=2`,
          'https://other.example/c.html',
          `${b}/a.html#top`,
        ]),
      },
    }));
    const out = await listSitemap(`${site.base}/sitemap.xml`, { maxUrls: 100 }, local);
    expect(out.urls.map((u) => u.replace(site?.base ?? '', ''))).toEqual([
      '/a.html',
      '/b.html?x=1&y=2',
    ]);
  });

  it('follows a sitemap index, reads .xml.gz and terminates an index loop', async () => {
    site = await restart({}, (b) => ({
      '/sitemap.xml': {
        type: XML,
        body: index([`${b}/pages.xml.gz`, `${b}/loop.xml`, `${b}/sitemap.xml`]),
      },
      '/loop.xml': { type: XML, body: index([`${b}/sitemap.xml`, `${b}/loop.xml`]) },
      '/pages.xml.gz': {
        type: 'application/gzip',
        body: gzipSync(urlset([`${b}/p1.html`, `${b}/p2.html`])),
      },
    }));
    const out = await listSitemap(`${site.base}/sitemap.xml`, { maxUrls: 100 }, local);
    expect(out.urls.map((u) => new URL(u).pathname)).toEqual(['/p1.html', '/p2.html']);
    expect(out.sitemapsRead).toBe(3);
  });

  it('caps the URL count and the number of nested indexes', async () => {
    site = await restart({}, (b) => {
      const routes: Record<string, { type: string; body: string }> = {
        '/big.xml': {
          type: XML,
          body: urlset(Array.from({ length: 50 }, (_, i) => `${b}/p${i}.html`)),
        },
      };
      for (let i = 0; i < 10; i++)
        routes[`/deep${i}.xml`] = { type: XML, body: index([`${b}/deep${i + 1}.xml`]) };
      return routes;
    });
    const big = await listSitemap(`${site.base}/big.xml`, { maxUrls: 10 }, local);
    expect(big.urls).toHaveLength(10);
    expect(big.truncated).toBe(true);
    const deep = await listSitemap(
      `${site.base}/deep0.xml`,
      { maxUrls: 10, maxIndexDepth: 3 },
      local,
    );
    expect(deep.sitemapsRead).toBe(4);
    expect(deep.urls).toEqual([]);
  });

  it('refuses an XXE sitemap without resolving the entity', async () => {
    const xxe = `<?xml version="1.0"?><!DOCTYPE urlset [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>http://x/&xxe;</loc></url></urlset>`;
    site = await restart({ '/sitemap.xml': { type: XML, body: xxe } });
    const err = await failure(listSitemap(`${site.base}/sitemap.xml`, { maxUrls: 100 }, local));
    expect(err).toBeInstanceOf(SitemapError);
    expect(err.message).toBe(SITEMAP_MESSAGES.forbiddenXml);
    expect(err.message).not.toContain('root:');
  });

  it('refuses a billion-laughs sitemap at once', async () => {
    const lol = `<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol">${Array.from(
      { length: 9 },
      (_, i) => `<!ENTITY lol${i + 1} "${`&lol${i || ''};`.repeat(10)}">`,
    ).join('')}]><urlset><url><loc>&lol9;</loc></url></urlset>`;
    const started = Date.now();
    expect(() => parseSitemapXml(lol)).toThrowError(SITEMAP_MESSAGES.forbiddenXml);
    expect(Date.now() - started).toBeLessThan(1000);
    // A lone internal entity reference without a DOCTYPE is left as text, never expanded.
    expect(parseSitemapXml('<urlset><url><loc>http://a/&lol;</loc></url></urlset>').locs).toEqual([
      'http://a/&lol;',
    ]);
  });

  it('refuses absurdly deep XML, non-sitemaps and gzip bombs', async () => {
    expect(() => parseSitemapXml(`${'<a>'.repeat(200)}${'</a>'.repeat(200)}`)).toThrowError(
      SITEMAP_MESSAGES.unreadable,
    );
    expect(() => parseSitemapXml('<html><body>hi</body></html>')).toThrowError(
      SITEMAP_MESSAGES.unreadable,
    );
    site = await restart({
      '/bomb.xml.gz': {
        type: 'application/gzip',
        body: gzipSync(Buffer.alloc(30 * 1024 * 1024, 32)),
      },
    });
    const err = await failure(
      listSitemap(
        `${site.base}/bomb.xml.gz`,
        { maxUrls: 10, maxExpandedBytes: 1024 * 1024 },
        local,
      ),
    );
    expect((err as SafeFetchError).code).toBe('too_large');
  });

  it('refuses internal sitemap addresses without the allow-list', async () => {
    for (const url of [
      'http://127.0.0.1/sitemap.xml',
      'http://[::1]/sitemap.xml',
      'http://0x7f.1/sitemap.xml',
    ]) {
      const err = await failure(listSitemap(url, { maxUrls: 10 }, { allowPrivate: false }));
      expect(err).toBeInstanceOf(SafeFetchError);
      expect(err.message).toBe(SAFE_FETCH_MESSAGES.blocked_address);
    }
    const resolver = async () => ['10.1.2.3'];
    const err = await failure(
      listSitemap(
        'http://sitemaps.example/sitemap.xml',
        { maxUrls: 10 },
        { allowPrivate: false, resolver },
      ),
    );
    expect(err.message).toBe(SAFE_FETCH_MESSAGES.blocked_address);
  });
});

/** Routes may need the server's own base URL, known only once it listens. */
async function restart(
  routes: Parameters<typeof startTestSite>[0],
  build?: (base: string) => Parameters<typeof startTestSite>[0],
): Promise<TestSite> {
  await site?.close();
  if (!build) return startTestSite(routes);
  let table: Parameters<typeof startTestSite>[0] = {};
  const s = await startTestSite({}, (req, res, url) => {
    const route = table[url.pathname];
    if (!route || typeof route === 'string' || typeof route === 'function') {
      res.statusCode = 404;
      res.end();
      return;
    }
    res.setHeader('content-type', route.type ?? XML);
    res.end(route.body);
    void req;
  });
  table = build(s.base);
  return s;
}
