import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { SCREENSHOT_DIR } from './paths.ts';

/** Waits until a toast with this text is shown (react-toastify renders role="alert"). */
export async function expectToast(page: Page, text: string | RegExp): Promise<void> {
  await page.locator('.Toastify__toast').filter({ hasText: text }).first().waitFor();
}

/**
 * Dismisses all toasts so later assertions do not match earlier messages. Each is closed through
 * react-toastify's own close button and awaited until the library has unmounted it: removing the
 * elements behind React's back made its later unmount fail (`removeChild`) and crash the page.
 */
export async function clearToasts(page: Page): Promise<void> {
  const closing = await page.evaluateHandle(() => {
    const toasts = [...document.querySelectorAll('.Toastify__toast')];
    for (const toast of toasts) {
      toast.querySelector<HTMLButtonElement>('.Toastify__close-button')?.click();
    }
    return toasts;
  });
  await page.waitForFunction((toasts) => toasts.every((toast) => !toast.isConnected), closing);
  await closing.dispose();
}

export async function expectVisible(locator: Locator): Promise<void> {
  await locator.first().waitFor({ state: 'visible' });
  expect(await locator.first().isVisible()).toBe(true);
}

export async function expectPath(page: Page, pathname: string): Promise<void> {
  try {
    await page.waitForURL((url) => url.pathname === pathname);
  } catch {
    const toasts = await page.locator('.Toastify__toast').allTextContents();
    throw new Error(
      `Expected to reach ${pathname} but stayed on ${new URL(page.url()).pathname}` +
        (toasts.length > 0 ? ` (toasts: ${toasts.join(' | ')})` : ''),
    );
  }
  expect(new URL(page.url()).pathname).toBe(pathname);
}

export async function screenshot(page: Page, name: string, fullPage = false): Promise<string> {
  await mkdir(SCREENSHOT_DIR, { recursive: true });
  const file = path.join(SCREENSHOT_DIR, `${name}.png`);
  // Let web fonts and entrance animations settle so the picture is what a person sees.
  await page.evaluate(() => document.fonts.ready);
  // Park the pointer in a corner so no hover state shows.
  await page.mouse.move(0, 0);
  await page.waitForTimeout(300);
  await page.screenshot({ path: file, fullPage });
  return file;
}
