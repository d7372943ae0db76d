import { MESSAGES } from '@docent/shared';
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import { type Browser, launchBrowser } from './helpers/browser.ts';
import { type RunningServer, startServer } from './helpers/server.ts';
import { expectPath, expectToast, expectVisible, screenshot } from './helpers/ui.ts';

const ACCESS_TTL_SECONDS = 2;

/**
 * docs/spec.md §4 authentication recovery in the browser: an expired access token is refreshed once
 * (shared by concurrent 401s) and the calls retried; without a usable session the user is
 * told and sent to /login with local storage cleared.
 */
describe('session recovery', () => {
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    server = await startServer({ ACCESS_TOKEN_TTL_SECONDS: String(ACCESS_TTL_SECONDS) });
    browser = await launchBrowser({ baseURL: server.url });
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('refreshes once for concurrent expired calls, then ends a dead session', async () => {
    const { page, context } = browser;
    onTestFailed(async () => {
      await screenshot(page, 'session-recovery-failure').catch(() => {});
    });
    const email = `recover.${Date.now()}@example.com`;
    const password = 'Recovery-Pass-31';
    const created = await page.request.post('/api/auth/register', {
      data: { email, fullname: 'Rami Haddad', password, confirmPassword: password },
    });
    expect(created.ok()).toBe(true);

    await page.goto('/login');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Log In' }).click();
    await expectPath(page, '/dashboard');

    // Let the access token expire, then open a page that makes several signed-in calls at once.
    await page.waitForTimeout((ACCESS_TTL_SECONDS + 1) * 1000);
    const refreshes: string[] = [];
    const unauthorized: string[] = [];
    page.on('request', (r) => {
      if (r.url().endsWith('/api/auth/token/refresh')) refreshes.push(r.method());
    });
    page.on('response', (r) => {
      if (r.status() === 401) unauthorized.push(new URL(r.url()).pathname);
    });
    await page.evaluate(() => localStorage.removeItem('img_path'));
    await page.goto('/user-profile');
    await page.waitForFunction(
      () =>
        (document.querySelector('input[name="full_name"]') as HTMLInputElement)?.value ===
        'Rami Haddad',
    );
    await page.waitForLoadState('networkidle');
    expect(unauthorized.length).toBeGreaterThanOrEqual(2);
    expect(refreshes).toEqual(['POST']);
    expect(new URL(page.url()).pathname).toBe('/user-profile');
    expect(
      await page.locator('.Toastify__toast').filter({ hasText: MESSAGES.sessionExpired }).count(),
    ).toBe(0);

    // Cookies gone (no token at all): storage is cleared and the user is sent to log in.
    await context.clearCookies();
    await page.goto('/notification');
    await expectToast(page, MESSAGES.sessionExpired);
    await expectPath(page, '/login');
    expect(await page.evaluate(() => localStorage.getItem('user'))).toBeNull();
    await expectVisible(page.getByRole('button', { name: 'Log In' }));
    expect(browser.pageErrors).toEqual([]);
  });
});
