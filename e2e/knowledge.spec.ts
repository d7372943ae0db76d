import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { KNOWLEDGE_MESSAGES, MESSAGES } from '@docent/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Browser, launchBrowser } from './helpers/browser.ts';
import { type RunningServer, startServer } from './helpers/server.ts';
import { clearToasts, expectPath, expectToast, expectVisible } from './helpers/ui.ts';
import {
  addQuestion,
  addText,
  COVID_CSV,
  charsOf,
  csvColumnChars,
  expectNoSideScroll,
  footerCount,
  hasCovidCsv,
  shot,
  signUpAndLogIn,
  waitForTrainingToPreview,
} from './knowledge.helpers.ts';

/**
 * Acceptance 1 of issue 3: a new user trains a bot on texts (one imported from a .txt file),
 * then on Q&A pairs typed by hand and imported from a real CSV, checks the dashboard card and
 * the trained items, deletes an item and the bot. Screens are photographed on the way.
 */
describe('knowledge journey', () => {
  let server: RunningServer;
  let browser: Browser;
  let tmp: string;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser({ baseURL: server.url });
    tmp = await mkdtemp(path.join(os.tmpdir(), 'docent-kb-'));
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    if (tmp) await rm(tmp, { recursive: true, force: true });
  });

  it('trains texts, Q&A and a CSV, reviews the bot, deletes an item and the bot', async () => {
    const { page } = browser;
    await signUpAndLogIn(page, `kb.${Date.now()}@example.com`, 'Knowledge-Pass-42');
    await expectPath(page, '/dashboard');

    // --- Text & Files -------------------------------------------------------------------
    await page.getByRole('button', { name: 'Continue with Text & Files' }).click();
    await expectPath(page, '/textupload');
    await page.getByRole('button', { name: 'Add Content' }).click();
    await expectVisible(page.getByText(MESSAGES.enterTitle));
    await page.getByLabel('Title', { exact: true }).fill('Opening hours');
    await page.getByRole('button', { name: 'Add Content' }).click();
    await expectVisible(page.getByText(MESSAGES.enterTextContent));
    await shot(page, 'kb-textupload-errors');

    const texts = [
      { title: 'Opening hours', content: 'Our shop opens 9:00 to 18:00, Monday to Saturday.' },
      { title: 'Delivery', content: 'We deliver across the country within three working days.' },
    ];
    await page.getByLabel('Content', { exact: true }).fill(texts[0]!.content);
    await page.getByRole('button', { name: 'Add Content' }).click();
    await expectPath(page, '/text-listing');
    await page.getByRole('button', { name: 'Add New' }).click();
    await expectPath(page, '/textupload');
    await addText(page, '/text-listing', texts[1]!.title, texts[1]!.content);

    // The third text comes from a .txt file on disk; its name becomes the title.
    const txtContent =
      'Returns are free within 30 days of purchase.\nKeep the receipt and the original box.';
    const txtFile = path.join(tmp, 'Returns policy.txt');
    await writeFile(txtFile, `${txtContent}\n`);
    await page.getByRole('button', { name: 'Add New' }).click();
    await page.getByTestId('txt-input').setInputFiles(txtFile);
    await page.waitForFunction(
      () => (document.querySelector('input[name="title"]') as HTMLInputElement)?.value !== '',
    );
    expect(await page.getByLabel('Title', { exact: true }).inputValue()).toBe('Returns policy');
    expect(await page.getByLabel('Content', { exact: true }).inputValue()).toBe(`${txtContent}\n`);
    await shot(page, 'kb-textupload');
    await page.getByRole('button', { name: 'Add Content' }).click();
    await expectPath(page, '/text-listing');
    texts.push({ title: 'Returns policy', content: txtContent });
    const listItems = page.getByRole('list', { name: 'Generate Q&A' }).getByRole('listitem');
    await expect.poll(() => listItems.count()).toBe(3);
    expect(await footerCount(page)).toBe(charsOf(texts));

    // Edit the second text through its index, then delete the first.
    await page.getByRole('button', { name: 'Edit text Delivery' }).click();
    await expectPath(page, '/textupload');
    expect(await page.getByLabel('Title', { exact: true }).inputValue()).toBe('Delivery');
    texts[1] = { title: 'Delivery times', content: 'Orders arrive within two working days.' };
    await addText(page, '/text-listing', texts[1].title, texts[1].content);
    await expect.poll(() => listItems.count()).toBe(3);
    await expectVisible(page.getByRole('heading', { name: 'Delivery times' }));
    await page.getByRole('button', { name: 'Delete text Opening hours' }).click();
    texts.shift();
    await expect.poll(() => listItems.count()).toBe(2);
    expect(await footerCount(page)).toBe(charsOf(texts));
    await shot(page, 'kb-text-listing');

    await page.getByRole('button', { name: 'Train Contents' }).click();
    await page
      .getByRole('dialog')
      .waitFor({ timeout: 5_000 })
      .then(() => shot(page, 'kb-training-dialog'))
      .catch(() => undefined);
    await waitForTrainingToPreview(page);
    const botId = await page.evaluate(() => localStorage.getItem('bot_id'));
    const botName = await page.evaluate(() => localStorage.getItem('bot_name'));
    expect(botId).toBeTruthy();
    expect(botName).toBeTruthy();

    // An empty text list says so instead of training.
    await page.goto('/text-listing');
    await page.getByRole('button', { name: 'Train Contents' }).click();
    await expectVisible(page.getByText(MESSAGES.noContentToTrain));

    // --- Q&A by hand ---------------------------------------------------------------------
    await page.goto('/dashboard');
    await page.getByRole('button', { name: 'Continue with QA' }).click();
    await expectPath(page, '/question');
    // Continue starts a new chatbot unless the owner picks theirs (issue 17): pick it.
    await page.getByLabel('Chatbot', { exact: true }).selectOption({ label: botName! });
    await page.getByRole('button', { name: 'Save Content' }).click();
    await expectVisible(page.getByText(MESSAGES.addQuestionAnswer));
    await shot(page, 'kb-question-errors');
    const pairs = [
      { title: 'Do you ship abroad', content: 'Yes, to every country in the European Union.' },
      { title: 'Can I pay by card?', content: 'We accept Visa, Mastercard and American Express.' },
    ];
    await addQuestion(page, '/question-listing', pairs[0]!.title, pairs[0]!.content);
    await page.getByRole('button', { name: 'Add New' }).click();
    await addQuestion(page, '/question-listing', pairs[1]!.title, pairs[1]!.content);
    // Titles read as questions: a mark is added only where the user typed none.
    await expectVisible(page.getByRole('heading', { name: 'Do you ship abroad?' }));
    await expectVisible(page.getByRole('heading', { name: 'Can I pay by card?', exact: true }));
    await page.getByRole('button', { name: 'Edit Q&A Do you ship abroad?' }).click();
    await expectPath(page, '/question');
    pairs[0] = { title: 'Do you ship abroad', content: 'Yes, to the EU, the UK and Norway.' };
    await addQuestion(page, '/question-listing', pairs[0].title, pairs[0].content);
    expect(await footerCount(page)).toBe(charsOf(pairs));
    await shot(page, 'kb-question-listing');
    await page.getByRole('button', { name: 'Train Contents' }).click();
    await waitForTrainingToPreview(page);
    expect(await page.evaluate(() => localStorage.getItem('bot_id'))).toBe(botId);

    await page.goto('/question-listing');
    await page.getByRole('button', { name: 'Train Contents' }).click();
    await expectVisible(page.getByText(MESSAGES.noQaToTrain));

    // The card counts exactly what was typed (the server recomputes the same figure).
    const typedChars = charsOf(texts) + charsOf(pairs);
    await page.goto('/dashboard');
    expect(await cardChars(page)).toBe(typedChars);

    // --- Q&A from a CSV file -------------------------------------------------------------
    let csvChars = 0;
    if (!hasCovidCsv) {
      process.stderr.write(`NOTICE: ${COVID_CSV} is absent; the CSV import part was skipped\n`);
    } else {
      await page.goto('/question');
      await page.getByRole('link', { name: 'Import .CSV' }).click();
      await expectPath(page, '/question-file-upload');
      await page.getByRole('button', { name: 'Create QA' }).click();
      await expectVisible(page.getByText(MESSAGES.selectFile));
      await shot(page, 'kb-csv-upload-empty');
      const emptyCsv = path.join(tmp, 'empty.csv');
      await writeFile(emptyCsv, 'question,answer\n\n\n');
      await page.getByTestId('csv-input').setInputFiles(emptyCsv);
      await expectVisible(page.getByText(MESSAGES.csvEmpty));

      await page.getByTestId('csv-input').setInputFiles(COVID_CSV);
      await expectVisible(page.getByText('213 rows'));
      const questionSelect = page.getByLabel('Question column');
      const firstOption = questionSelect.locator('option').first();
      expect(await firstOption.textContent()).toBe('Select an option');
      const headers = await questionSelect.locator('option').allTextContents();
      expect(headers.slice(1, 3)).toEqual(['question', 'answer']);
      await page.getByRole('button', { name: 'Create QA' }).click();
      await expectVisible(page.getByText(MESSAGES.csvSelectColumns));
      await questionSelect.selectOption('question');
      const expected = await csvColumnChars(COVID_CSV, 'question', 'answer');
      expect(expected.rows).toBe(213);
      await page.getByLabel('Answer column').selectOption('answer');
      expect(await footerCount(page)).toBe(expected.total);
      await shot(page, 'kb-csv-upload');

      // A new file resets the columns and the count.
      await page.getByRole('button', { name: 'Remove file' }).click();
      expect(await footerCount(page)).toBe(0);
      await page.getByTestId('csv-input').setInputFiles(COVID_CSV);
      expect(await page.getByLabel('Question column').inputValue()).toBe('');
      await page.getByLabel('Question column').selectOption('question');
      await page.getByLabel('Answer column').selectOption('answer');
      expect(await footerCount(page)).toBe(expected.total);
      csvChars = expected.trained;
      await page.getByRole('button', { name: 'Create QA' }).click();
      await waitForTrainingToPreview(page);
      expect(await page.evaluate(() => localStorage.getItem('bot_id'))).toBe(botId);
    }

    // --- Dashboard card ------------------------------------------------------------------
    await page.goto('/dashboard');
    const card = page.getByTestId('bot-card');
    await card.first().waitFor();
    await expect.poll(() => card.count()).toBe(1);
    await expectVisible(card.getByRole('link', { name: botName! }));
    expect(await card.getByTestId('bot-messages').textContent()).toBe('0');
    expect(await card.getByTestId('bot-conversations').textContent()).toBe('0');
    expect(await card.getByTestId('bot-resolutions').textContent()).toBe('0');
    // With the CSV the server's own count (trimmed, normalised, one entry per question) rules.
    const listed = await page.request.get('/api/dashboard/chat-bot-list');
    const apiTotal = (
      (await listed.json()) as { response: { bot_details: { total_chars: number }[] } }
    ).response.bot_details[0]!.total_chars;
    const totalChars = await cardChars(page);
    expect(totalChars).toBe(apiTotal);
    if (hasCovidCsv) expect(totalChars).toBeGreaterThan(typedChars + csvChars * 0.95);
    else expect(totalChars).toBe(typedChars);
    expect(await card.locator('[data-flag="train_ai"]').getAttribute('data-state')).toBe(
      'completed',
    );
    await shot(page, 'kb-dashboard');

    // --- Trained items -------------------------------------------------------------------
    await card.getByRole('link', { name: 'Data Source' }).click();
    // No website was crawled: the website list sends the user to crawl one.
    await expectPath(page, '/datasource/crawl');
    await page.goto('/datasource/text-model');
    const rows = page.locator('tbody tr');
    await rows.first().waitFor();
    await expect.poll(() => rows.count()).toBe(2);
    for (const t of texts) {
      const row = rows.filter({ hasText: t.title });
      await expectVisible(row.getByText('text', { exact: true }));
      await expectVisible(row.getByText('Trained', { exact: true }));
    }
    await shot(page, 'kb-trained-text');

    await page.getByRole('link', { name: 'QA' }).click();
    await expectPath(page, '/datasource/question-model');
    // The text list's rows stay until the Q&A list replaces them: the count is polled.
    await expect.poll(() => rows.count(), { timeout: 10_000 }).toBeGreaterThanOrEqual(pairs.length);
    await expectVisible(rows.filter({ hasText: 'Can I pay by card?' }).getByText('Trained'));
    await shot(page, 'kb-trained-qa');
    if (hasCovidCsv) {
      await page.getByLabel('Filter trained items').fill('pay by card');
      await page.waitForFunction(() => document.querySelectorAll('tbody tr').length === 1);
      await page.getByLabel('Filter trained items').fill('');
    }

    // Delete a text item: the list reloads without it.
    await page.goto('/datasource/text-model');
    await rows.first().waitFor();
    await clearToasts(page);
    await page.getByRole('button', { name: `Delete ${texts[0]!.title}` }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await expectToast(page, KNOWLEDGE_MESSAGES.dataRemoved);
    await page.waitForFunction(() => document.querySelectorAll('tbody tr').length === 1);
    await expectVisible(rows.filter({ hasText: texts[1]!.title }));

    // The /datasource variant of the text screens saves to its own listing.
    await page.goto('/datasource/text');
    await addText(page, '/datasource/text-listing', 'Gift cards', 'Gift cards never expire.');
    await shot(page, 'kb-datasource-text-listing');
    await page.getByRole('button', { name: 'Add New' }).click();
    await expectPath(page, '/datasource/text');
    await shot(page, 'kb-datasource-text');

    // --- Settings and status check -------------------------------------------------------
    await page.goto('/chatbot-settings');
    await expectVisible(page.getByRole('heading', { name: 'AI General Settings' }));
    const remaining = totalChars - texts[0]!.title.length - texts[0]!.content.length;
    await page.waitForFunction(
      (n) => document.querySelector('[data-testid="total-chars"]')?.textContent === n,
      remaining.toLocaleString('en-US'),
    );
    await page.getByLabel('Agent Name').fill('Ava');
    await page.getByLabel('Business Name').fill('Acme Outdoor');
    await page.getByLabel('Base Prompt').fill('Answer briefly and kindly.');
    await clearToasts(page);
    await page.getByRole('button', { name: 'Save Settings' }).click();
    await expectToast(page, KNOWLEDGE_MESSAGES.settingsSaved);
    await page.reload();
    await page.waitForFunction(
      () =>
        (document.querySelector('input[name="agent_name"]') as HTMLInputElement)?.value === 'Ava',
    );
    expect(await page.getByLabel('Business Name').inputValue()).toBe('Acme Outdoor');
    await shot(page, 'kb-settings');

    await page.goto('/status-check');
    await expectVisible(page.getByRole('heading', { name: 'Status Check' }));
    await shot(page, 'kb-status-check');

    // --- Delete the bot ------------------------------------------------------------------
    await page.goto('/dashboard');
    await clearToasts(page);
    await page.getByRole('button', { name: `Delete chatbot ${botName}` }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete chatbot' }).click();
    await expectToast(page, KNOWLEDGE_MESSAGES.botDeleted);
    await expectVisible(page.getByText('No chatbots yet'));
    expect(await page.evaluate(() => localStorage.getItem('bot_id'))).toBeNull();

    // 'New AI Chatbot' asks the plan first, then offers the data sources.
    await page.getByRole('button', { name: 'New AI Chatbot' }).click();
    await page.waitForFunction(() => document.activeElement?.closest('.sources') !== null);

    expect(browser.pageErrors).toEqual([]);
  });
  it('fits a 390 px phone, also through the /datasource screens', async () => {
    const phone = await launchBrowser({
      baseURL: server.url,
      viewport: { width: 390, height: 844 },
    });
    try {
      const { page } = phone;
      const check = async (name: string) => {
        await expectNoSideScroll(page);
        await shot(page, name);
      };
      await signUpAndLogIn(page, `kb.phone.${Date.now()}@example.com`, 'Knowledge-Pass-42');
      await expectPath(page, '/dashboard');
      await page.getByRole('button', { name: 'Continue with Text & Files' }).click();
      await expectPath(page, '/textupload');
      await check('kb-textupload-mobile');
      await addText(page, '/text-listing', 'Warranty', 'Every bike has a two-year warranty.');
      await page.getByRole('button', { name: 'Add New' }).click();
      await addText(page, '/text-listing', 'Repairs', 'Repairs take one to three days.');
      await check('kb-text-listing-mobile');
      await page.getByRole('button', { name: 'Train Contents' }).click();
      await waitForTrainingToPreview(page);

      await page.goto('/datasource/question');
      await check('kb-datasource-question-mobile');
      await addQuestion(
        page,
        '/datasource/question-listing',
        'Do you rent bikes',
        'Yes, by the day or the week.',
      );
      await check('kb-datasource-question-listing-mobile');
      await page.getByRole('button', { name: 'Train Contents' }).click();
      await waitForTrainingToPreview(page);

      // A CSV the test writes: quoted answers spanning lines, and an empty line to skip.
      const csv = path.join(tmp, 'faq.csv');
      await writeFile(
        csv,
        'topic,question,answer\nHours,When are you open?,"Monday to Friday,\n9 to 5."\n\nParking,Is there parking?,Yes.\n',
      );
      await page.goto('/datasource/csvupload');
      await page.getByTestId('csv-input').setInputFiles(csv);
      await expectVisible(page.getByText('2 rows'));
      await page.getByLabel('Question column').selectOption('question');
      await page.getByLabel('Answer column').selectOption('answer');
      expect(await footerCount(page)).toBe(
        'When are you open?'.length +
          'Monday to Friday,\n9 to 5.'.length +
          'Is there parking?'.length +
          'Yes.'.length,
      );
      await check('kb-csv-upload-mobile');
      await page.getByRole('button', { name: 'Create QA' }).click();
      await waitForTrainingToPreview(page);

      await page.goto('/datasource/question-model');
      await page.locator('tbody tr').first().waitFor();
      await expect.poll(() => page.locator('tbody tr').count()).toBe(3);
      await check('kb-trained-qa-mobile');

      await page.goto('/dashboard');
      await page.getByTestId('bot-card').scrollIntoViewIfNeeded();
      await check('kb-dashboard-mobile');
      await page.goto('/chatbot-settings');
      await expectVisible(page.getByLabel('Agent Name'));
      await check('kb-settings-mobile');
      expect(phone.pageErrors).toEqual([]);
    } finally {
      await phone.close();
    }
  });
});

/** The total characters a bot card shows, once its figures have loaded. */
async function cardChars(page: Browser['page']): Promise<number> {
  const meta = page.getByTestId('bot-card').locator('.bot-card__meta');
  await meta.first().waitFor();
  return Number(((await meta.first().textContent()) ?? '').replace(/\D/g, ''));
}
