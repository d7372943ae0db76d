import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { type BrowserContext, chromium, type Page } from 'playwright-core';
import { HEADLESS_CHROMIUM_FLAGS } from '../../apps/server/src/lib/headless-chromium.ts';
import { CHROMIUM_PATH } from './paths.ts';

export interface Browser {
  context: BrowserContext;
  page: Page;
  /** Messages the page logged as errors, and uncaught exceptions. */
  pageErrors: string[];
  close: () => Promise<void>;
}

/** Debian Chromium through playwright-core, with a fresh profile directory per launch. */
export async function launchBrowser(opts: {
  baseURL: string;
  viewport?: { width: number; height: number };
}): Promise<Browser> {
  const userDataDir = await mkdtemp(path.join(os.tmpdir(), 'docent-chromium-'));
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [...HEADLESS_CHROMIUM_FLAGS],
    baseURL: opts.baseURL,
    viewport: opts.viewport ?? { width: 1440, height: 900 },
    deviceScaleFactor: 1,
    locale: 'en-US',
    timezoneId: 'UTC',
  });
  context.setDefaultTimeout(15_000);
  const page = context.pages()[0] ?? (await context.newPage());
  const pageErrors: string[] = [];
  page.on('pageerror', (err) => pageErrors.push(err.message));
  return {
    context,
    page,
    pageErrors,
    close: async () => {
      await context.close();
      await rm(userDataDir, { recursive: true, force: true });
    },
  };
}
