import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import Papa from 'papaparse';
import type { Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ask, openBot, trainTextBot, waitTrained } from './chat.helpers.ts';
import { expectNoAxeViolations } from './helpers/axe.ts';
import { type Browser, launchBrowser } from './helpers/browser.ts';
import { REPO_ROOT } from './helpers/paths.ts';
import { openPhoneAs } from './helpers/phone.ts';
import { type RunningServer, startServer } from './helpers/server.ts';
import { clearToasts, expectPath, expectToast, expectVisible } from './helpers/ui.ts';
import {
  analyticsTile,
  askWidget,
  openWidget,
  startHostPage,
  storedVotes,
} from './inbox.helpers.ts';
import { expectNoSideScroll, shot, signUpAndLogIn } from './knowledge.helpers.ts';

/**
 * Issue 14 acceptance 1: a visitor chats through the widget on a customer's page, rates an
 * answer and asks what the bot cannot answer; the owner reads it in the inbox and exports it.
 */
const PASSWORD = 'Inbox-Journey-42';
const KNOWN = 'What does the frame warranty cover?';
const UNKNOWN = 'Do you deliver to Iceland?';
const OWNER_QUESTION = 'How long are wheels covered?';
const NEW_ANSWER = 'Yes: we deliver to Iceland in 5 to 7 working days, for a flat 49 euros.';

describe('the inbox journey', () => {
  let server: RunningServer;
  let owner: Browser;
  let visitor: Browser;
  let host: Awaited<ReturnType<typeof startHostPage>>;
  let bot = { botId: '', botName: '' };

  beforeAll(async () => {
    for (const built of ['apps/widget/dist/widget.js', 'apps/web/dist/index.html']) {
      if (!existsSync(path.join(REPO_ROOT, built))) {
        throw new Error(`${built} is missing: run \`npm run build\` first`);
      }
    }
    server = await startServer();
    owner = await launchBrowser({ baseURL: server.url, viewport: { width: 1280, height: 900 } });
    visitor = await launchBrowser({ baseURL: server.url, viewport: { width: 1280, height: 800 } });
    host = await startHostPage(server.url, () => bot.botId);
    await signUpAndLogIn(owner.page, `inbox.${Date.now()}@example.com`, PASSWORD);
    bot = await trainTextBot(owner.page, [
      {
        title: 'Warranty',
        content:
          'Every Acme bike frame has a lifetime warranty against manufacturing defects. Wheels and brakes are covered for two years from the date of purchase.',
      },
    ]);
  });
  afterAll(async () => {
    await visitor?.close();
    await owner?.close();
    await host?.close();
    await server?.stop();
  });

  it('the inbox of a new bot says how conversations will arrive', async () => {
    const { page } = owner;
    await page.goto('/dashboard');
    const card = page.getByTestId('bot-card').filter({ hasText: bot.botName });
    await card.getByRole('link', { name: 'Inbox' }).click();
    await expectPath(page, '/inbox');
    await expectVisible(page.getByText('No conversations yet'));
    await shot(page, 'inbox-empty-desktop');
    // A failed load says so and offers another try.
    await page.route('**/api/inbox/conversations?*', (route) =>
      route.fulfill({ status: 500, json: { hasError: true, message: 'Database unavailable' } }),
    );
    await page.getByLabel('Channel').selectOption('widget');
    await expectVisible(page.getByText('Database unavailable'));
    await shot(page, 'inbox-error-desktop');
    await expectNoAxeViolations(page, 'inbox load error');
    await page.unroute('**/api/inbox/conversations?*');
    await page.getByRole('button', { name: 'Try again' }).click();
    await expectVisible(page.getByText('No conversations match these filters'));
  });

  it('a visitor chats in the widget and asks what the bot cannot answer', async () => {
    const { page, pageErrors } = visitor;
    const dialog = await openWidget(page, host.url);
    const known = await askWidget(page, KNOWN);
    expect(await known.locator('.b').innerText()).toContain('lifetime warranty');
    const unknown = await askWidget(page, UNKNOWN);
    expect(await unknown.locator('.b').innerText()).toContain("I don't know");
    await expectVisible(dialog.getByText(UNKNOWN));
    // One vote per answer, changeable: Helpful, then Not helpful; nothing moves.
    const up = known.getByRole('button', { name: 'Helpful', exact: true });
    const down = known.getByRole('button', { name: 'Not helpful' });
    expect(await up.getAttribute('aria-pressed')).toBe('false');
    const box = await known.boundingBox();
    await up.click();
    expect(await up.getAttribute('aria-pressed')).toBe('true');
    await down.click();
    expect(await down.getAttribute('aria-pressed')).toBe('true');
    expect(await up.getAttribute('aria-pressed')).toBe('false');
    expect(await known.boundingBox()).toEqual(box);
    await expect.poll(() => storedVotes(owner.page, bot.botId)).toEqual(['down', null]);
    // The vote comes back with the conversation after a reload.
    await page.reload();
    await page.getByRole('button', { name: 'Open chat' }).click();
    const restored = dialog.getByRole('button', { name: 'Not helpful' }).first();
    await expect.poll(() => restored.getAttribute('aria-pressed')).toBe('true');
    await expect.poll(() => dialog.getByRole('button', { name: 'Not helpful' }).count()).toBe(2);
    await shot(page, 'inbox-journey-widget-desktop');
    expect(pageErrors).toEqual([]);
  });

  it('the owner rates an answer of the dashboard chat and changes the vote', async () => {
    const { page, pageErrors } = owner;
    await openBot(page, bot.botName);
    await page.goto('/chat');
    const feedbackRequests: Request[] = [];
    const sent = (r: Request) => {
      if (new URL(r.url()).pathname === '/api/ai/feedback') feedbackRequests.push(r);
    };
    page.on('request', sent);
    const { turn, answer } = await ask(page, OWNER_QUESTION);
    expect(answer).toContain('two years');
    const votes = turn.getByRole('group', { name: 'Rate this answer' });
    const up = votes.getByRole('button', { name: 'Helpful', exact: true });
    const down = votes.getByRole('button', { name: 'Not helpful' });
    expect(await up.getAttribute('aria-pressed')).toBe('false');
    const box = await votes.boundingBox();
    await up.click();
    await expect.poll(() => up.getAttribute('aria-pressed')).toBe('true');
    await down.click();
    await expect.poll(() => down.getAttribute('aria-pressed')).toBe('true');
    expect(await up.getAttribute('aria-pressed')).toBe('false');
    expect((await votes.boundingBox())?.height).toBe(box?.height);
    await shot(page, 'inbox-journey-chat-vote-desktop');
    await expectNoAxeViolations(page, '/chat with a vote');
    // Taken back, then thumbs up for good: the inbox shows the last vote. The button shows a
    // vote at once and saves it after the saves before it (latestSave), so the page is left
    // only once the last vote is saved: a save requested after the last press can only be it.
    await down.click();
    await expect.poll(() => down.getAttribute('aria-pressed')).toBe('false');
    const saved: string[] = [];
    const sentBefore = feedbackRequests.length;
    const finished = (r: Request) => {
      if (feedbackRequests.indexOf(r) >= sentBefore) saved.push(String(r.postDataJSON()?.rating));
    };
    page.on('requestfinished', finished);
    await up.click();
    await expect.poll(() => up.getAttribute('aria-pressed')).toBe('true');
    await expect.poll(() => saved).toEqual(['up']);
    page.off('request', sent);
    page.off('requestfinished', finished);
    expect(pageErrors).toEqual([]);
  });

  it('the inbox lists the conversation with its feedback, filters it and opens it', async () => {
    const { page, pageErrors } = owner;
    await page.goto('/dashboard');
    const card = page.getByTestId('bot-card').filter({ hasText: bot.botName });
    // Resolved: the owner's preview (answered, thumbs up), not the visitor's (unanswered turn).
    await expect.poll(() => card.getByTestId('bot-resolutions').textContent()).toBe('1');
    await card.getByRole('link', { name: 'Inbox' }).click();
    await expectPath(page, '/inbox');
    const rows = page.getByTestId('inbox-row');
    await expect.poll(() => rows.count()).toBe(2);
    // Newest first: the owner's preview, then the visitor's widget chat.
    expect(await rows.nth(0).innerText()).toContain(OWNER_QUESTION);
    expect(await rows.nth(0).innerText()).toContain('Dashboard preview');
    await expect.poll(() => rows.nth(0).getByText('Thumbs up:').count()).toBe(1);
    const row = rows.nth(1);
    expect(await row.innerText()).toContain(KNOWN);
    expect(await row.innerText()).toContain('Website widget');
    expect(await row.innerText()).toContain('1 unanswered');
    await expect.poll(() => row.getByText('Thumbs down:').count()).toBe(1);
    await shot(page, 'inbox-list-desktop');
    await expectNoAxeViolations(page, 'inbox list');

    // Filters: thumbs up finds nothing, thumbs down and unanswered find it; the search too.
    await page.getByLabel('Channel').selectOption('widget');
    await page.getByLabel('Feedback').selectOption('up');
    await expectVisible(page.getByText('No conversations match these filters'));
    await shot(page, 'inbox-empty-filtered-desktop');
    await expectNoAxeViolations(page, 'inbox, no match');
    await page.getByLabel('Feedback').selectOption('down');
    await expect.poll(() => rows.count()).toBe(1);
    await page.getByLabel('Unanswered only').check();
    await expectVisible(page.getByTestId('inbox-row'));
    expect(new URL(page.url()).search).toContain('feedback=down');
    await page.getByLabel('Search conversations').fill('Iceland');
    await page.getByLabel('Search conversations').press('Enter');
    await expectVisible(page.getByTestId('inbox-row'));
    await page.getByLabel('Search conversations').fill('scooters');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expectVisible(page.getByText('No conversations match these filters'));
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await expect.poll(() => rows.count()).toBe(2);

    // Open it with the keyboard: every turn with its sources and feedback.
    await rows.nth(1).focus();
    await page.keyboard.press('Enter');
    const turns = page.getByTestId('inbox-turn');
    await expect.poll(() => turns.count()).toBe(2);
    expect(await turns.nth(0).innerText()).toContain('lifetime warranty');
    expect(await turns.nth(0).getByTestId('turn-feedback').innerText()).toBe('Not helpful');
    await expectVisible(turns.nth(0).getByText('Warranty'));
    expect(await turns.nth(1).innerText()).toContain('Unanswered');
    await shot(page, 'inbox-detail-desktop');
    await expectNoAxeViolations(page, 'inbox conversation');
    await page.getByRole('link', { name: 'All conversations' }).click();
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid')))
      .toBe('inbox-row');
    expect(pageErrors).toEqual([]);
  });

  it('exports the conversations as CSV with the expected rows', async () => {
    const { page } = owner;
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^conversations-.*\.csv$/);
    const file = await download.path();
    const rows = Papa.parse<Record<string, string>>(await readFile(file, 'utf8'), {
      header: true,
      skipEmptyLines: true,
    }).data;
    expect(rows.map((r) => r.question)).toEqual(expect.arrayContaining([KNOWN, UNKNOWN]));
    const known = rows.find((r) => r.question === KNOWN);
    expect(known).toMatchObject({ channel: 'widget', answered: 'yes', feedback: 'down' });
    expect(known?.answer).toContain('lifetime warranty');
    expect(rows.find((r) => r.question === UNKNOWN)).toMatchObject({ answered: 'no' });
    expect(rows.find((r) => r.question === OWNER_QUESTION)).toMatchObject({
      channel: 'dashboard',
      feedback: 'up',
    });
  });

  it('analytics shows the counts and the gap; Add answer trains it', async () => {
    const { page, pageErrors } = owner;
    await page.goto(`/chatbot-analytics?bot=${bot.botId}&days=7`);
    // Widget (2 questions, 1 unanswered, 1 down) + the owner's preview (1 question, 1 up).
    await expect.poll(() => analyticsTile(page, 'Conversations')).toBe('2 | 3 messages');
    expect(await analyticsTile(page, 'Unanswered')).toMatch(/^1 \|/);
    expect(await analyticsTile(page, 'Resolutions')).toMatch(/^1 \|/);
    expect(await analyticsTile(page, 'Thumbs up')).toContain('1 up · 1 down');
    await shot(page, 'inbox-journey-analytics-desktop');

    await page.getByRole('tab', { name: /Knowledge gaps/ }).click();
    const gap = page.getByTestId('gap').filter({ hasText: UNKNOWN });
    await expectVisible(gap);
    expect(await gap.textContent()).toContain('1 unanswered');
    await shot(page, 'inbox-journey-gaps-desktop');
    await page.getByRole('button', { name: `Add answer: ${UNKNOWN}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Add an answer' });
    expect(await dialog.getByLabel('Question').inputValue()).toBe(UNKNOWN);
    await dialog.getByLabel('Answer').fill(NEW_ANSWER);
    await dialog.getByRole('button', { name: 'Save and train' }).click();
    await expectToast(page, 'Answer added; the bot is learning it now');
    await expect.poll(() => gap.count()).toBe(0);
    await clearToasts(page);
    await waitTrained(page, bot.botId);
    expect(pageErrors).toEqual([]);
  });

  it('looks finished on a 390 px phone', async () => {
    const phone = await openPhoneAs(owner, server.url);
    try {
      const { page } = phone;
      await page.goto('/inbox');
      await expectVisible(page.getByTestId('inbox-row'));
      await expectNoSideScroll(page);
      await shot(page, 'inbox-list-mobile');
      await page.getByTestId('inbox-row').filter({ hasText: KNOWN }).click();
      await expect.poll(() => page.getByTestId('inbox-turn').count()).toBe(2);
      await expectNoSideScroll(page);
      await shot(page, 'inbox-detail-mobile');
      await expectNoAxeViolations(page, 'inbox conversation @390');
      await page.goto(`/chatbot-analytics?bot=${bot.botId}&days=7`);
      await expect.poll(() => analyticsTile(page, 'Conversations')).toBe('2 | 3 messages');
      await expectNoSideScroll(page);
      await shot(page, 'inbox-journey-analytics-mobile');
    } finally {
      await phone.close();
    }
  });

  it('asking again in the widget returns the new answer; the votes fit a 390 px phone', async () => {
    const phone = await launchBrowser({
      baseURL: server.url,
      viewport: { width: 390, height: 844 },
    });
    try {
      const dialog = await openWidget(phone.page, host.url);
      // The next visitor asking the gap's question gets the owner's answer.
      const answer = await askWidget(phone.page, UNKNOWN);
      expect(await answer.locator('.b').textContent()).toContain('Iceland in 5 to 7 working days');
      await answer.getByRole('button', { name: 'Helpful', exact: true }).click();
      await expect.poll(() => storedVotes(owner.page, bot.botId)).toEqual(['up']);
      expect(await dialog.boundingBox()).toEqual({ x: 0, y: 0, width: 390, height: 844 });
      await shot(phone.page, 'inbox-journey-widget-mobile');
    } finally {
      await phone.close();
    }
  });
});
