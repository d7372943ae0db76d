import { afterEach, describe, expect, it } from 'vitest';
import { SAFE_FETCH_MESSAGES } from '../../lib/safe-fetch.ts';
import { type CrawledPage, crawl } from './crawler.ts';
import { docPage, startTestSite, type TestSite } from './test-site.fixture.ts';

const local = { allowPrivate: true };
let site: TestSite | undefined;
afterEach(async () => {
  await site?.close();
  site = undefined;
});

const para = (s: string) => `<p>${s} ${'Body text about the topic. '.repeat(6)}</p>`;

describe('crawl', () => {
  it('walks a site breadth-first, normalising, merging duplicates and skipping non-HTML', async () => {
    site = await startTestSite({
      '/': docPage('Home', para('Welcome home.'), [
        '/guide/',
        '/guide/#install',
        '/guide/?utm_source=x',
        '/api.html',
        '/files/manual.pdf',
        '/data.json',
        'http://other.example/elsewhere',
        'mailto:someone@example.com',
        '/logo.png',
      ]),
      '/guide/': docPage('Guide', `<h2>Install</h2>${para('Install it.')}`, [
        '/',
        '/guide/index.html',
      ]),
      '/guide/index.html': docPage('Guide', `<h2>Install</h2>${para('Install it.')}`, ['/']),
      '/api.html': docPage('API', para('The API.'), ['/moved']),
      '/moved': { status: 301, headers: { location: '/api-v2.html' } },
      '/api-v2.html': docPage('API v2', para('The second API.')),
      '/data.json': { type: 'application/json', body: '{"a":1}' },
    });
    const streamed: CrawledPage[] = [];
    const out = await crawl({
      seeds: [`${site.base}/`],
      followLinks: true,
      maxPages: 50,
      fetch: local,
      onPage: (p) => streamed.push(p),
    });
    const urls = out.pages.map((p) => p.url.replace(site?.base ?? '', ''));
    expect(urls).toEqual(['/', '/guide/', '/api.html', '/api-v2.html']);
    expect(streamed.map((p) => p.url)).toEqual(out.pages.map((p) => p.url));
    expect(out.stoppedBy).toBe('complete');
    // Never requested: fragment/tracking duplicates, PDFs, images, mail links, other hosts.
    expect(site.hits).not.toContain('/files/manual.pdf');
    expect(site.hits).not.toContain('/logo.png');
    expect(site.hits.filter((h) => h.startsWith('/guide/')).length).toBe(2);
    const guide = out.pages[1] as CrawledPage;
    expect(guide.text).toContain('## Install');
    expect(guide.text).not.toContain('cookies');
    expect(guide.text).not.toContain('Copyright');
    expect(guide.tokenCount).toBe(guide.text.length);
  });

  it('obeys robots.txt', async () => {
    site = await startTestSite({
      '/robots.txt': { type: 'text/plain', body: 'User-agent: *\nDisallow: /private/\n' },
      '/': docPage('Home', para('Home.'), ['/public.html', '/private/secret.html']),
      '/public.html': docPage('Public', para('Public page.')),
      '/private/secret.html': docPage('Secret', para('Secret page.')),
    });
    const out = await crawl({
      seeds: [`${site.base}/`],
      followLinks: true,
      maxPages: 50,
      fetch: local,
    });
    expect(out.pages.map((p) => new URL(p.url).pathname)).toEqual(['/', '/public.html']);
    expect(site.hits).not.toContain('/private/secret.html');
    expect(out.robotsBlocked).toBe(1);
  });

  it('ends a calendar trap at the page cap', async () => {
    site = await startTestSite({}, (_req, res, url) => {
      const day = Number(url.searchParams.get('day') ?? 0);
      res.setHeader('content-type', 'text/html');
      res.end(
        docPage(`Day ${day}`, para(`Events of day ${day}.`), [
          `/calendar?day=${day + 1}`,
          `/calendar?day=${day - 1}`,
          `/calendar?day=${day + 30}`,
        ]),
      );
    });
    const out = await crawl({
      seeds: [`${site.base}/calendar`],
      followLinks: true,
      maxPages: 25,
      fetch: local,
    });
    expect(out.pages).toHaveLength(25);
    expect(out.stoppedBy).toBe('page-cap');
    expect(site.hits.length).toBeLessThanOrEqual(25 + 12 + 2);
  });

  it('ends a trap of endless identical pages at the request cap', async () => {
    site = await startTestSite({}, (_req, res, url) => {
      const n = Number(url.searchParams.get('n') ?? 0);
      res.setHeader('content-type', 'text/html');
      res.end(docPage('Same', para('Always the same.'), [`/?n=${n + 1}`]));
    });
    const out = await crawl({
      seeds: [`${site.base}/`],
      followLinks: true,
      maxPages: 10,
      fetch: local,
    });
    expect(out.pages).toHaveLength(1);
    expect(out.stoppedBy).toBe('fetch-cap');
  });

  it('stops when cancelled', async () => {
    site = await startTestSite({}, (_req, res, url) => {
      const n = Number(url.searchParams.get('n') ?? 0);
      res.setHeader('content-type', 'text/html');
      res.end(docPage(`P${n}`, para(`Page ${n}.`), [`/?n=${n + 1}`]));
    });
    const controller = new AbortController();
    const out = await crawl({
      seeds: [`${site.base}/`],
      followLinks: true,
      maxPages: 1000,
      fetch: local,
      signal: controller.signal,
      onPage: (p) => {
        if (p.url.endsWith('n=3')) controller.abort();
      },
    });
    expect(out.stoppedBy).toBe('cancelled');
    expect(out.pages.length).toBeLessThanOrEqual(5);
  });

  it('uses a same-site canonical URL and ignores a foreign one', async () => {
    site = await startTestSite({
      '/': docPage('Home', para('Home.'), ['/a?session=1', '/b']),
      '/a': (_req, res) => {
        res.setHeader('content-type', 'text/html');
        res.end(docPage('A', `<link rel="canonical" href="/a">${para('Page A.')}`));
      },
      '/b': docPage(
        'B',
        `<link rel="canonical" href="https://elsewhere.example/b">${para('Page B.')}`,
      ),
    });
    const out = await crawl({
      seeds: [`${site.base}/`],
      followLinks: true,
      maxPages: 50,
      fetch: local,
    });
    expect(out.pages.map((p) => new URL(p.url).pathname + new URL(p.url).search)).toEqual([
      '/',
      '/a',
      '/b',
    ]);
  });

  it('refuses internal targets without the allow-list, with the clear message', async () => {
    site = await startTestSite({ '/': docPage('Home', para('Home.')) });
    const out = await crawl({
      seeds: [`${site.base}/`],
      followLinks: true,
      maxPages: 5,
      fetch: { allowPrivate: false },
    });
    expect(out.pages).toHaveLength(0);
    expect(out.firstError?.message).toBe(SAFE_FETCH_MESSAGES.blocked_address);
    expect(site.hits).toHaveLength(0);
  });

  it('refuses a same-site page that redirects to an internal address', async () => {
    site = await startTestSite({
      '/': docPage('Home', para('Home.'), ['/meta']),
      '/meta': { status: 302, headers: { location: 'http://169.254.169.254/latest/meta-data/' } },
    });
    const out = await crawl({
      seeds: [`${site.base}/`],
      followLinks: true,
      maxPages: 5,
      fetch: { allowPrivate: false, allowedAddresses: ['127.0.0.1'] },
    });
    expect(out.pages).toHaveLength(1);
    expect(out.errors).toBe(1);
    expect(out.firstError?.message).toBe(SAFE_FETCH_MESSAGES.blocked_address);
  });

  it('reads text from images through the OCR hook when asked', async () => {
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
    site = await startTestSite({
      '/': docPage('Home', `${para('Home.')}<img src="/chart.png"><img src="/missing.png">`),
      '/chart.png': { type: 'image/png', body: png },
    });
    const seen: string[] = [];
    const out = await crawl({
      seeds: [`${site.base}/`],
      followLinks: true,
      maxPages: 5,
      fetch: local,
      imageText: async (img) => {
        seen.push(`${new URL(img.url).pathname}:${img.bytes.length}`);
        return 'Revenue grew 40% in 2025';
      },
    });
    expect(seen).toEqual(['/chart.png:16']);
    expect(out.pages[0]?.text).toContain('Revenue grew 40% in 2025');
  });
});
