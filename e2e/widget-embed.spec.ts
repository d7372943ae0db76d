import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { replaceAllowedDomains } from '../apps/server/src/modules/embed/allowed-domains.repo.ts';
import { type Harness, startHarness } from '../bench/widget-size/harness.ts';
import { expectNoAxeViolations } from './helpers/axe.ts';
import { type Browser, launchBrowser } from './helpers/browser.ts';
import { REPO_ROOT, SCREENSHOT_DIR } from './helpers/paths.ts';

/**
 * Issue 7 acceptance 1–3 for the widget itself: the snippet on a customer's page served from a
 * second loopback origin under a hostile stylesheet. (The widget must be built first.)
 */
/** The widget's element on the customer's page (its shadow root holds the whole widget). */
const WIDGET_HOST = 'div[data-mode]';
const QUESTION = 'What does the frame warranty cover?';
const XSS_TEXT = [
  'Payload page. <img src=x onerror="window.__xss=1"> <script>window.__xss=2</script>',
  '[click me](javascript:window.__xss=3) <svg onload="window.__xss=4"></svg>',
  '![leak](HOST/leak?c=conversation) exfiltration test payload.',
].join(' ');

const shot = (page: Page, name: string) => {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  return page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`) });
};
const layout = (page: Page) =>
  page.evaluate(() =>
    ['title', 'para'].map((id) => {
      const r = document.getElementById(id)?.getBoundingClientRect();
      return r ? [r.x, r.y, r.width, r.height] : null;
    }),
  );

describe('embedded widget', () => {
  let h: Harness;
  let desktop: Browser;

  beforeAll(async () => {
    if (!existsSync(path.join(REPO_ROOT, 'apps/widget/dist/widget.js'))) {
      throw new Error('apps/widget/dist/widget.js is missing: run `npm run build` first');
    }
    h = await startHarness({ WIDGET_VISITOR_MESSAGES_PER_MINUTE: '4' });
    desktop = await launchBrowser({ baseURL: h.hostUrl, viewport: { width: 1280, height: 800 } });
  });
  afterAll(async () => {
    await desktop?.close();
    await h?.close();
  });

  it('opens themed on a hostile page, streams an answer with sources, survives a reload', async () => {
    const { page, pageErrors } = desktop;
    await page.goto(h.hostUrl);
    const before = await layout(page);
    const bodyChildren = await page.evaluate(() => document.body.children.length);
    const launcher = page.getByRole('button', { name: 'Open chat' });
    await launcher.waitFor();
    // The icon shows once the theme has come, or after 2.5 s without it (main.ts): under load
    // the theme may follow the icon, and the icon must then take it.
    await expect
      .poll(() => launcher.evaluate((b) => getComputedStyle(b).backgroundColor))
      .toBe('rgb(124, 58, 237)');
    const box = await launcher.boundingBox();
    expect(box?.width).toBe(56);
    await launcher.click();

    const dialog = page.getByRole('dialog', { name: 'Chat with Ava' });
    await dialog.waitFor();
    const header = dialog.locator('.h');
    expect(await header.evaluate((e) => getComputedStyle(e).backgroundColor)).toBe(
      'rgb(17, 24, 39)',
    );
    expect(await header.evaluate((e) => getComputedStyle(e).color)).toBe('rgb(255, 255, 255)');
    const logo = dialog.locator('.h img');
    await expect.poll(() => logo.evaluate((i: HTMLImageElement) => i.naturalWidth)).toBe(256);
    expect(await dialog.locator('.m').innerText()).toContain('AI Agent · a few seconds ago');
    // Our own fonts, not the host's 48px serif.
    expect(
      await dialog
        .locator('.b')
        .first()
        .evaluate((e) => getComputedStyle(e).fontSize),
    ).toBe('14px');

    const input = page.getByRole('textbox', { name: 'Send Message' });
    await expect
      .poll(() => input.evaluate((e) => e === (e.getRootNode() as ShadowRoot).activeElement))
      .toBe(true);
    await input.fill(QUESTION);
    await input.press('Enter');
    const answer = dialog.locator('.g:not(.u) .b').nth(1);
    await expect.poll(() => answer.innerText(), { timeout: 15_000 }).toContain('lifetime warranty');
    const source = dialog.getByRole('link', { name: 'Warranty' });
    await source.waitFor();
    expect(await source.getAttribute('href')).toBe('https://acme.example/warranty');
    expect(await source.getAttribute('rel')).toContain('noopener');
    expect(await dialog.getByRole('status').innerText()).toContain('lifetime warranty');
    expect(await layout(page)).toEqual(before);
    expect(await page.evaluate(() => document.body.children.length)).toBe(bodyChildren);
    await shot(page, 'widget-desktop');
    await expectNoAxeViolations(page, 'widget open with an answer', WIDGET_HOST);

    await page.keyboard.press('Escape');
    await expect.poll(() => dialog.isVisible()).toBe(false);

    await page.reload();
    await page.getByRole('button', { name: 'Open chat' }).click();
    await expect
      .poll(() => page.getByRole('dialog').locator('.m').innerText(), { timeout: 10_000 })
      .toContain(QUESTION);
    expect(await page.getByRole('dialog').locator('.m').innerText()).toContain('lifetime warranty');
    expect(pageErrors).toEqual([]);
  });

  it('goes full screen at 390 px', async () => {
    const mobile = await launchBrowser({
      baseURL: h.hostUrl,
      viewport: { width: 390, height: 844 },
    });
    try {
      const { page } = mobile;
      await page.goto(h.hostUrl);
      await page.getByRole('button', { name: 'Open chat' }).click();
      const panel = page.getByRole('dialog');
      await panel.waitFor();
      expect(await panel.boundingBox()).toEqual({ x: 0, y: 0, width: 390, height: 844 });
      expect(await page.locator('button.l').isVisible()).toBe(false);
      await shot(page, 'widget-mobile');
      await expectNoAxeViolations(page, 'widget full screen @390', WIDGET_HOST);
    } finally {
      await mobile.close();
    }
  });

  it('renders hostile answers and names inert and sends nothing to the payload host', async () => {
    const botId = await h.addBot({
      name: 'Payload page',
      agent_name: '<img src=x onerror="window.__xss=5">Eve',
      text: XSS_TEXT.replace('HOST', h.hostUrl.replace(/\/$/, '')),
      url: 'javascript:window.__xss=6',
    });
    const { page } = desktop;
    h.hostRequests.length = 0;
    await page.goto(h.pageFor(botId));
    await page.getByRole('button', { name: 'Open chat' }).click();
    const dialog = page.getByRole('dialog');
    expect(await dialog.locator('.t').innerText()).toBe('<img src=x onerror="window.__xss=5">Eve');
    const input = page.getByRole('textbox', { name: 'Send Message' });
    await input.fill('exfiltration test payload');
    await input.press('Enter');
    const answer = dialog.locator('.g:not(.u) .b').nth(1);
    await expect.poll(() => answer.innerText(), { timeout: 15_000 }).toContain('onerror');
    await page.waitForTimeout(500);
    expect(await page.evaluate(() => (window as { __xss?: number }).__xss)).toBeUndefined();
    expect(await dialog.locator('.m img, .m script, .m iframe').count()).toBe(0);
    // The only drawings in the log are the widget's own vote icons (issue 14), each one path
    // inside a vote button; nothing drawn comes from the answer.
    const drawings = await dialog
      .locator('.m svg')
      .evaluateAll((list) =>
        list.map((svg) => `${svg.parentElement?.parentElement?.className}:${svg.children.length}`),
      );
    expect(drawings.length).toBeGreaterThan(0);
    for (const where of drawings) expect(where).toBe('y:1');
    const hrefs = await dialog
      .locator('a')
      .evaluateAll((as) => as.map((a) => a.getAttribute('href')));
    for (const href of hrefs) expect(href).toMatch(/^(https?:|mailto:)/);
    expect(h.hostRequests.filter((u) => u.startsWith('/leak'))).toEqual([]);
  });

  it('says so when rate-limited and gives a foreign site no answers', async () => {
    const { page } = desktop;
    await page.goto(h.hostUrl);
    await page.evaluate(() => localStorage.clear());
    await page.reload();
    await page.getByRole('button', { name: 'Open chat' }).click();
    const input = page.getByRole('textbox', { name: 'Send Message' });
    const alert = page.getByRole('alert');
    for (let i = 0; i < 6; i++) {
      await input.fill(`warranty question ${i}`);
      await input.press('Enter');
      await expect
        .poll(() => page.getByRole('button', { name: 'Send message' }).isEnabled())
        .toBe(true);
    }
    expect(await alert.innerText()).toBe(
      "You're sending messages too quickly. Please wait a moment and try again.",
    );

    await replaceAllowedDomains(h.ctx.db, h.botId, ['shop.example']);
    await page.reload();
    await page.getByRole('button', { name: 'Open chat' }).click();
    await expect.poll(() => alert.innerText()).toBe('This chat is not available on this website.');
    await input.fill(QUESTION);
    await input.press('Enter');
    await page.waitForTimeout(300);
    expect(await page.getByRole('dialog').locator('.m').innerText()).not.toContain('lifetime');
    await shot(page, 'widget-refused');
    await replaceAllowedDomains(h.ctx.db, h.botId, []);
  });

  it('runs inline in a host element and as the hosted full-page chat', async () => {
    const { page } = desktop;
    await page.goto(h.pageFor(h.botId, { inline: true }));
    const inline = page.getByRole('dialog', { name: 'Chat with Ava' });
    await inline.waitFor();
    const box = await inline.boundingBox();
    const slot = await page.locator('#chat-here').boundingBox();
    expect(box).toEqual(slot);
    expect(await page.locator('button.l').count()).toBe(0);

    await page.goto(`${h.apiOrigin}/c/${h.botId}`);
    const full = page.getByRole('dialog', { name: 'Chat with Ava' });
    await full.waitFor();
    expect(await full.boundingBox()).toEqual({ x: 0, y: 0, width: 1280, height: 800 });
    const input = page.getByRole('textbox', { name: 'Send Message' });
    await input.fill(QUESTION);
    await input.press('Enter');
    await expect
      .poll(() => full.locator('.g:not(.u) .b').last().innerText(), { timeout: 15_000 })
      .toContain('lifetime warranty');
    await shot(page, 'widget-full-page');
  });
});
