import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  CRAWL_MESSAGES,
  type CrawledPageItem,
  type CrawlListEvent,
  type CrawlListMeta,
  type CrawlMessageEvent,
  KNOWLEDGE_MESSAGES,
  MESSAGES,
} from '@docent/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/helpers/app.ts';
import { call, startWorker } from '../../../../test/helpers/knowledge.ts';
import { createSignedInUser, type SignedIn } from '../../../../test/helpers/users.ts';
import { SITEMAP_MESSAGES } from '../../../ingest/crawl/sitemap-reader.ts';
import { docPage, startTestSite, type TestSite } from '../../../ingest/crawl/test-site.fixture.ts';
import { SAFE_FETCH_MESSAGES } from '../../../lib/safe-fetch.ts';

const SCREENSHOT = path.resolve(
  fileURLToPath(new URL('../../../../../../', import.meta.url)),
  '../shared/fixtures/images/mkdocs/readthedocs.png',
);
const hasScreenshot = existsSync(SCREENSHOT);
if (!hasScreenshot)
  process.stderr.write(`[website.routes.test] ${SCREENSHOT} missing: OCR crawl test skipped\n`);

const para = (s: string) => `<p>${s} ${'Useful words about the product. '.repeat(5)}</p>`;
/** A list event as sent: its payload is the pages; `payload` joins them with the crawl's data. */
type Emitted = { userId: string; event: string; pages: unknown; payload: CrawlListEvent };

describe('POST /api/upload/website', () => {
  let t: TestApp;
  let alice: SignedIn;
  let bob: SignedIn;
  let site: TestSite;
  const events: Emitted[] = [];
  const messages: { userId: string; payload: CrawlMessageEvent }[] = [];

  beforeAll(async () => {
    t = await createTestApp();
    await startWorker(t);
    const hub = t.runtime.ctx.realtime;
    const emit = hub.emitToUser.bind(hub);
    hub.emitToUser = (userId, event, ...args) => {
      if (event === 'message') {
        const payload = args[0] as CrawlMessageEvent;
        if (payload.crawl_id) messages.push({ userId, payload });
      } else if (event.endsWith('_parser_list')) {
        const [pages, crawl] = args as [CrawledPageItem[], CrawlListMeta];
        events.push({ userId, event, pages, payload: { ...crawl, pages } });
      }
      emit(userId, event, ...args);
    };
    alice = await createSignedInUser(t.runtime.ctx, { plan: 'platinum' });
    bob = await createSignedInUser(t.runtime.ctx);
    let base = '';
    site = await startTestSite({}, (_req, res, url) => {
      const pages: Record<string, string> = {
        '/': docPage(
          'Acme Docs',
          `${para('Welcome to Acme.')}<p>New here? <a href="/install.html#npm">Set it up</a> in a minute.</p>`,
          ['/install.html', '/faq.html'],
        ),
        '/install.html': docPage(
          'Install',
          `<h2>Requirements</h2>${para('Install Acme with npm.')}`,
          ['/'],
        ),
        '/faq.html': docPage('FAQ', para('Refunds take 5 days.'), ['/']),
        '/orphan.html': docPage('Orphan', para('Only the sitemap links here.')),
      };
      if (url.pathname === '/sitemap.xml') {
        res.setHeader('content-type', 'application/xml');
        res.end(
          `<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${[
            '/',
            '/faq.html',
            '/orphan.html',
          ]
            .map((p) => `<url><loc>${base}${p}</loc></url>`)
            .join('')}</urlset>`,
        );
        return;
      }
      if (url.pathname === '/shot.png' && hasScreenshot) {
        res.setHeader('content-type', 'image/png');
        res.end(readFileSync(SCREENSHOT));
        return;
      }
      if (url.pathname === '/gallery/') {
        res.setHeader('content-type', 'text/html');
        res.end(docPage('Gallery', `${para('A screenshot.')}<img src="/shot.png" alt="">`));
        return;
      }
      if (url.pathname === '/xxe.xml') {
        res.setHeader('content-type', 'application/xml');
        res.end(
          '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]><urlset><url><loc>&e;</loc></url></urlset>',
        );
        return;
      }
      const page = pages[url.pathname];
      res.statusCode = page ? 200 : 404;
      res.setHeader('content-type', 'text/html');
      res.end(page ?? 'missing');
    });
    base = site.base;
  });
  afterAll(async () => {
    await site.close();
    await t.close();
  });

  const finalEvent = (crawlId: string) =>
    events.find((e) => e.payload.crawl_id === crawlId && e.payload.process_complete === 1);

  it('applies the spec validation messages', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ stage: 1, website_url: '  ', fetch_img_content: false }, MESSAGES.enterWebsiteUrl],
      [{ stage: 3, website_sitemap: '', fetch_img_content: false }, MESSAGES.enterWebsiteUrl],
      [{ stage: 3, website_sitemap: `${site.base}/sitemap.txt` }, MESSAGES.sitemapInvalid],
      [
        { stage: 2, selected_urls: [], char_count: 0, bot_count: 1, bot_id: '' },
        MESSAGES.selectOneWebsite,
      ],
      [{ stage: 7 }, CRAWL_MESSAGES.invalidStage],
    ];
    for (const [body, message] of cases) {
      const res = await call(t, alice, 'POST', '/api/upload/website', body);
      expect(res.status, message).toBe(400);
      expect(res.body).toEqual({ hasError: true, message });
    }
    expect(
      (await call(t, null, 'POST', '/api/upload/website', { stage: 1, website_url: site.base }))
        .status,
    ).toBe(401);
  });

  it('stage 1 crawls, streams the list, and stage 2 trains exactly the kept pages', async () => {
    const res = await call(t, alice, 'POST', '/api/upload/website', {
      website_url: `${site.base}/`,
      stage: 1,
      fetch_img_content: false,
    });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(MESSAGES.websitesWillBeLoaded);
    const crawlId: string = res.body.response.crawl_id;
    expect(res.body.response).toEqual({ stage: 1, crawl_id: crawlId, process_complete: 0 });
    await t.runtime.ctx.jobs.whenIdle();

    const done = finalEvent(crawlId);
    expect(done?.event).toBe('website_parser_list');
    expect(done?.userId).toBe(alice.userId);
    expect(done?.payload.message).toBe(MESSAGES.crawlingCompleted);
    // docs/spec.md §7: the event's payload is the list of crawled pages, each url, token_count
    // and process_complete; the start and the completion travel as `message` events.
    for (const e of events.filter((x) => x.payload.crawl_id === crawlId)) {
      expect(Array.isArray(e.pages)).toBe(true);
      for (const page of e.pages as object[]) {
        expect(Object.keys(page).sort()).toEqual(['process_complete', 'token_count', 'url']);
      }
    }
    const said = messages.filter((m) => m.payload.crawl_id === crawlId);
    expect(said.map((m) => [m.userId, m.payload.message, m.payload.process_complete])).toEqual([
      [alice.userId, MESSAGES.websitesWillBeLoaded, 0],
      [alice.userId, MESSAGES.crawlingCompleted, 1],
    ]);
    const paths = done?.payload.pages.map((p) => new URL(p.url).pathname);
    expect(paths).toEqual(['/', '/install.html', '/faq.html']);
    expect(done?.payload.pages.every((p) => p.process_complete === 1 && p.token_count > 100)).toBe(
      true,
    );

    // The same list over HTTP, by id and as "latest"; another user cannot read it.
    const again = await call(t, alice, 'GET', `/api/upload/website/${crawlId}`);
    expect(again.body.response.pages).toEqual(done?.payload.pages);
    expect((await call(t, alice, 'GET', '/api/upload/website/latest')).body.response.crawl_id).toBe(
      crawlId,
    );
    expect((await call(t, bob, 'GET', `/api/upload/website/${crawlId}`)).status).toBe(404);

    // A URL the crawl did not find is refused, and nothing is created.
    const forged = await call(t, alice, 'POST', '/api/upload/website', {
      stage: 2,
      selected_urls: [`${site.base}/`, 'http://169.254.169.254/latest/meta-data/'],
      char_count: 10,
      bot_count: 1,
      bot_id: '',
    });
    expect(forged.status).toBe(400);
    expect(forged.body.message).toBe(CRAWL_MESSAGES.urlsNotFound);
    // Bob cannot train from Alice's crawl.
    const stolen = await call(t, bob, 'POST', '/api/upload/website', {
      stage: 2,
      selected_urls: [`${site.base}/`],
      crawl_id: crawlId,
      bot_count: 1,
    });
    expect(stolen.status).toBe(404);

    const kept = (done?.payload.pages ?? []).filter((p) => !p.url.endsWith('/faq.html'));
    const train = await call(t, alice, 'POST', '/api/upload/website', {
      stage: 2,
      selected_urls: kept.map((p) => p.url),
      char_count: 1,
      bot_count: 1,
      bot_id: '',
    });
    expect(train.status).toBe(200);
    expect(train.body.response).toMatchObject({
      stage: 2,
      botId: expect.any(String),
      bot_name: 'Acme Docs',
      message: KNOWLEDGE_MESSAGES.trainingStarted,
    });
    expect(train.body.response.bot_id).toBe(train.body.response.botId);
    await t.runtime.ctx.jobs.whenIdle();
    const db = t.runtime.ctx.db;
    const docs = await db
      .selectFrom('documents')
      .select(['url', 'title'])
      .where('bot_id', '=', train.body.response.botId)
      .execute();
    expect(docs.map((d) => new URL(d.url ?? '').pathname).sort()).toEqual(['/', '/install.html']);
    // What the home page says where it links to the install page (not its navigation) is kept
    // for retrieval (search/link-index.ts).
    const links = await db
      .selectFrom('document_links')
      .select(['target_url', 'target_anchor', 'text'])
      .where('bot_id', '=', train.body.response.botId)
      .execute();
    expect(links).toEqual([
      {
        target_url: `${site.base}/install.html`,
        target_anchor: 'npm',
        text: 'New here? Set it up in a minute.',
      },
    ]);
    const source = await db
      .selectFrom('sources')
      .selectAll()
      .where('bot_id', '=', train.body.response.botId)
      .executeTakeFirstOrThrow();
    expect(source.source_type).toBe(1);
    expect(source.type).toBe('website');
    expect(source.status).toBe('trained');
    // Recounted by the server from the stored pages (the client claimed 1); the pipeline's exact
    // count after training also includes each page title.
    const pageChars = kept.reduce((n, p) => n + p.token_count, 0);
    expect(source.char_count).toBeGreaterThanOrEqual(pageChars);
    expect(source.char_count).toBeLessThan(pageChars + 100);
    const bot = await db
      .selectFrom('bots')
      .selectAll()
      .where('id', '=', train.body.response.botId)
      .executeTakeFirstOrThrow();
    expect(bot.status).toBe('trained');
  });

  it('stage 3 lists the pages of a sitemap, orphans included, and they can be trained', async () => {
    const res = await call(t, alice, 'POST', '/api/upload/website', {
      website_sitemap: `${site.base}/sitemap.xml`,
      stage: 3,
      fetch_img_content: false,
    });
    expect(res.status).toBe(200);
    expect(res.body.response).toMatchObject({ stage: 3, sitemap_urls: 3 });
    await t.runtime.ctx.jobs.whenIdle();
    const done = finalEvent(res.body.response.crawl_id);
    expect(done?.event).toBe('sitemap_parser_list');
    expect(done?.payload.pages.map((p) => new URL(p.url).pathname)).toEqual([
      '/',
      '/faq.html',
      '/orphan.html',
    ]);
    const train = await call(t, alice, 'POST', '/api/upload/website', {
      stage: 2,
      selected_urls: [`${site.base}/orphan.html`],
      bot_count: 1,
      bot_name: 'Orphan desk',
    });
    expect(train.status).toBe(200);
    // Issue 17 point 1: the owner's name for the new bot, not the first page's title.
    expect(train.body.response.bot_name).toBe('Orphan desk');
    await t.runtime.ctx.jobs.whenIdle();
    const docs = await t.runtime.ctx.db
      .selectFrom('documents')
      .select('title')
      .where('bot_id', '=', train.body.response.botId)
      .execute();
    expect(docs.map((d) => d.title)).toEqual(['Orphan']);
  });

  it.skipIf(!hasScreenshot)(
    'fetch_img_content adds the text of images on the pages (OCR)',
    async () => {
      const res = await call(t, alice, 'POST', '/api/upload/website', {
        website_url: `${site.base}/gallery/`,
        stage: 1,
        fetch_img_content: true,
      });
      expect(res.status).toBe(200);
      await t.runtime.ctx.jobs.whenIdle(120_000);
      const done = finalEvent(res.body.response.crawl_id);
      const page = await t.runtime.ctx.db
        .selectFrom('crawl_pages')
        .select(['content', 'token_count'])
        .where('crawl_id', '=', res.body.response.crawl_id)
        .executeTakeFirstOrThrow();
      expect(page.content).toMatch(/static site generator/);
      expect(done?.payload.pages[0]?.token_count).toBe(page.token_count);
    },
    150_000,
  );

  it('refuses an XXE sitemap with a clear message', async () => {
    const res = await call(t, alice, 'POST', '/api/upload/website', {
      website_sitemap: `${site.base}/xxe.xml`,
      stage: 3,
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(SITEMAP_MESSAGES.forbiddenXml);
  });
});

describe('upload/website without the private-network allow-list', () => {
  let t: TestApp;
  let user: SignedIn;
  beforeAll(async () => {
    t = await createTestApp({ ALLOW_PRIVATE_NETWORK: 'false' });
    user = await createSignedInUser(t.runtime.ctx);
  });
  afterAll(() => t.close());

  it.each([
    ['http://127.0.0.1:8080/', SAFE_FETCH_MESSAGES.blocked_address],
    ['http://localhost/', SAFE_FETCH_MESSAGES.blocked_address],
    ['http://10.0.0.5/', SAFE_FETCH_MESSAGES.blocked_address],
    ['http://169.254.169.254/latest/meta-data/', SAFE_FETCH_MESSAGES.blocked_address],
    ['http://[::1]/', SAFE_FETCH_MESSAGES.blocked_address],
    ['http://[::ffff:127.0.0.1]/', SAFE_FETCH_MESSAGES.blocked_address],
    ['http://2130706433/', SAFE_FETCH_MESSAGES.blocked_address],
    ['http://0x7f.1/', SAFE_FETCH_MESSAGES.blocked_address],
    ['file:///etc/passwd', SAFE_FETCH_MESSAGES.bad_scheme],
    ['ftp://example.com/', SAFE_FETCH_MESSAGES.bad_scheme],
  ])('stage 1 refuses %s', async (url, message) => {
    const res = await call(t, user, 'POST', '/api/upload/website', { website_url: url, stage: 1 });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
    const sitemap = await call(t, user, 'POST', '/api/upload/website', {
      website_sitemap: `${url.replace(/\/?$/, '')}/sitemap.xml`,
      stage: 3,
    });
    expect(sitemap.status).toBe(400);
    expect(sitemap.body.message).toBe(message);
  });

  it('tells a newcomer crawling a local site how to allow it (issue 17 point 9)', async () => {
    const res = await call(t, user, 'POST', '/api/upload/website', {
      website_url: 'http://localhost:8080/',
      stage: 1,
    });
    expect(res.body.message).toContain('ALLOW_PRIVATE_NETWORK=true');
  });
});
