import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { MESSAGES, WIDGET_MESSAGES } from '@docent/shared';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBot, trainTextBot } from './chat.helpers.ts';
import { type Browser, launchBrowser } from './helpers/browser.ts';
import { REPO_ROOT } from './helpers/paths.ts';
import { solidPng } from './helpers/png.ts';
import { type RunningServer, startServer } from './helpers/server.ts';
import { clearToasts, expectToast, expectVisible } from './helpers/ui.ts';
import { expectNoSideScroll, logIn, shot, signUpAndLogIn } from './knowledge.helpers.ts';

const PASSWORD = 'Embed-Widget-42';
const HOSTILE_CSS = `
* { all: unset !important; }
html { font-size: 40px !important; }
body { display: block !important; font: 48px/2 serif !important; color: #900 !important; }
div, p, h1 { display: block !important; position: relative !important; z-index: 2147483647 !important; }
style, script { display: none !important; }`;

const hostPage = (snippet: string) => `<!doctype html>
<html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Customer site</title><style>${HOSTILE_CSS}</style>${snippet}</head>
<body><h1 id="title">Acme Bikes</h1><p id="para">We sell bikes and keep our layout.</p></body></html>`;

const colorOf = (page: Page, testId: string, prop: 'backgroundColor' | 'color') =>
  page
    .getByTestId(testId)
    .first()
    .evaluate((e, p) => getComputedStyle(e)[p], prop);

/**
 * Issue 7 from the dashboard side: brand the bot in /customization, restrict it in
 * /chatbot-settings, copy the snippet from /status (after the training notice) and paste it into
 * a customer's page on another origin under a hostile stylesheet.
 */
describe('customization, embed page and the copied snippet', () => {
  let server: RunningServer;
  let desktop: Browser;
  let host: http.Server;
  let hostUrl = '';
  let snippet = '';
  let tmp = '';
  const email = `embed.${Date.now()}@example.com`;
  let bot = { botId: '', botName: '' };

  beforeAll(async () => {
    if (!existsSync(path.join(REPO_ROOT, 'apps/widget/dist/widget.js'))) {
      throw new Error('apps/widget/dist/widget.js is missing: run `npm run build` first');
    }
    server = await startServer();
    desktop = await launchBrowser({ baseURL: server.url });
    await desktop.context.grantPermissions(['clipboard-read', 'clipboard-write'], {
      origin: server.url,
    });
    tmp = await mkdtemp(path.join(os.tmpdir(), 'docent-embed-'));
    host = http.createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(hostPage(snippet));
    });
    await new Promise<void>((r) => host.listen(0, '127.0.0.1', r));
    hostUrl = `http://127.0.0.1:${(host.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await desktop?.close();
    await server?.stop();
    await new Promise((r) => host?.close(r));
    if (tmp) await rm(tmp, { recursive: true, force: true });
  });

  it('brands the bot in /customization with pickers, logo and live preview', async () => {
    const { page, pageErrors } = desktop;
    await signUpAndLogIn(page, email, PASSWORD);
    bot = await trainTextBot(page, [
      {
        title: 'Warranty',
        content:
          'Every Acme bike frame has a lifetime warranty against manufacturing defects. Wheels are covered for two years.',
      },
    ]);
    await openBot(page, bot.botName);
    await page.goto('/customization');
    await expectVisible(page.getByRole('heading', { name: 'Theme' }));

    // docs/spec.md §4 defaults, then the saved (still default) theme.
    const header = page.getByRole('button', { name: 'AI Chatbot Header Color' });
    expect(await header.textContent()).toContain('rgba(246,247,252,1)');
    expect(await page.getByRole('button', { name: 'User Message Color' }).textContent()).toContain(
      'rgba(39,199,116,1)',
    );
    expect(await page.getByRole('button', { name: /^Icon Color/ }).textContent()).toContain(
      '#2EC16E',
    );
    await expectVisible(page.getByTestId('preview-default-logo'));
    await expect.poll(() => page.getByText('AI Agent · a few seconds ago').count()).toBe(1);
    await expect.poll(() => page.getByTestId('preview-user-bubble').count()).toBe(2);

    // A field toggles its picker; a click outside closes it; one picker at a time.
    await header.click();
    const picker = page.getByRole('dialog', { name: 'AI Chatbot Header Color picker' });
    await expectVisible(picker);
    await expect.poll(() => picker.getByRole('button', { name: /^Use #/ }).count()).toBe(15);
    await header.click();
    expect(await picker.count()).toBe(0);
    await header.click();
    await page.getByRole('heading', { name: 'Live preview' }).click();
    expect(await picker.count()).toBe(0);

    // Header via the hex box; alpha typed out of range is clamped to 1.
    await header.click();
    await picker.getByLabel('Hex').fill('#111827');
    await picker.getByLabel('A', { exact: true }).fill('5');
    expect(await header.textContent()).toContain('rgba(17,24,39,1)');
    expect(await colorOf(page, 'preview-header', 'backgroundColor')).toBe('rgb(17, 24, 39)');
    expect(await colorOf(page, 'preview-header', 'color')).toBe('rgb(255, 255, 255)');
    // Escape closes the open picker (it overlays the fields below it).
    await page.keyboard.press('Escape');
    expect(await picker.count()).toBe(0);
    await page.getByRole('button', { name: /^Icon Color/ }).click();
    await page
      .getByRole('dialog', { name: 'Icon Color picker' })
      .getByRole('button', { name: 'Use #7C3AED' })
      .click();
    expect(await colorOf(page, 'preview-chat-icon', 'backgroundColor')).toBe('rgb(124, 58, 237)');
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Agent Message Color' }).click();
    await page
      .getByRole('dialog', { name: 'Agent Message Color picker' })
      .getByRole('button', { name: 'Use #F6F7FC' })
      .click();
    // Light bubble → dark text; dark bubble → white text.
    expect(await colorOf(page, 'preview-agent-bubble', 'color')).toBe('rgb(12, 26, 20)');
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'User Message Color' }).click();
    await page
      .getByRole('dialog', { name: 'User Message Color picker' })
      .getByRole('button', { name: 'Use #4F46E5' })
      .click();
    expect(await colorOf(page, 'preview-user-bubble', 'color')).toBe('rgb(255, 255, 255)');
    await page.keyboard.press('Escape');

    // The logo shows at once, from the local file.
    const logoFile = path.join(tmp, 'acme-logo.png');
    await writeFile(logoFile, solidPng(320, [124, 58, 237]));
    await page.getByTestId('logo-input').setInputFiles(logoFile);
    expect(await page.getByTestId('logo-file-name').textContent()).toBe('acme-logo.png');
    expect(await page.getByTestId('preview-logo').getAttribute('src')).toMatch(/^blob:/);
    await page.getByRole('button', { name: 'AI Chatbot Header Color' }).click();
    await shot(page, 'customization-picker');
    await page.keyboard.press('Escape');

    await page.getByRole('button', { name: 'Save Content' }).click();
    await expectToast(page, WIDGET_MESSAGES.themeSaved);
    await clearToasts(page);
    await page.reload();
    await expect
      .poll(() => page.getByRole('button', { name: /^Icon Color/ }).textContent())
      .toContain('#7C3AED');
    expect(
      await page.getByRole('button', { name: 'AI Chatbot Header Color' }).textContent(),
    ).toContain('rgba(17,24,39,1)');
    const saved = page.getByTestId('preview-logo');
    await expect.poll(() => saved.getAttribute('src')).toMatch(/^\/api\/public\/bots\/.+\/logo\//);
    await expect
      .poll(() => saved.evaluate((i: HTMLImageElement) => i.naturalWidth))
      .toBeGreaterThan(0);
    await shot(page, 'customization');
    expect(pageErrors).toEqual([]);
  });

  it('shows the training notice, then the snippet to copy, full-page and inline options', async () => {
    const { page } = desktop;
    // Hold the bot "in training": status calls say not complete and the socket cannot connect.
    await page.route('**/api/upload/status', async (route) => {
      const res = await route.fetch();
      const body = await res.json();
      body.response.processing_complete = false;
      await route.fulfill({ response: res, json: body });
    });
    await page.route('**/api/ai_chat_tool/**', (route) => route.abort());
    await page.goto('/status');
    for (const title of [
      'Add as a Messenger',
      'Share as Full Page Chat',
      'Add as Inline Chat',
      'Mobile App Embed',
      'Add Whats App',
    ]) {
      await expectVisible(page.getByRole('button', { name: title }));
    }
    await expectVisible(page.getByText(MESSAGES.trainingInProgress));
    expect(await page.getByRole('button', { name: 'Copy to clipboard' }).count()).toBe(0);
    await shot(page, 'status-training');

    // Training completes: the page's next status check shows the snippet.
    await page.unroute('**/api/upload/status');
    const script = page.getByTestId('embed-script');
    await script.waitFor({ timeout: 15_000 });
    await page.unroute('**/api/ai_chat_tool/**');
    const text = (await script.textContent()) ?? '';
    expect(text).toContain(`src="${server.url}/widget.js"`);
    expect(text).toContain(`data-botid="${bot.botId}"`);
    expect(text).toMatch(/data-id="[^"]+"/);
    await page.getByRole('button', { name: 'Copy to clipboard' }).click();
    await expectToast(page, MESSAGES.scriptCopied);
    snippet = await page.evaluate(() => navigator.clipboard.readText());
    expect(snippet).toBe(text);
    await clearToasts(page);
    await shot(page, 'status');

    await page.getByRole('button', { name: 'Share as Full Page Chat' }).click();
    const pageUrl = `${server.url}/c/${bot.botId}`;
    expect(await page.getByTestId('full-page-url').inputValue()).toBe(pageUrl);
    const hosted = await page.request.get(pageUrl);
    expect(hosted.status()).toBe(200);
    await page.getByRole('button', { name: 'Add as Inline Chat' }).click();
    const inline = (await page.getByTestId('inline-snippet').textContent()) ?? '';
    expect(inline).toContain('data-mode="inline"');
    expect(inline).toContain(`data-botid="${bot.botId}"`);
    await page.getByRole('button', { name: 'Mobile App Embed' }).click();
    expect(await page.getByTestId('mobile-url').inputValue()).toBe(pageUrl);
    await shot(page, 'status-mobile-app');
  });

  it('restricts the widget to allowed domains from /chatbot-settings', async () => {
    const { page } = desktop;
    await page.goto('/chatbot-settings');
    const input = page.getByLabel('Domain', { exact: true });
    await input.fill('javascript:alert(1)');
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    await expectVisible(page.getByText(WIDGET_MESSAGES.domainInvalid));
    await input.fill('https://shop.example.com/page');
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    expect(await page.getByTestId('allowed-domains').textContent()).toContain('shop.example.com');
    await page.getByRole('button', { name: 'Save Domains' }).click();
    await expectToast(page, WIDGET_MESSAGES.domainsSaved);
    await clearToasts(page);
    await shot(page, 'settings-allowed-domains');

    // The customer's page is not on the list: the widget gets no answers.
    const visitor = await desktop.context.newPage();
    await visitor.goto(hostUrl);
    await visitor.getByRole('button', { name: 'Open chat' }).click();
    const field = visitor.getByRole('textbox', { name: 'Send Message' });
    await field.fill('What does the warranty cover?');
    await field.press('Enter');
    await expect
      .poll(() => visitor.getByRole('dialog').innerText(), { timeout: 15_000 })
      .toContain(WIDGET_MESSAGES.originRefused);
    await visitor.close();

    // Allow the customer's origin (and remove the other one).
    await page.getByRole('button', { name: 'Remove shop.example.com' }).click();
    await input.fill(new URL(hostUrl).host);
    await input.press('Enter');
    await page.getByRole('button', { name: 'Save Domains' }).click();
    await expectToast(page, WIDGET_MESSAGES.domainsSaved);
  });

  it('sets the widget message budget in /chatbot-settings and shows when it was reached', async () => {
    const { page } = desktop;
    await page.goto('/chatbot-settings');
    const budget = page.getByLabel('Messages per minute');
    await expect.poll(() => budget.inputValue()).toMatch(/^\d+$/);
    await expectVisible(page.getByText('Not reached so far.'));
    await budget.fill('0');
    await page.getByRole('button', { name: 'Save Budget' }).click();
    await expectVisible(page.getByText(WIDGET_MESSAGES.budgetInvalid));
    await budget.fill('1');
    await page.getByRole('button', { name: 'Save Budget' }).click();
    await expectToast(page, WIDGET_MESSAGES.budgetSaved);
    await clearToasts(page);

    // Two questions in one minute go past a budget of one: the owner sees it was reached.
    // (Budgets count per clock minute: do not start right before it turns.)
    const left = 60_000 - (Date.now() % 60_000);
    if (left < 15_000) await page.waitForTimeout(left + 100);
    const visitor = await desktop.context.newPage();
    await visitor.goto(hostUrl);
    await visitor.getByRole('button', { name: 'Open chat' }).click();
    const field = visitor.getByRole('textbox', { name: 'Send Message' });
    const answers = async () =>
      ((await visitor.getByRole('dialog').textContent()) ?? '').split('two years').length - 1;
    const send = visitor.getByRole('button', { name: 'Send message' });
    for (const question of ['What does the warranty cover?', 'And the wheels?']) {
      const before = await answers();
      await field.fill(question);
      await field.press('Enter');
      await expect.poll(answers, { timeout: 20_000 }).toBeGreaterThan(before);
      // The answer's text is on screen before its turn ends; until it has, the widget takes no
      // new question (an Enter then sends nothing, and the budget is never reached).
      await expect.poll(() => send.isEnabled(), { timeout: 20_000 }).toBe(true);
    }
    await visitor.close();
    await page.reload();
    await expectVisible(page.getByText(/^Last reached: /));
    await page.getByRole('heading', { name: 'Widget message budget' }).scrollIntoViewIfNeeded();
    await shot(page, 'settings-widget-budget');
    await page.getByRole('button', { name: 'Use Default' }).click();
    await expectToast(page, WIDGET_MESSAGES.budgetSaved);
    expect(await page.getByRole('button', { name: 'Use Default' }).count()).toBe(0);
  });

  it('the snippet copied from /status works on another origin under a hostile stylesheet', async () => {
    const { context } = desktop;
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(hostUrl);
    const layout = () =>
      page.evaluate(() =>
        ['title', 'para'].map((id) => {
          const r = document.getElementById(id)?.getBoundingClientRect();
          return r ? [r.x, r.y, r.width, r.height] : null;
        }),
      );
    const before = await layout();
    const launcher = page.getByRole('button', { name: 'Open chat' });
    await launcher.waitFor();
    // The saved Icon Color and header colour reach the widget.
    expect(await launcher.evaluate((b) => getComputedStyle(b).backgroundColor)).toBe(
      'rgb(124, 58, 237)',
    );
    await launcher.click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    const logo = dialog.locator('img').first();
    await expect
      .poll(() => logo.evaluate((i: HTMLImageElement) => i.naturalWidth))
      .toBeGreaterThan(0);
    const field = page.getByRole('textbox', { name: 'Send Message' });
    await field.fill('What does the frame warranty cover?');
    await field.press('Enter');
    await expect.poll(() => dialog.innerText(), { timeout: 20_000 }).toContain('lifetime warranty');
    expect(await layout()).toEqual(before);
    await shot(page, 'embed-host-desktop');

    await page.reload();
    await page.getByRole('button', { name: 'Open chat' }).click();
    await expect
      .poll(() => page.getByRole('dialog').innerText(), { timeout: 10_000 })
      .toContain('lifetime warranty');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('lays out /customization and /status on a 390 px phone', async () => {
    const phone = await launchBrowser({
      baseURL: server.url,
      viewport: { width: 390, height: 844 },
    });
    try {
      const { page } = phone;
      await logIn(page, email, PASSWORD);
      await openBot(page, bot.botName);
      await page.goto('/customization');
      await expect
        .poll(() => page.getByRole('button', { name: /^Icon Color/ }).textContent())
        .toContain('#7C3AED');
      await expectNoSideScroll(page);
      await shot(page, 'customization-mobile');
      await page.getByRole('button', { name: 'User Message Color' }).click();
      await page
        .getByRole('dialog', { name: 'User Message Color picker' })
        .scrollIntoViewIfNeeded();
      await expectNoSideScroll(page);
      await shot(page, 'customization-picker-mobile');
      await page.goto('/status');
      await page.getByTestId('embed-script').waitFor();
      await expectNoSideScroll(page);
      await shot(page, 'status-mobile');
      await page.goto('/chatbot-settings');
      await page.getByTestId('allowed-domains').waitFor();
      await page.getByRole('heading', { name: 'Allowed domains' }).scrollIntoViewIfNeeded();
      await expectNoSideScroll(page);
      await shot(page, 'settings-allowed-domains-mobile');
      await page.getByRole('button', { name: 'Save Budget' }).scrollIntoViewIfNeeded();
      await expectNoSideScroll(page);
      await shot(page, 'settings-widget-budget-mobile');
      const mobileHost = await phone.context.newPage();
      await mobileHost.goto(hostUrl);
      await mobileHost.getByRole('button', { name: 'Open chat' }).click();
      await mobileHost.getByRole('dialog').waitFor();
      await shot(mobileHost, 'embed-host-mobile');
    } finally {
      await phone.close();
    }
  });
});
