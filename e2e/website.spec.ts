import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { MESSAGES } from '@docent/shared';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type Browser, launchBrowser } from './helpers/browser.ts';
import { reportFailure } from './helpers/failure.ts';
import { openPhoneAs } from './helpers/phone.ts';
import { type RunningServer, startServer } from './helpers/server.ts';
import { clearToasts, expectPath, expectVisible } from './helpers/ui.ts';
import {
  expectNoSideScroll,
  shot,
  signUpAndLogIn,
  waitForTrainingToPreview,
} from './knowledge.helpers.ts';

/**
 * Issue 4 screens against the real server: a small site generated here and served on
 * loopback is crawled (all pages, then through its sitemap, which also lists orphan pages),
 * pages are deleted in the review table, trained, and found under the Website tab.
 */

const TOPICS = ['Shipping', 'Returns', 'Warranty', 'Payments', 'Accounts', 'Gift cards'];
const ORPHANS = ['Careers', 'Press kit'];
const slug = (t: string) => t.toLowerCase().replace(/\s+/g, '-');

function page(title: string, body: string, links: string[]): string {
  const nav = links.map((l) => `<a href="/${slug(l)}.html">${l}</a>`).join(' ');
  return `<!doctype html><html><head><title>${title} | Fernhill Outfitters</title></head>
<body><header><nav><a href="/">Home</a> ${nav}</nav></header>
<main><h1>${title}</h1>${body}</main><footer>© Fernhill Outfitters</footer></body></html>`;
}

function paragraph(topic: string): string {
  return Array.from(
    { length: 4 },
    (_, i) =>
      `<p>${topic} policy, part ${i + 1}: Fernhill Outfitters explains how ${topic.toLowerCase()} work for orders placed online or in our stores, with clear steps and friendly support every day of the week.</p>`,
  ).join('');
}

/** A site of TOPICS linked from the home page, ORPHANS reachable only through the sitemap. */
function siteServer(origin: () => string, bigPages: number): Server {
  return createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const path = url.pathname;
    const html = (body: string) => {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(body);
    };
    if (path === '/robots.txt') {
      res.writeHead(200, { 'content-type': 'text/plain' });
      return res.end('User-agent: *\nAllow: /\n');
    }
    if (path === '/sitemap.xml') {
      const all = ['', ...[...TOPICS, ...ORPHANS].map((t) => `${slug(t)}.html`)];
      res.writeHead(200, { 'content-type': 'application/xml' });
      return res.end(
        `<?xml version="1.0" encoding="UTF-8"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${all
          .map((p) => `<url><loc>${origin()}/${p}</loc></url>`)
          .join('')}</urlset>`,
      );
    }
    if (path === '/' || path === '/index.html') {
      return html(page('Help centre', paragraph('Help centre'), TOPICS));
    }
    // A large catalogue for the windowed table: /big/ links to every item page.
    if (path === '/big/' || path === '/big/index.html') {
      const links = Array.from(
        { length: bigPages },
        (_, i) => `<a href="/big/item-${i}.html">Item ${i}</a>`,
      ).join(' ');
      return html(
        `<!doctype html><html><body><main><h1>Catalogue</h1><p>${paragraph('Catalogue')}</p>${links}</main></body></html>`,
      );
    }
    // A slow section, so the live progress of a running crawl can be seen.
    if (path === '/slow/' || /^\/slow\/p-\d+\.html$/.test(path)) {
      const links = Array.from({ length: 16 }, (_, i) => `<a href="/slow/p-${i}.html">P${i}</a>`);
      setTimeout(
        () =>
          html(
            `<!doctype html><html><body><main><h1>Slow ${path}</h1>${paragraph('Slow')}${links.join(' ')}</main></body></html>`,
          ),
        path === '/slow/' ? 1500 : 700,
      );
      return;
    }
    const item = /^\/big\/item-(\d+)\.html$/.exec(path);
    if (item) {
      return html(
        `<!doctype html><html><head><title>Item ${item[1]}</title></head><body><main><h1>Item ${item[1]}</h1>${paragraph(`Item ${item[1]}`)}</main></body></html>`,
      );
    }
    const topic = [...TOPICS, ...ORPHANS].find((t) => `/${slug(t)}.html` === path);
    if (topic) return html(page(topic, paragraph(topic), TOPICS));
    res.writeHead(404, { 'content-type': 'text/plain' });
    res.end('not found');
  });
}

async function rowCount(browser: Browser): Promise<number> {
  return browser.page.locator('table[aria-label="Crawled pages"] tbody tr[data-index]').count();
}

async function footerNumber(browser: Browser, testId: string): Promise<number> {
  const text = (await browser.page.getByTestId(testId).textContent()) ?? '';
  return Number(text.replace(/[^\d]/g, ''));
}

describe('website crawl journey', () => {
  let server: RunningServer;
  let browser: Browser;
  let phone: Browser;
  let site: Server;
  let siteUrl = '';
  const BIG = 150;

  beforeAll(async () => {
    site = siteServer(() => siteUrl, BIG);
    await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
    siteUrl = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
    server = await startServer({ ALLOW_PRIVATE_NETWORK: 'true' });
    browser = await launchBrowser({ baseURL: server.url });
  });

  // A failing step leaves a picture and the page's errors behind.
  afterEach(async (ctx) => {
    if (ctx.task.result?.state !== 'fail') return;
    await reportFailure('website', phone ?? browser, server);
  });

  afterAll(async () => {
    await phone?.close();
    await browser?.close();
    await server?.stop();
    await new Promise((r) => site?.close(r));
  });

  it('crawls all pages, deletes one, trains and lists the pages under Website', async () => {
    const { page } = browser;
    const email = `crawl.${Date.now()}@example.com`;
    await signUpAndLogIn(page, email, 'Crawl-Pass-42');
    await page.getByRole('button', { name: 'Continue with Website' }).click();
    await expectPath(page, '/crawl');
    await expectVisible(page.getByRole('heading', { name: 'Crawl New Website' }));
    await expectVisible(page.getByRole('link', { name: 'All Pages' }));
    await expectVisible(page.getByLabel('Do you want to fetch content from images?'));
    expect(await page.getByLabel('Website URL').getAttribute('placeholder')).toMatch(
      /example\.com/,
    );

    await page.getByRole('button', { name: 'Crawl all pages' }).click();
    await expectVisible(page.getByText(MESSAGES.enterWebsiteUrl));
    await shot(page, 'website-crawl-errors');

    await page.getByLabel('Website URL').fill(`${siteUrl}/`);
    await shot(page, 'website-crawl');
    await page.getByRole('button', { name: 'Crawl all pages' }).click();

    // The listing opens once the server pushes pages, and fills until the crawl completes.
    await expectPath(page, '/crawl-listing');
    await expectVisible(page.getByRole('heading', { name: 'Choose Pages and Import Custom Data' }));
    await expectVisible(page.getByText(MESSAGES.crawlingCompleted));
    await clearToasts(page);
    const pages = TOPICS.length + 1;
    expect(await rowCount(browser)).toBe(pages);
    expect(await footerNumber(browser, 'page-count')).toBe(pages);
    const before = await footerNumber(browser, 'char-count');
    expect(before).toBeGreaterThan(0);
    expect(await page.getByRole('button', { name: 'Use Provided URLs' }).isEnabled()).toBe(true);
    await shot(page, 'website-listing');

    // Delete the Gift cards page: one row fewer, its characters gone from the total.
    const giftRow = page.locator('tbody tr', { hasText: 'gift-cards' });
    const giftChars = Number(
      ((await giftRow.locator('td').nth(1).textContent()) ?? '').replace(/[^\d]/g, ''),
    );
    await page.getByRole('button', { name: `Delete ${siteUrl}/gift-cards.html` }).click();
    expect(await rowCount(browser)).toBe(pages - 1);
    expect(await footerNumber(browser, 'page-count')).toBe(pages - 1);
    expect(await footerNumber(browser, 'char-count')).toBe(before - giftChars);
    // Keyboard focus stays in the table after a delete.
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toMatch(
      /^Delete /,
    );

    await page.getByRole('button', { name: 'Use Provided URLs' }).click();
    await waitForTrainingToPreview(page);

    // Each kept page is a trained item of the Website tab; the deleted one is not.
    await page.goto('/datasource/website-model');
    await expectVisible(
      page.getByRole('tab', { name: 'Website' }).or(page.getByRole('link', { name: 'Website' })),
    );
    for (const topic of TOPICS.filter((t) => t !== 'Gift cards')) {
      await expectVisible(page.getByText(`${topic} | Fernhill Outfitters`, { exact: true }));
    }
    expect(await page.getByText('Gift cards | Fernhill Outfitters').count()).toBe(0);
    await expectVisible(page.getByText('Trained', { exact: true }).first());
    await shot(page, 'website-trained');
  });

  it('crawls through a sitemap, finding the orphan pages', async () => {
    const { page } = browser;
    await page.goto('/datasource/crawl');
    await page.getByRole('link', { name: 'Sitemap' }).click();
    await expectPath(page, '/datasource/sitemap');
    await page.getByRole('button', { name: 'Crawl sitemap' }).click();
    await expectVisible(page.getByText(MESSAGES.enterWebsiteUrl));
    await page.getByLabel('Sitemap URL').fill(`${siteUrl}/sitemap`);
    await page.getByRole('button', { name: 'Crawl sitemap' }).click();
    await expectVisible(page.getByText(MESSAGES.sitemapInvalid));
    await shot(page, 'website-sitemap-errors');

    await page.getByLabel('Sitemap URL').fill(`${siteUrl}/sitemap.xml`);
    await shot(page, 'website-sitemap');
    await page.getByRole('button', { name: 'Crawl sitemap' }).click();
    await expectPath(page, '/datasource/website');
    await expectVisible(page.getByText(MESSAGES.crawlingCompleted));
    await clearToasts(page);
    for (const orphan of ORPHANS) {
      await expectVisible(page.locator('tbody tr', { hasText: `${slug(orphan)}.html` }));
    }
    expect(await rowCount(browser)).toBe(1 + TOPICS.length + ORPHANS.length);
    await shot(page, 'website-sitemap-listing');

    await page.getByRole('button', { name: 'Use Provided URLs' }).click();
    await waitForTrainingToPreview(page);
  });

  it('shows live progress while crawling, with Cancel and Use Provided URLs disabled', async () => {
    const { page } = browser;
    await page.goto('/crawl');
    await page.getByLabel('Website URL').fill(`${siteUrl}/slow/`);
    await page.getByRole('button', { name: 'Crawl all pages' }).click();
    // Before the first list the form says 'Websites will be loaded' and waits.
    await expectVisible(page.locator('.wb-progress', { hasText: MESSAGES.websitesWillBeLoaded }));
    await shot(page, 'website-crawl-waiting');
    await expectPath(page, '/crawl-listing');
    await expectVisible(page.getByTestId('crawl-stats'));
    await expectVisible(page.getByText(/Crawling… \d+ pages? found/));
    expect(await page.getByTestId('crawl-stats').textContent()).toMatch(/pages\/s.*elapsed/);
    expect(await page.getByRole('button', { name: 'Use Provided URLs' }).isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: 'Cancel' }).isDisabled()).toBe(true);
    await shot(page, 'website-listing-crawling');
    await page.getByText(MESSAGES.crawlingCompleted).waitFor({ timeout: 60_000 });
    expect(await page.getByRole('button', { name: 'Use Provided URLs' }).isEnabled()).toBe(true);
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expectPath(page, '/crawl');
  });

  it('keeps a large review table windowed, and Cancel clears it', async () => {
    const { page } = browser;
    await page.goto('/crawl');
    await page.getByLabel('Website URL').fill(`${siteUrl}/big/`);
    await page.getByRole('button', { name: 'Crawl all pages' }).click();
    await expectPath(page, '/crawl-listing');
    await page.getByText(MESSAGES.crawlingCompleted).waitFor({ timeout: 90_000 });
    await clearToasts(page);
    const total = await footerNumber(browser, 'page-count');
    // The free plan stops at 100 pages per crawl.
    expect(total).toBeGreaterThanOrEqual(60);
    // Only the rows in view (plus a margin) are in the DOM.
    expect(await rowCount(browser)).toBeLessThan(40);
    await page.locator('.vtable').evaluate((el) => {
      el.scrollTop = el.scrollHeight;
    });
    await page.waitForTimeout(100);
    const lastIndex = await page.locator('tbody tr[data-index]').last().getAttribute('data-index');
    expect(Number(lastIndex)).toBe(total - 1);
    await shot(page, 'website-listing-large');

    await page.getByRole('button', { name: 'Cancel' }).click();
    await expectPath(page, '/crawl');
    await page.goto('/crawl-listing');
    await expectVisible(page.getByText('No crawl to review'));

    // Stage 2 with no page left: the spec's message.
    await page.goto('/crawl');
    await page.getByLabel('Website URL').fill(`${siteUrl}/returns.html`);
    await page.getByRole('button', { name: 'Crawl all pages' }).click();
    // A one-page crawl may finish before its list arrives: the review still opens with it.
    await expectPath(page, '/crawl-listing');
    await expectVisible(page.getByText(MESSAGES.crawlingCompleted));
    for (let n = await rowCount(browser); n > 0; n = await rowCount(browser)) {
      await page.locator('tbody tr[data-index] button').first().click();
    }
    await page.getByRole('button', { name: 'Use Provided URLs' }).click();
    await expectVisible(page.getByText(MESSAGES.selectOneWebsite));
    await shot(page, 'website-listing-empty');
  });

  it('keeps 2,000 rows smooth (the list is served by a stubbed API)', async () => {
    const { page } = browser;
    // Plans cap real crawls below 2,000 pages here, so the browser is handed such a list.
    const pages = Array.from({ length: 2000 }, (_, i) => ({
      url: `https://docs.example.com/manual/section-${i}.html`,
      token_count: 1000 + (i % 97),
      process_complete: 1,
    }));
    const list = {
      crawl_id: 'stub-2000',
      stage: 1,
      kind: 'website',
      start_url: 'https://docs.example.com/',
      status: 'complete',
      process_complete: 1,
      pages,
      page_count: pages.length,
      char_count: pages.reduce((n, p) => n + p.token_count, 0),
      elapsed_ms: 4200,
      pages_per_second: 476.2,
      page_cap: 2000,
      hasError: false,
      message: MESSAGES.crawlingCompleted,
    };
    await page.route('**/api/upload/website', (route) =>
      route.fulfill({
        json: {
          hasError: false,
          message: MESSAGES.websitesWillBeLoaded,
          response: { stage: 1, crawl_id: 'stub-2000', process_complete: 0 },
        },
      }),
    );
    await page.route('**/api/upload/website/stub-2000', (route) =>
      route.fulfill({ json: { hasError: false, message: list.message, response: list } }),
    );
    try {
      await page.goto('/crawl');
      await page.getByLabel('Website URL').fill('https://docs.example.com/');
      await page.getByRole('button', { name: 'Crawl all pages' }).click();
      await expectPath(page, '/crawl-listing');
      await expectVisible(page.getByText(MESSAGES.crawlingCompleted));
      expect(await footerNumber(browser, 'page-count')).toBe(2000);
      expect(await rowCount(browser)).toBeLessThan(40);

      // Scroll the whole table a frame at a time; print the frame times (no timing assertion).
      const frames = await page.locator('.vtable').evaluate(async (el) => {
        const times: number[] = [];
        let last = performance.now();
        for (let top = 0; top < el.scrollHeight; top += 400) {
          el.scrollTop = top;
          await new Promise((r) => requestAnimationFrame(r));
          const now = performance.now();
          times.push(now - last);
          last = now;
        }
        return times.sort((a, b) => a - b);
      });
      const p95 = frames[Math.floor(frames.length * 0.95)] ?? 0;
      process.stderr.write(
        `[website.spec] 2,000 rows: ${frames.length} scroll frames, median ${frames[Math.floor(frames.length / 2)]?.toFixed(1)} ms, p95 ${p95.toFixed(1)} ms\n`,
      );
      expect(await rowCount(browser)).toBeLessThan(40);
      const lastIndex = await page
        .locator('tbody tr[data-index]')
        .last()
        .getAttribute('data-index');
      expect(Number(lastIndex)).toBe(1999);
      // Deleting in a long list keeps the totals right.
      await page.getByRole('button', { name: `Delete ${pages[1999]?.url}` }).click();
      expect(await footerNumber(browser, 'page-count')).toBe(1999);
      await shot(page, 'website-listing-2000');
      await page.getByRole('button', { name: 'Cancel' }).click();
      await expectPath(page, '/crawl');
    } finally {
      await page.unroute('**/api/upload/website');
      await page.unroute('**/api/upload/website/stub-2000');
    }
  });

  it('looks right on a 390 px phone', async () => {
    phone = await openPhoneAs(browser, server.url);
    const { page } = phone;
    await page.goto('/crawl');
    await expectVisible(page.getByRole('heading', { name: 'Crawl New Website' }));
    await expectNoSideScroll(page);
    await shot(page, 'website-crawl-mobile');
    await page.goto('/sitemap');
    await expectNoSideScroll(page);
    await shot(page, 'website-sitemap-mobile');
    await page.goto('/crawl');
    await page.getByLabel('Website URL').fill(`${siteUrl}/`);
    await page.getByRole('button', { name: 'Crawl all pages' }).click();
    await expectPath(page, '/crawl-listing');
    await expectVisible(page.getByText(MESSAGES.crawlingCompleted));
    await expectNoSideScroll(page);
    // Issue 17 point 8: each row shows its page's path, whole, instead of a truncated host.
    const firstPath = page.locator('.wb-table__path').nth(1);
    expect(await firstPath.textContent()).toMatch(/^\/[a-z]/);
    expect(await page.locator('.wb-table__host').first().isVisible()).toBe(false);
    expect(
      await firstPath.evaluate((el) => {
        const box = el.parentElement as HTMLElement;
        return box.scrollWidth <= box.clientWidth;
      }),
    ).toBe(true);
    await shot(page, 'website-listing-mobile');
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expectPath(page, '/crawl');
  });
});
