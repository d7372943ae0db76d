import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { BOT_NAME_MESSAGES } from '@docent/shared';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import {
  FAKE_VIDEOS,
  type FakeYoutube,
  startFakeYoutube,
} from '../apps/server/test/helpers/fake-youtube.ts';
import { openBot, trainTextBot } from './chat.helpers.ts';
import { type Browser, launchBrowser } from './helpers/browser.ts';
import { openPhoneAs } from './helpers/phone.ts';
import { type RunningServer, startServer } from './helpers/server.ts';
import { clearToasts, expectPath, expectToast, expectVisible, screenshot } from './helpers/ui.ts';
import {
  addQuestion,
  addText,
  expectNoSideScroll,
  logIn,
  signUpAndLogIn,
  waitForTrainingToPreview,
} from './knowledge.helpers.ts';

const PASSWORD = 'Identity-Pass-42';

async function botNames(page: Page): Promise<string[]> {
  const res = await page.request.get('/api/dashboard/chat-bot-list');
  const body = (await res.json()) as { response: { bot_details: { bot_name: string }[] } };
  return body.response.bot_details.map((b) => b.bot_name).sort();
}

/** Issue 17 point 1: which bot a source goes into, its name, and renaming it. */
describe('bot identity', () => {
  let server: RunningServer;
  let browser: Browser;
  let youtube: FakeYoutube | null = null;
  let tmp: string;

  beforeAll(async () => {
    youtube = await startFakeYoutube();
    // The fake YouTube listens on 127.0.0.1, a private address the server refuses by default.
    server = await startServer(
      youtube ? { ALLOW_PRIVATE_NETWORK: 'true', YOUTUBE_BASE_URL: youtube.url } : {},
    );
    browser = await launchBrowser({ baseURL: server.url, viewport: { width: 1280, height: 900 } });
    tmp = await mkdtemp(path.join(os.tmpdir(), 'docent-identity-'));
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await youtube?.close();
    if (tmp) await rm(tmp, { recursive: true, force: true });
  });

  it('a source makes a new, named bot unless the owner picks one; the bot is renamed in settings', async () => {
    const { page } = browser;
    onTestFailed(async () => {
      await screenshot(page, 'identity-failure').catch(() => {});
    });
    await signUpAndLogIn(page, `identity.${Date.now()}@example.com`, PASSWORD);
    await trainTextBot(page, [{ title: 'Opening hours', content: 'We open at nine.' }]);
    // The last-opened bot: Continue used to add to it without a word.
    await openBot(page, 'Opening hours');

    await page.goto('/dashboard');
    await page.getByRole('button', { name: 'Continue with Text & Files' }).click();
    await expectPath(page, '/textupload');
    await expectVisible(page.getByRole('heading', { name: 'Creating a new chatbot' }));
    expect(await page.getByLabel('Chatbot', { exact: true }).inputValue()).toBe('');
    await page.getByLabel('Name', { exact: true }).fill('Acme Support');
    await clearToasts(page);
    await screenshot(page, 'identity-textupload');
    // The choice survives a reload and follows the owner to the listing.
    await page.reload();
    expect(await page.getByLabel('Name', { exact: true }).inputValue()).toBe('Acme Support');
    await addText(page, '/text-listing', 'Returns', 'Returns are accepted within thirty days.');
    expect(await page.getByLabel('Name', { exact: true }).inputValue()).toBe('Acme Support');
    await page.getByRole('button', { name: 'Train Contents' }).click();
    await waitForTrainingToPreview(page);
    expect(await botNames(page)).toEqual(['Acme Support', 'Opening hours']);
    expect(await page.evaluate(() => localStorage.getItem('bot_name'))).toBe('Acme Support');

    // An existing bot, chosen on the source's screen.
    await page.goto('/dashboard');
    await page.getByRole('button', { name: 'Continue with QA' }).click();
    await expectPath(page, '/question');
    await expectVisible(page.getByRole('heading', { name: 'Creating a new chatbot' }));
    await page.getByLabel('Chatbot', { exact: true }).selectOption({ label: 'Opening hours' });
    await expectVisible(page.getByRole('heading', { name: 'Adding to Opening hours' }));
    expect(await page.getByLabel('Name', { exact: true }).count()).toBe(0);
    await addQuestion(page, '/question-listing', 'Do you deliver?', 'Yes, within the city.');
    await expectVisible(page.getByRole('heading', { name: 'Adding to Opening hours' }));
    await clearToasts(page);
    await screenshot(page, 'identity-question-listing');
    await page.getByRole('button', { name: 'Train Contents' }).click();
    await waitForTrainingToPreview(page);
    expect(await botNames(page)).toEqual(['Acme Support', 'Opening hours']);
    expect(await page.evaluate(() => localStorage.getItem('bot_name'))).toBe('Opening hours');

    // Renaming in /chatbot-settings.
    await page.goto('/chatbot-settings');
    const name = page.getByLabel('Chatbot Name');
    await expectVisible(name);
    expect(await name.inputValue()).toBe('Opening hours');
    await name.fill('   ');
    await page.getByRole('button', { name: 'Save Settings' }).click();
    await expectVisible(page.getByText(BOT_NAME_MESSAGES.required));
    await name.fill('Hours & Deliveries');
    await page.getByRole('button', { name: 'Save Settings' }).click();
    await expectToast(page, 'Settings saved successfully');
    await expectVisible(page.getByRole('heading', { name: 'Hours & Deliveries', level: 1 }));
    expect(await botNames(page)).toEqual(['Acme Support', 'Hours & Deliveries']);
    await clearToasts(page);
    await screenshot(page, 'identity-settings');
    await page.goto('/dashboard');
    await expectVisible(page.getByRole('link', { name: 'Hours & Deliveries', exact: true }));

    const phone = await openPhoneAs(browser, server.url);
    try {
      await phone.page.goto('/textupload');
      await expectVisible(phone.page.getByRole('heading', { name: 'Creating a new chatbot' }));
      await expectNoSideScroll(phone.page);
      await screenshot(phone.page, 'identity-textupload-mobile');
      await phone.page.goto('/chatbot-settings');
      await expectVisible(phone.page.getByLabel('Chatbot Name'));
      await expectNoSideScroll(phone.page);
      await screenshot(phone.page, 'identity-settings-mobile');
    } finally {
      await phone.close();
    }
    expect(browser.pageErrors).toEqual([]);
  });

  it('every source screen says which bot it goes into; YouTube and CSV name their new bot', async () => {
    const { page } = browser;
    onTestFailed(async () => {
      await screenshot(page, 'identity-sources-failure').catch(() => {});
    });
    await signUpAndLogIn(page, `sources.${Date.now()}@example.com`, PASSWORD);
    await trainTextBot(page, [{ title: 'Opening hours', content: 'We open at nine.' }]);
    const picker = page.getByRole('combobox', { name: 'Chatbot', exact: true });
    const name = page.getByLabel('Name', { exact: true });

    // Website, sitemap, files (PDF and images), CSV and YouTube all carry the same choice.
    await page.goto('/crawl');
    await expectVisible(page.getByRole('heading', { name: 'Creating a new chatbot' }));
    await name.fill('Video desk');
    for (const screen of ['/sitemap', '/pdf-upload', '/question-file-upload', '/youtube']) {
      await page.goto(screen);
      await expectVisible(page.getByRole('heading', { name: 'Creating a new chatbot' }));
      expect(await name.inputValue(), screen).toBe('Video desk');
    }
    await picker.selectOption({ label: 'Opening hours' });
    for (const screen of ['/crawl', '/sitemap', '/pdf-upload', '/question-file-upload']) {
      await page.goto(screen);
      await expectVisible(page.getByRole('heading', { name: 'Adding to Opening hours' }));
      expect(await name.count(), screen).toBe(0);
    }
    await clearToasts(page);
    await screenshot(page, 'identity-csv-existing');

    if (youtube) {
      await page.goto('/youtube');
      await picker.selectOption({ label: 'New chatbot' });
      expect(await name.inputValue()).toBe('Video desk');
      await page
        .getByLabel('YouTube video URL')
        .fill(`https://youtu.be/${FAKE_VIDEOS.crashCourse}`);
      await page.getByRole('button', { name: 'Get Transcript' }).click();
      await page.locator('.md-line').first().waitFor({ timeout: 30_000 });
      await page.getByRole('button', { name: 'Continue' }).click();
      await expectVisible(page.getByRole('button', { name: 'Check status' }));
      // Not "Homunculus: Crash Course Psychology", the video's title.
      expect(await botNames(page)).toEqual(['Opening hours', 'Video desk']);
      // The screen goes on adding to the bot just made (the cached bot list did not have it yet).
      await expectVisible(page.getByRole('heading', { name: 'Adding to Video desk' }));
      await clearToasts(page);
      await screenshot(page, 'identity-youtube-trained');
    } else {
      process.stderr.write('[bot-identity] YouTube part skipped: fixtures absent\n');
    }

    // A CSV into a new, named bot.
    await page.goto('/question-file-upload');
    await picker.selectOption({ label: 'New chatbot' });
    await name.fill('CSV answers');
    const csv = path.join(tmp, 'faq.csv');
    await writeFile(
      csv,
      'question,answer\nWhere are you?,In Leeds.\nDo you open on Sundays?,No.\n',
    );
    await page.getByTestId('csv-input').setInputFiles(csv);
    await page.getByLabel('Question column').selectOption('question');
    await page.getByLabel('Answer column').selectOption('answer');
    await clearToasts(page);
    await screenshot(page, 'identity-csv-new');
    await page.getByRole('button', { name: 'Create QA' }).click();
    await waitForTrainingToPreview(page);
    expect(await botNames(page)).toEqual(
      youtube ? ['CSV answers', 'Opening hours', 'Video desk'] : ['CSV answers', 'Opening hours'],
    );

    const phone = await openPhoneAs(browser, server.url);
    try {
      for (const screen of ['/crawl', '/youtube', '/question-file-upload']) {
        await phone.page.goto(screen);
        await expectVisible(phone.page.getByRole('heading', { name: 'Creating a new chatbot' }));
        await expectNoSideScroll(phone.page);
      }
      await screenshot(phone.page, 'identity-csv-mobile');
    } finally {
      await phone.close();
    }
    expect(browser.pageErrors).toEqual([]);
  });

  it('keeps untrained texts and Q&A pairs per account and bot until trained or cancelled (point 2)', async () => {
    const { page } = browser;
    onTestFailed(async () => {
      await screenshot(page, 'drafts-failure').catch(() => {});
    });
    const email = `drafts.${Date.now()}@example.com`;
    await signUpAndLogIn(page, email, PASSWORD);
    await trainTextBot(page, [{ title: 'Store hours', content: 'We open at nine.' }]);
    const items = page.getByRole('list', { name: 'Generate Q&A' }).getByRole('listitem');

    await page.goto('/dashboard');
    await page.getByRole('button', { name: 'Continue with Text & Files' }).click();
    await addText(page, '/text-listing', 'Returns', 'Returns are accepted within thirty days.');
    await page.reload();
    await expectVisible(page.getByRole('heading', { name: 'Returns' }));
    await page.getByRole('button', { name: 'Add New' }).click();
    await addText(page, '/text-listing', 'Gift cards', 'Gift cards never expire.');
    await expect.poll(() => items.count()).toBe(2);

    // Per bot: the existing bot has a draft of its own (empty), the new bot's comes back.
    await page.getByLabel('Chatbot', { exact: true }).selectOption({ label: 'Store hours' });
    await expectVisible(page.getByText('No texts added yet'));
    await page.getByLabel('Chatbot', { exact: true }).selectOption({ label: 'New chatbot' });
    await expectVisible(page.getByRole('heading', { name: 'Gift cards' }));
    await expect.poll(() => items.count()).toBe(2);

    // Per account, and kept over a logout.
    await page.locator('.profile-trigger').click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await expectPath(page, '/login');
    await signUpAndLogIn(page, `other.${Date.now()}@example.com`, PASSWORD);
    await page.goto('/text-listing');
    await expectVisible(page.getByText('No texts added yet'));
    await page.locator('.profile-trigger').click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await expectPath(page, '/login');
    await logIn(page, email, PASSWORD);
    await page.goto('/text-listing');
    await expectVisible(page.getByRole('heading', { name: 'Gift cards' }));
    await expect.poll(() => items.count()).toBe(2);
    await clearToasts(page);
    await screenshot(page, 'drafts-text-listing');

    // Q&A: kept over a reload, gone once cancelled (after a confirmation).
    await page.goto('/question');
    await addQuestion(page, '/question-listing', 'Do you deliver?', 'Yes, within the city.');
    await page.reload();
    await expectVisible(page.getByRole('heading', { name: 'Do you deliver?' }));
    await page.getByRole('button', { name: 'Cancel' }).click();
    const dialog = page.getByRole('dialog', { name: 'Discard 1 Q&A?' });
    await expectVisible(dialog);
    await screenshot(page, 'drafts-discard');
    await dialog.getByRole('button', { name: 'Discard' }).click();
    await expectPath(page, '/question');
    await page.goto('/question-listing');
    await expectVisible(page.getByText('No Q&A pairs added yet'));

    // Trained: the texts' draft is done with.
    await page.goto('/text-listing');
    await page.getByRole('button', { name: 'Train Contents' }).click();
    await waitForTrainingToPreview(page);
    await page.goto('/text-listing');
    await page.reload();
    await expectVisible(page.getByText('No texts added yet'));
    expect(
      await page.evaluate(() =>
        Object.keys(localStorage).filter((k) => k.startsWith('docent.draft.')),
      ),
    ).toEqual([]);
    expect(browser.pageErrors).toEqual([]);
  });
});
