import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { BrowserContext, Route } from 'playwright-core';
import { type GuardedProxy, startGuardedProxy } from '../../lib/guarded-proxy.ts';
import { HEADLESS_CHROMIUM_FLAGS } from '../../lib/headless-chromium.ts';
import {
  contentTypeOf,
  readBody,
  type SafeFetchOptions,
  safeRequest,
} from '../../lib/safe-fetch.ts';
import type { PageRenderer } from './crawler.ts';

/**
 * Optional rendering of pages built by JavaScript, with Debian Chromium (CHROMIUM_PATH), used
 * only when a page's static HTML has almost no text. Chromium never touches the network itself:
 * - every request of a page is answered through the guarded client (route → safeRequest);
 * - everything else its network stack would open (WebSockets, preconnects, speculative
 *   prefetches, WebRTC's TCP, whatever comes next) can only go to a local proxy that applies the
 *   same guard (lib/guarded-proxy.ts), loopback included;
 * - WebRTC may not send UDP around the proxy, and Chromium resolves no host name itself.
 * So internal addresses, DNS rebinding and non-http schemes stay refused for scripts too.
 * Images, media and fonts are not loaded; one page renders at a time (Chromium is the heaviest
 * tenant).
 */
export interface ChromiumRenderer {
  render: PageRenderer;
  close(): Promise<void>;
}

const FLAGS = [
  ...HEADLESS_CHROMIUM_FLAGS,
  // A long-running server may have a small /dev/shm (containers): use /tmp instead.
  '--disable-dev-shm-usage',
  // WebRTC: no UDP (STUN, TURN, peers) except through the proxy, which carries none.
  '--webrtc-ip-handling-policy=disable_non_proxied_udp',
  // Chromium's own resolver answers nothing (no DNS prefetch leaks); the proxy resolves.
  '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1',
];
const SKIPPED_TYPES = new Set([
  'image',
  'media',
  'font',
  'websocket',
  'eventsource',
  'manifest',
  'other',
]);
const MAX_RESOURCE_BYTES = 5 * 1024 * 1024;

export function createChromiumRenderer(
  executablePath: string,
  fetchOpts: SafeFetchOptions,
  opts: { timeoutMs?: number } = {},
): ChromiumRenderer {
  const timeoutMs = opts.timeoutMs ?? 15_000;
  let browser:
    | Promise<{ context: BrowserContext; profile: string; proxy: GuardedProxy }>
    | undefined;
  let queue: Promise<unknown> = Promise.resolve();

  const launch = async () => {
    const { chromium } = await import('playwright-core');
    const proxy = await startGuardedProxy(fetchOpts);
    const profile = mkdtempSync(path.join(os.tmpdir(), 'docent-chromium-'));
    const context = await chromium
      .launchPersistentContext(profile, {
        executablePath,
        args: FLAGS,
        // Playwright adds <-loopback>: loopback addresses go through the proxy too.
        proxy: { server: proxy.url },
        timeout: 30_000,
        serviceWorkers: 'block',
        acceptDownloads: false,
      })
      .catch(async (err: unknown) => {
        rmSync(profile, { recursive: true, force: true, maxRetries: 3 });
        await proxy.close();
        throw err;
      });
    await context.route('**/*', (route) => answerThroughGuard(route, fetchOpts));
    return { context, profile, proxy };
  };

  const renderOne = async (url: string, signal?: AbortSignal): Promise<string | null> => {
    if (signal?.aborted) return null;
    browser ??= launch();
    const { context } = await browser;
    const page = await context.newPage();
    const onAbort = () => void page.close().catch(() => undefined);
    signal?.addEventListener('abort', onAbort, { once: true });
    try {
      await page.goto(url, { waitUntil: 'networkidle', timeout: timeoutMs });
      return await page.content();
    } catch {
      return null;
    } finally {
      signal?.removeEventListener('abort', onAbort);
      await page.close().catch(() => undefined);
    }
  };

  return {
    render(url, signal) {
      const run = queue.then(() => renderOne(url, signal));
      queue = run.catch(() => undefined);
      return run;
    },
    async close() {
      const started = browser;
      browser = undefined;
      if (!started) return;
      const launched = await started.catch(() => undefined);
      if (!launched) return;
      await launched.context.close().catch(() => undefined);
      await launched.proxy.close();
      rmSync(launched.profile, { recursive: true, force: true, maxRetries: 3 });
    },
  };
}

async function answerThroughGuard(route: Route, fetchOpts: SafeFetchOptions): Promise<void> {
  const request = route.request();
  if (SKIPPED_TYPES.has(request.resourceType())) return route.abort('blockedbyclient');
  try {
    const headers = { ...(await request.allHeaders()) };
    for (const h of ['host', 'connection', 'content-length', 'accept-encoding', 'cookie'])
      delete headers[h];
    for (const h of Object.keys(headers)) if (h.startsWith(':')) delete headers[h];
    const res = await safeRequest(
      request.url(),
      { method: request.method(), headers, body: request.postDataBuffer() },
      { ...fetchOpts, maxBytes: MAX_RESOURCE_BYTES, timeoutMs: 10_000, redirect: 'manual' },
    );
    const body = await readBody(res);
    const outHeaders: Record<string, string> = {};
    for (const [k, v] of Object.entries(res.headers)) {
      if (
        v === undefined ||
        ['content-encoding', 'content-length', 'transfer-encoding', 'set-cookie'].includes(k)
      )
        continue;
      outHeaders[k] = Array.isArray(v) ? v.join(', ') : v;
    }
    if (!outHeaders['content-type'])
      outHeaders['content-type'] = contentTypeOf(res.headers) || 'text/html';
    await route.fulfill({ status: res.status, headers: outHeaders, body });
  } catch {
    await route.abort('blockedbyclient').catch(() => undefined);
  }
}
