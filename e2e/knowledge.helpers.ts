import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import Papa from 'papaparse';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { REPO_ROOT } from './helpers/paths.ts';
import { clearToasts, expectPath, screenshot } from './helpers/ui.ts';

/** Third-party fixtures live beside the repository and are never copied into it. */
export const COVID_CSV = path.resolve(
  REPO_ROOT,
  '../shared/fixtures/faq_csv/covid_faq_covidbert.csv',
);
export const hasCovidCsv = existsSync(COVID_CSV);

/** Creates an account through the API, then signs in through the login form. */
export async function signUpAndLogIn(page: Page, email: string, password: string): Promise<void> {
  const reply = await page.request.post('/api/auth/register', {
    data: { email, fullname: 'Priya Raman', password, confirmPassword: password },
  });
  expect(reply.ok()).toBe(true);
  await logIn(page, email, password);
}

export async function logIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log In' }).click();
  await page.waitForURL((url) => url.pathname !== '/login');
}

/** Fills the Text tab and saves; lands on the listing. */
export async function addText(page: Page, listing: string, title: string, content: string) {
  await page.getByLabel('Title', { exact: true }).fill(title);
  await page.getByLabel('Content', { exact: true }).fill(content);
  await page.getByRole('button', { name: 'Add Content' }).click();
  await expectPath(page, listing);
}

export async function addQuestion(page: Page, listing: string, question: string, answer: string) {
  await page.getByLabel('Question', { exact: true }).fill(question);
  await page.getByLabel('Answer', { exact: true }).fill(answer);
  await page.getByRole('button', { name: 'Save Content' }).click();
  await expectPath(page, listing);
}

/** The number the listing footer shows after 'Characters'. */
export async function footerCount(page: Page): Promise<number> {
  const text = (await page.getByTestId('char-count').textContent()) ?? '';
  const match = /Characters\s*(\d+)/.exec(text);
  if (!match) throw new Error(`No character count in "${text}"`);
  return Number(match[1]);
}

export function charsOf(items: readonly { title: string; content: string }[]): number {
  return items.reduce((sum, i) => sum + i.title.length + i.content.length, 0);
}

/**
 * What the CSV page should show, the summed lengths of the two chosen columns (docs/spec.md §9), and
 * what the server counts once it has trimmed the cells and left out incomplete rows.
 */
export async function csvColumnChars(file: string, question: string, answer: string) {
  const text = await readFile(file, 'utf8');
  const parsed = Papa.parse<Record<string, string>>(text, { header: true, skipEmptyLines: true });
  let total = 0;
  let trained = 0;
  for (const row of parsed.data) {
    const q = row[question] ?? '';
    const a = row[answer] ?? '';
    total += q.length + a.length;
    if (q.trim() && a.trim()) trained += q.trim().length + a.trim().length;
  }
  return { rows: parsed.data.length, total, trained };
}

/**
 * Waits for the training dialog to finish and the app to open the preview, or /chat where the
 * preview sends a bot without conversations (docs/spec.md §2), had it already moved on.
 */
export async function waitForTrainingToPreview(page: Page): Promise<void> {
  await page.waitForURL((url) => ['/preview', '/chat'].includes(url.pathname), {
    timeout: 60_000,
  });
}

/** The page never scrolls sideways (390 px phones). */
export async function expectNoSideScroll(page: Page): Promise<void> {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
}

/** A screenshot without the toasts of earlier steps covering the page. */
export async function shot(page: Page, name: string): Promise<void> {
  await clearToasts(page);
  await screenshot(page, name);
}
