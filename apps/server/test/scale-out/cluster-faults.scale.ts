import type { CrawlListMeta, CrawlMessageEvent } from '@docent/shared';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadEnv } from '../../src/config/env.ts';
import type { TestSite } from '../../src/ingest/crawl/test-site.fixture.ts';
import { chatLoad } from './chat-load.ts';
import {
  type Account,
  api,
  type Cluster,
  createAccount,
  type Proc,
  ranJob,
  startCluster,
  waitFor,
} from './cluster.ts';
import {
  countBot,
  largePdf,
  openSocket,
  startSlowSite,
  trainPdf,
  waitCrawled,
  waitTrained,
} from './knowledge.ts';

/**
 * Acceptance 1 of issue 15 on a real scale-out install (PostgreSQL + Redis, two API processes,
 * two workers): a crawl streams across processes, a worker killed mid-job leaves no trace in
 * the results, and terminated database connections cost clear errors at worst.
 */
const { TEST_DATABASE_URL, TEST_REDIS_URL } = loadEnv();
const SITE_PAGES = 40;

describe.runIf(TEST_DATABASE_URL && TEST_REDIS_URL)('scale-out install under faults', () => {
  let cluster: Cluster;
  let a: Proc;
  let b: Proc;
  let site: TestSite;
  const workers: Proc[] = [];
  const sockets: Socket[] = [];

  beforeAll(async () => {
    site = await startSlowSite(SITE_PAGES, 250);
    cluster = await startCluster({
      pgServerUrl: TEST_DATABASE_URL!,
      redisUrl: TEST_REDIS_URL!,
      env: { CRAWL_CONCURRENCY: '2', ...chatLoad.env },
    });
    [a, b] = await Promise.all([
      cluster.start('api-a', ['api', 'realtime']),
      cluster.start('api-b', ['api', 'realtime']),
    ]);
    workers.push(
      ...(await Promise.all([
        cluster.start('worker-1', ['worker']),
        cluster.start('worker-2', ['worker']),
      ])),
    );
  });
  afterAll(async () => {
    for (const s of sockets) s.disconnect();
    await cluster?.close();
    await site?.close();
  });

  const liveWorkers = () => workers.filter((w) => w.child.exitCode === null && !w.child.killed);
  let reference: { crawlId: string; state: CrawlState; account: Account };

  it('streams a crawl started through API A to a socket on API B', async () => {
    const account = await createAccount(cluster.databaseUrl, 'reference@example.com');
    const socket = await openSocket(b, account);
    sockets.push(socket);
    const lists: CrawlListMeta[] = [];
    socket.on('website_parser_list', (_pages: unknown, crawl: CrawlListMeta) => lists.push(crawl));
    const finished = new Promise<CrawlMessageEvent>((resolve) => {
      socket.on('message', (m: CrawlMessageEvent) => {
        if (m.crawl_id && m.process_complete === 1) resolve(m);
      });
    });
    const started = await api(a, account, 'upload/website', {
      website_url: `${site.base}/`,
      stage: 1,
      fetch_img_content: false,
    });
    expect(started.status).toBe(200);
    const crawlId = started.body.response.crawl_id as string;
    await finished;
    const last = lists.at(-1);
    expect(last).toMatchObject({ crawl_id: crawlId, process_complete: 1, page_count: SITE_PAGES });
    // The crawl ran on a worker, under the id of the request that started it on A.
    expect(workers).toContain(ranJob(workers, started.requestId, 'crawl-site'));
    const state = await waitCrawled(() => a, account, crawlId);
    expect(state.pages).toHaveLength(SITE_PAGES);
    reference = { crawlId, state, account };
  });

  it('completes a crawl on the other worker when its worker is killed mid-crawl, with the same pages', async () => {
    const account = await createAccount(cluster.databaseUrl, 'crawl-kill@example.com');
    const started = await api(b, account, 'upload/website', {
      website_url: `${site.base}/`,
      stage: 1,
      fetch_img_content: false,
    });
    expect(started.status).toBe(200);
    const crawlId = started.body.response.crawl_id as string;
    const victim = await waitFor('the crawl to start on a worker', async () =>
      ranJob(liveWorkers(), started.requestId, 'crawl-site'),
    );
    // Some pages listed, the crawl still running: kill its worker.
    await waitFor('a few pages crawled', async () => {
      const s = await api(a, account, `upload/website/${crawlId}`);
      return s.body.response.page_count >= 3 ? true : undefined;
    });
    const before = await api(a, account, `upload/website/${crawlId}`);
    expect(before.body.response.process_complete).toBe(0);
    await cluster.stop(victim, 'SIGKILL');

    const state = await waitCrawled(() => a, account, crawlId);
    const survivor = ranJob(liveWorkers(), started.requestId, 'crawl-site');
    expect(survivor).toBeDefined();
    expect(survivor).not.toBe(victim);
    const urls = (s: CrawlState) => s.pages.map((p) => `${p.url} ${p.token_count}`).sort();
    expect(urls(state)).toEqual(urls(reference.state));
    expect(state.char_count).toBe(reference.state.char_count);

    // Both crawls train into equal bots.
    const bots: string[] = [];
    for (const [who, id] of [
      [reference.account, reference.crawlId],
      [account, crawlId],
    ] as const) {
      const res = await api(a, who, 'upload/website', {
        selected_urls: state.pages.map((p: { url: string }) => p.url),
        stage: 2,
        char_count: 0,
        bot_count: 1,
        bot_id: '',
        crawl_id: id,
      });
      expect(res.status).toBe(200);
      bots.push(res.body.response.botId as string);
      await waitTrained(() => b, who, res.body.response.botId as string);
    }
    const [ref, resumed] = await Promise.all(bots.map((id) => countBot(cluster.databaseUrl, id)));
    expect(resumed).toEqual(ref);
    expect(resumed?.documents).toBe(SITE_PAGES);
    workers.push(await cluster.start('worker-3', ['worker']));
  });

  it('completes a PDF training job on the other worker when its worker is killed mid-job', async () => {
    // Large enough that its training job lasts well beyond the time it takes to notice its start.
    const pdf = largePdf(800);
    const refAccount = await createAccount(cluster.databaseUrl, 'pdf-ref@example.com');
    const refReply = await trainPdf(a, refAccount, pdf);
    expect(refReply.status).toBe(200);
    const refBot = refReply.body.response.botId as string;
    await waitTrained(() => a, refAccount, refBot);
    const ref = await countBot(cluster.databaseUrl, refBot);

    const account = await createAccount(cluster.databaseUrl, 'pdf-kill@example.com');
    const reply = await trainPdf(b, account, pdf);
    expect(reply.status).toBe(200);
    const botId = reply.body.response.botId as string;
    const victim = await waitFor('the PDF job to start on a worker', async () =>
      ranJob(liveWorkers(), reply.requestId, 'train-source'),
    );
    await cluster.stop(victim, 'SIGKILL');
    await waitTrained(() => a, account, botId);
    const survivor = ranJob(liveWorkers(), reply.requestId, 'train-source');
    expect(survivor).toBeDefined();
    expect(await countBot(cluster.databaseUrl, botId)).toEqual(ref);
    expect(ref.documents).toBe(1);
    workers.push(await cluster.start('worker-4', ['worker']));
  });

  it('answers or fails clearly while PostgreSQL connections are terminated, then recovers', async () => {
    const account = await createAccount(cluster.databaseUrl, 'chat@example.com');
    const { report, afterwards } = await chatLoad.run({
      databaseUrl: cluster.databaseUrl,
      apis: [a, b],
      account,
    });
    // Every turn ended: answered, or refused with a message (never hung, never dropped).
    expect(report.hung).toEqual([]);
    expect(report.unclear).toEqual([]);
    expect(report.answered + report.failedClearly).toBe(report.attempted);
    // Each answered turn is stored exactly once; a failed one not at all.
    expect(report.stored).toBe(report.answered);
    // Same processes, no restart: all ready again and answering every turn.
    for (const p of [a, b, ...liveWorkers()]) expect(p.child.exitCode).toBeNull();
    expect(afterwards.answered).toBe(afterwards.attempted);
    expect(afterwards.attempted).toBeGreaterThan(0);
  });
});

interface CrawlState {
  pages: { url: string; token_count: number }[];
  char_count: number;
}
