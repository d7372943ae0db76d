import { PLANS, planFeatures } from '@docent/shared';
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import { trainTextBot } from './chat.helpers.ts';
import { type Browser, launchBrowser } from './helpers/browser.ts';
import { openPhoneAs } from './helpers/phone.ts';
import { type RunningServer, startServer } from './helpers/server.ts';
import { clearToasts, expectPath, expectVisible, screenshot } from './helpers/ui.ts';
import { expectNoSideScroll, logIn, signUpAndLogIn } from './knowledge.helpers.ts';

const PASSWORD = 'First-Run-Pass-42';

/** Issue 17, as a new owner meets the product: honest plans (4) and where a signed-in user lands (5). */
describe('first run', () => {
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser({ baseURL: server.url, viewport: { width: 1280, height: 900 } });
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('shows one set of plans, the real plan and usage, and the real account holder (point 4)', async () => {
    const { page } = browser;
    onTestFailed(async () => {
      await screenshot(page, 'first-run-plans-failure').catch(() => {});
    });
    // The landing cards promise what the server allows.
    await page.goto('/');
    const silverCard = page.locator('.plan').filter({ hasText: 'Silver' });
    await expectVisible(silverCard.getByText(`${PLANS.silver.maxBots} AI chatbots`));
    expect(await silverCard.locator('.plan__features li').allTextContents()).toEqual(
      planFeatures(PLANS.silver).map((f) => ` ${f}`),
    );

    const email = `owner.${Date.now()}@example.com`;
    await signUpAndLogIn(page, email, PASSWORD);
    await expectPath(page, '/dashboard');

    // Point 5: a signed-in visitor to / goes to the dashboard.
    await page.goto('/');
    await expectPath(page, '/dashboard');

    await page.goto('/teamlisting');
    const rows = page.locator('tbody tr');
    await expectVisible(rows.first());
    await expect.poll(() => rows.count()).toBe(1);
    expect(await rows.first().textContent()).toContain(email);
    expect(await rows.first().textContent()).toContain('Priya Raman');

    await page.goto('/billing');
    const meter = page.getByRole('meter', { name: 'Chatbots' });
    await expectVisible(meter);
    expect(await meter.getAttribute('max')).toBe(String(PLANS.silver.maxBots));
    expect(await meter.getAttribute('value')).toBe('0');
    await expectVisible(page.getByRole('meter', { name: 'Messages this month' }));
    await expectVisible(page.getByText(`0 of ${PLANS.silver.maxBots.toLocaleString('en-US')}`));
    const current = page.locator('.plan--featured');
    await expect.poll(() => current.count()).toBe(1);
    expect(await current.locator('.plan__name').textContent()).toBe('Silver');
    await expectVisible(current.getByText('Current plan').first());
    await clearToasts(page);
    await screenshot(page, 'billing', true);

    await page.getByRole('button', { name: 'Choose plan: Gold' }).click();
    const dialog = page.getByRole('dialog', { name: 'Get in touch' });
    await expectVisible(dialog);
    expect(await dialog.locator('textarea').inputValue()).toContain('Gold package');
    await screenshot(page, 'billing-choose-plan');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });

    const phone = await openPhoneAs(browser, server.url);
    try {
      await phone.page.goto('/billing');
      await expectVisible(phone.page.getByRole('meter', { name: 'Chatbots' }));
      await expectNoSideScroll(phone.page);
      await screenshot(phone.page, 'billing-mobile', true);
    } finally {
      await phone.close();
    }
    expect(browser.pageErrors).toEqual([]);
  });

  it('opens the most recent bot in /chat after a fresh login (point 5)', async () => {
    const { page } = browser;
    onTestFailed(async () => {
      await screenshot(page, 'first-run-chat-failure').catch(() => {});
    });
    const email = `recent.${Date.now()}@example.com`;
    await signUpAndLogIn(page, email, PASSWORD);
    await trainTextBot(page, [{ title: 'Opening hours', content: 'We open at nine.' }]);
    const newest = await trainTextBot(page, [
      { title: 'Returns', content: 'Returns are accepted within thirty days.' },
    ]);

    await logIn(page, email, PASSWORD);
    await page.goto('/chat');
    await page.waitForFunction((id) => localStorage.getItem('bot_id') === id, newest.botId);
    await expectVisible(page.getByRole('heading', { name: newest.botName }));
    expect(await page.getByText('No chatbot selected').count()).toBe(0);
    await clearToasts(page);
    await screenshot(page, 'chat-after-login');
  });

  it('ticks "Embed & integrate" when the snippet is copied, not when training ends (point 3)', async () => {
    const { page, context } = browser;
    onTestFailed(async () => {
      await screenshot(page, 'first-run-embed-failure').catch(() => {});
    });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], {
      origin: server.url,
    });
    await signUpAndLogIn(page, `embed.${Date.now()}@example.com`, PASSWORD);
    const bot = await trainTextBot(page, [{ title: 'Hours', content: 'We open at nine.' }]);
    await page.evaluate(
      ({ id, name }) => {
        localStorage.setItem('bot_id', id);
        localStorage.setItem('bot_name', name);
      },
      { id: bot.botId, name: bot.botName },
    );
    const embedStep = page.locator('.qs-panel li').filter({ hasText: 'Embed & integrate' });

    await page.goto('/status');
    await page.getByRole('button', { name: 'Copy to clipboard' }).first().waitFor();
    await page.goto('/chat');
    await expectVisible(embedStep.getByLabel('Not done yet'));

    await page.goto('/status');
    await page.getByRole('button', { name: 'Copy to clipboard' }).first().click();
    await page.locator('.Toastify__toast--success').first().waitFor();
    await page.goto('/chat');
    await expectVisible(embedStep.getByLabel('Completed'));
    await clearToasts(page);
    await screenshot(page, 'chat-embed-ticked');
  });
});
