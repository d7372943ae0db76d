import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { type AxeFinding, axeFindings, describeFindings } from './helpers/axe.ts';
import { REPO_ROOT } from './helpers/paths.ts';

const read = (file: string) => readFileSync(path.join(REPO_ROOT, 'apps/web/src/app', file), 'utf8');
const pathsIn = (text: string) => [...text.matchAll(/\bpath: '([^'*]+)'/g)].map((m) => m[1] ?? '');

/**
 * Every page the web app routes to, read from its route tables, so a page added later is audited
 * without anyone listing it here: the signed-out pages of router.tsx, the signed-in pages of
 * routes.tsx and the /datasource children.
 */
export function appRoutes(): { signedOut: string[]; signedIn: string[] } {
  const routes = read('routes.tsx');
  const split = routes.indexOf('DATASOURCE_ROUTES: PageRoute[]');
  const signedIn = [
    ...pathsIn(routes.slice(0, split)).map((p) => `/${p}`),
    ...pathsIn(routes.slice(split)).map((p) => `/datasource/${p}`),
  ];
  const signedOut = pathsIn(read('router.tsx')).filter(
    (p) => p.startsWith('/') && p !== '/datasource',
  );
  return { signedOut, signedIn };
}

/** Lets the page finish loading and animating, so axe sees what a person sees. */
export async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle').catch(() => undefined);
  await page
    .waitForFunction(() => !document.querySelector('.page-loader'), undefined, { timeout: 15_000 })
    .catch(() => undefined);
  await page.evaluate(() => document.fonts.ready);
  await page.waitForTimeout(350);
}

/** Collects axe findings page by page and reports them all at once. */
export class AxeLedger {
  readonly failures: string[] = [];
  readonly audited: string[] = [];

  async audit(page: Page, where: string): Promise<AxeFinding[]> {
    await settle(page);
    const findings = await axeFindings(page);
    const shown = `${where} (${new URL(page.url()).pathname})`;
    this.audited.push(shown);
    if (findings.length > 0) this.failures.push(describeFindings(shown, findings));
    return findings;
  }

  async visit(page: Page, url: string, suffix = ''): Promise<void> {
    await page.goto(url);
    await this.audit(page, `${url}${suffix}`);
  }

  report(): string {
    return `${this.failures.length} of ${this.audited.length} views fail axe:\n${this.failures.join('\n')}`;
  }
}
