import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import { type Browser, launchBrowser } from './helpers/browser.ts';
import { type RunningServer, startServer } from './helpers/server.ts';
import { clearToasts, expectToast, expectVisible, screenshot } from './helpers/ui.ts';

const UNKNOWN_ACCOUNT = { email: 'nobody.here@example.com', password: 'Wrong-Pass-12' };

/**
 * Issue 17 point 10: the browser tests' toast helper must go through react-toastify. A toast
 * removed from the page behind the library's back made React's own removal throw
 * (`removeChild`) and blank the app, which failed real-sites.spec.ts now and then.
 */
describe('toast helper', () => {
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser({ baseURL: server.url });
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('clears a toast that is already closing without crashing the app', async () => {
    const { page, pageErrors } = browser;
    onTestFailed(async () => {
      await screenshot(page, 'toasts-failure').catch(() => {});
    });
    await page.goto('/login');
    const logIn = async () => {
      await page.getByLabel('Email').fill(UNKNOWN_ACCOUNT.email);
      await page.getByLabel('Password', { exact: true }).fill(UNKNOWN_ACCOUNT.password);
      await page.getByRole('button', { name: 'Log In' }).click();
    };
    // Two toasts: React removes a single toast with its container, but one of several on its own.
    await logIn();
    await page.locator('.Toastify__toast--error').first().waitFor();
    await logIn();
    await page.locator('.Toastify__toast--error').nth(1).waitFor();
    await page.locator('.Toastify__close-button').first().click();
    // The library collapses a closed toast (height 0) before it unmounts it: the moment the
    // old helper's removal clashed with React's.
    await page.waitForFunction(
      () =>
        (document.querySelector('.Toastify__toast') as HTMLElement | null)?.style.height === '0px',
    );
    await clearToasts(page);
    expect(await page.locator('.Toastify__toast').count()).toBe(0);

    // The app still runs: a second failure shows a new toast, and nothing was thrown.
    await logIn();
    await expectToast(page, /.+/);
    await expectVisible(page.getByRole('button', { name: 'Log In' }));
    expect(pageErrors).toEqual([]);
  });
});
