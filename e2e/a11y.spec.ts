import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AxeLedger, appRoutes } from './a11y.helpers.ts';
import { ask, openBot, trainTextBot } from './chat.helpers.ts';
import { axeFindings } from './helpers/axe.ts';
import { type Browser, launchBrowser } from './helpers/browser.ts';
import { openPhoneAs } from './helpers/phone.ts';
import { type RunningServer, startServer } from './helpers/server.ts';
import { clearToasts } from './helpers/ui.ts';
import { shot, signUpAndLogIn } from './knowledge.helpers.ts';

const PASSWORD = 'Axe-Audit-Pass-7';

/** Two classic failures: white on the old brand green, and a name that hides the visible label. */
const BAD_FIXTURE = `<!doctype html><html lang="en"><head><title>Bad fixture</title></head>
<body><main><h1>Fixture</h1>
<button style="background:#0e9553;color:#fff;font-size:14px;border:0;padding:8px">Save Content</button>
<a href="#history" aria-label="Past conversations">History</a>
</main></body></html>`;

/**
 * Issue 17's accessibility guard: axe-core (WCAG 2.0–2.2 A/AA and best practices) finds nothing on
 * any page of the web app, signed out and signed in, at 1280 px and on a 390 px phone, nor in the
 * states a person opens (profile menu, colour picker, contact popup, a chat turn). The page list
 * is read from the router, so new pages are audited as soon as they are routed.
 */
describe('accessibility (axe-core)', () => {
  let server: RunningServer;
  let desktop: Browser;
  let phone: Browser | undefined;
  const routes = appRoutes();

  beforeAll(async () => {
    server = await startServer();
    desktop = await launchBrowser({ baseURL: server.url, viewport: { width: 1280, height: 900 } });
  });
  afterAll(async () => {
    await phone?.close();
    await desktop?.close();
    await server?.stop();
  });

  it('reports a deliberately inaccessible page (the check can fail)', async () => {
    const { page } = desktop;
    await page.setContent(BAD_FIXTURE);
    const rules = (await axeFindings(page)).map((f) => f.rule).sort();
    expect(rules).toEqual(['color-contrast', 'label-content-name-mismatch']);
    const ledger = new AxeLedger();
    await ledger.audit(page, 'fixture');
    expect(ledger.report()).toMatch(/1 of 1 views fail axe:[\s\S]*color-contrast.*3\.8/);
  });

  it('signed-out pages pass at 1280 and 390 px', async () => {
    expect(routes.signedOut).toEqual(expect.arrayContaining(['/', '/login', '/signup']));
    const small = await launchBrowser({
      baseURL: server.url,
      viewport: { width: 390, height: 844 },
    });
    const ledger = new AxeLedger();
    try {
      for (const [browser, suffix] of [
        [desktop, ''],
        [small, ' @390'],
      ] as const) {
        for (const route of routes.signedOut) await ledger.visit(browser.page, route, suffix);
        await openContactPopup(browser.page);
        await ledger.audit(browser.page, `contact popup${suffix}`);
      }
    } finally {
      await small.close();
    }
    expect(ledger.failures, ledger.report()).toEqual([]);
  }, 240_000);

  it('signed-in pages pass at 1280 px, with a trained bot, a chat turn and open menus', async () => {
    expect(routes.signedIn.length).toBeGreaterThanOrEqual(36);
    const { page, pageErrors } = desktop;
    await signUpAndLogIn(page, `axe.${Date.now()}@example.com`, PASSWORD);
    const bot = await trainTextBot(page, [
      {
        title: 'Returns',
        content: 'Unworn shoes can be returned within 30 days for a full refund.',
      },
    ]);
    await openBot(page, bot.botName);
    await page.goto('/chat');
    await ask(page, 'Can I return unworn shoes?');
    await clearToasts(page);
    const ledger = new AxeLedger();
    await ledger.audit(page, '/chat with an answer');
    for (const route of routes.signedIn) await ledger.visit(page, route);
    await auditOpenStates(page, ledger, '');
    await auditInbox(page, ledger, '');
    expect(ledger.failures, ledger.report()).toEqual([]);
    expect(pageErrors).toEqual([]);
  }, 300_000);

  it('/customization warns, politely, about a colour pair below WCAG AA', async () => {
    const { page } = desktop;
    await page.goto('/customization');
    const warning = page.getByTestId('contrast-warning');
    const live = warning.getByRole('status');
    // The spec's default send icon (#2EC16E) on the white message box is 2.3:1; icons need 3:1.
    await expect.poll(() => live.textContent()).toContain('Send Icon Color');
    expect(await warning.textContent()).toContain('Send icon on the white message box: 2.3:1');
    await setHex(page, /^Send Icon Color/, '#0A7D45');
    await expect.poll(() => live.textContent()).toBe('');
    expect(await warning.locator('li').count()).toBe(0);
    // A mid grey bubble: neither dark nor white text reaches 4.5:1.
    await setHex(page, /^User Message Color/, '#808080');
    await expect.poll(() => live.textContent()).toContain('User Message Color');
    expect(await warning.textContent()).toContain(
      'Text on the user message colour: 3.9:1, needs 4.5:1',
    );
    await ledger(page, 'customization with a contrast warning');
    await shot(page, 'customization-contrast-warning');
    await expectWholeColourValues(page);
    await setHex(page, /^User Message Color/, '#27C774');
    await expect.poll(() => live.textContent()).toBe('');
  });

  it('signed-in pages pass on a 390 px phone, side menu open too', async () => {
    phone = await openPhoneAs(desktop, server.url);
    const { page } = phone;
    const ledger = new AxeLedger();
    for (const route of routes.signedIn) await ledger.visit(page, route, ' @390');
    await page.goto('/dashboard');
    await page.getByRole('button', { name: 'Open menu' }).click();
    await ledger.audit(page, 'side menu drawer @390');
    await auditOpenStates(page, ledger, ' @390');
    await auditInbox(page, ledger, ' @390');
    expect(ledger.failures, ledger.report()).toEqual([]);
    // Issue 17 item 8: every colour value reads whole on a phone.
    await page.goto('/customization');
    await expectWholeColourValues(page);
    await shot(page, 'customization-colours-mobile');
  }, 300_000);
});

async function ledger(page: Page, where: string): Promise<void> {
  const audit = new AxeLedger();
  await audit.audit(page, where);
  expect(audit.failures, audit.report()).toEqual([]);
}

/** Types a colour into a field's picker and closes it. */
async function setHex(page: Page, field: RegExp, value: string): Promise<void> {
  await page.getByRole('button', { name: field }).click();
  await page
    .getByRole('dialog', { name: /picker$/ })
    .getByLabel('Hex')
    .fill(value);
  await page.keyboard.press('Escape');
}

/** No colour value on /customization is cut short (an ellipsis hid most of rgba(…) before). */
async function expectWholeColourValues(page: Page): Promise<void> {
  const values = page.locator('.color-field__value');
  await expect.poll(() => values.count()).toBe(5);
  for (const value of await values.all()) {
    const clipped = await value.evaluate((e) => e.scrollWidth > e.clientWidth);
    expect(clipped, (await value.textContent()) ?? '').toBe(false);
  }
}

async function openContactPopup(page: Page): Promise<void> {
  await page.goto('/');
  await page.getByRole('button', { name: 'Get Contact' }).click();
  await page.getByRole('dialog').waitFor();
}

/** The Inbox's states beyond its list: one conversation open, and filters matching nothing. */
async function auditInbox(page: Page, ledger: AxeLedger, suffix: string): Promise<void> {
  await page.goto('/inbox');
  await page.getByTestId('inbox-row').first().click();
  await page.getByTestId('inbox-turn').first().waitFor();
  await ledger.audit(page, `inbox conversation${suffix}`);
  await page.goto('/inbox?feedback=up');
  await page.getByText('No conversations match these filters').waitFor();
  await ledger.audit(page, `inbox, no match${suffix}`);
}

/** The profile menu and an open colour picker (the two overlays of the signed-in shell). */
async function auditOpenStates(page: Page, ledger: AxeLedger, suffix: string): Promise<void> {
  await page.goto('/dashboard');
  await page.getByRole('button', { name: 'Open profile menu' }).click();
  await page.getByRole('menuitem', { name: 'Your Profile' }).waitFor();
  await ledger.audit(page, `profile menu${suffix}`);
  await page.keyboard.press('Escape');
  await page.goto('/customization');
  await page.getByRole('button', { name: /^User Message Color/ }).click();
  await page.getByRole('dialog', { name: 'User Message Color picker' }).waitFor();
  await ledger.audit(page, `colour picker${suffix}`);
}
