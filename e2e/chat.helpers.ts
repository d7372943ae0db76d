import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { REPO_ROOT } from './helpers/paths.ts';
import { expectPath } from './helpers/ui.ts';

/** deepset-ai/COVID-QA (SQuAD format): real articles with questions and answer spans. */
export const COVID_QA = path.resolve(REPO_ROOT, '../shared/fixtures/covid-qa/200423_covidQA.json');
export const hasCovidQa = existsSync(COVID_QA);

export interface Article {
  title: string;
  content: string;
  questions: { question: string; answer: string }[];
}

interface Squad {
  data: {
    paragraphs: { context: string; qas: { question: string; answers: { text: string }[] }[] }[];
  }[];
}

/** Articles `indexes` of the fixture; the first line of each text is its title. */
export function covidArticles(indexes: number[]): Article[] {
  const squad = JSON.parse(readFileSync(COVID_QA, 'utf8')) as Squad;
  return indexes.map((i) => {
    const para = squad.data[i]?.paragraphs[0];
    if (!para) throw new Error(`covid-qa has no article ${i}`);
    const title = (para.context.split('\n')[0] ?? '').trim().slice(0, 140);
    return {
      title,
      content: para.context,
      questions: para.qas.map((q) => ({ question: q.question, answer: q.answers[0]?.text ?? '' })),
    };
  });
}

async function csrfHeader(page: Page): Promise<Record<string, string>> {
  const cookie = (await page.context().cookies()).find((c) => c.name === 'csrf_access_token');
  return cookie ? { 'x-csrf-token': decodeURIComponent(cookie.value) } : {};
}

/** Trains a new bot on texts through the API (as /text-listing does) and waits until trained. */
export async function trainTextBot(
  page: Page,
  items: { title: string; content: string }[],
): Promise<{ botId: string; botName: string }> {
  const res = await page.request.post('/api/upload/text', {
    headers: await csrfHeader(page),
    data: {
      content_list: items,
      stage: 1,
      char_count: items.reduce((n, i) => n + i.title.length + i.content.length, 0),
      bot_count: 1,
      bot_id: null,
    },
  });
  const body = (await res.json()) as {
    message: string;
    response?: { botId?: string; bot_id?: string; bot_name?: string };
  };
  expect(res.ok(), body.message).toBe(true);
  const botId = String(body.response?.botId ?? body.response?.bot_id);
  await waitTrained(page, botId);
  return { botId, botName: body.response?.bot_name ?? '' };
}

export async function waitTrained(page: Page, botId: string, timeoutMs = 90_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const res = await page.request.post('/api/upload/status', {
      headers: await csrfHeader(page),
      data: { botId },
    });
    const body = (await res.json()) as { response?: { processing_complete?: boolean } };
    if (body.response?.processing_complete) return;
    await page.waitForTimeout(500);
  }
  throw new Error(`bot ${botId} was not trained within ${timeoutMs} ms`);
}

/** Opens the bot from its dashboard card (which stores it as the current bot) → /preview. */
export async function openBot(page: Page, botName: string): Promise<void> {
  await page.goto('/dashboard');
  await page.getByRole('link', { name: botName, exact: true }).first().click();
  await page.waitForURL((url) => url.pathname === '/preview' || url.pathname === '/chat');
}

/**
 * Asks in /chat with Enter and records what the newest answer bubble showed on the way:
 * 'Loading...' first, then growing text. Resolves with those snapshots and the final text.
 */
export async function ask(page: Page, question: string) {
  await page.getByRole('log', { name: 'Conversation' }).waitFor();
  const before = await page.getByTestId('chat-turn').count();
  await page.evaluate((n) => {
    const w = window as unknown as { __answerStates: string[]; __observer?: MutationObserver };
    w.__answerStates = [];
    w.__observer?.disconnect();
    const log = document.querySelector('[role="log"]');
    if (!log) return;
    const record = () => {
      const answers = document.querySelectorAll('[data-testid="chat-answer"]');
      const el = answers[n];
      const text = el?.textContent ?? null;
      if (text !== null && w.__answerStates.at(-1) !== text) w.__answerStates.push(text);
    };
    w.__observer = new MutationObserver(record);
    w.__observer.observe(log, { subtree: true, childList: true, characterData: true });
  }, before);
  const box = page.getByLabel('Message', { exact: true });
  await box.fill(question);
  await box.press('Enter');
  const turn = page.getByTestId('chat-turn').nth(before);
  await turn.waitFor();
  await page.waitForFunction(
    (n) => {
      const el = document.querySelectorAll('[data-testid="chat-answer"]')[n];
      return el && el.getAttribute('aria-busy') === null;
    },
    before,
    { timeout: 60_000 },
  );
  const states = await page.evaluate(() => {
    const w = window as unknown as { __answerStates: string[]; __observer?: MutationObserver };
    w.__observer?.disconnect();
    return w.__answerStates;
  });
  const answer = (await turn.getByTestId('chat-answer').textContent()) ?? '';
  return { turn, states, answer };
}

export async function goToChatFromPreview(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'New Message' }).click();
  await expectPath(page, '/chat');
}
