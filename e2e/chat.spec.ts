import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { CHAT_MESSAGES, MESSAGES } from '@docent/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeOpenAI, startFakeOpenAI } from '../apps/server/test/helpers/fake-openai.ts';
import { ask, covidArticles, hasCovidQa, openBot, trainTextBot } from './chat.helpers.ts';
import { type Browser, launchBrowser } from './helpers/browser.ts';
import { type RunningServer, startServer } from './helpers/server.ts';
import { clearToasts, expectPath, expectToast, expectVisible } from './helpers/ui.ts';
import { expectNoSideScroll, logIn, shot, signUpAndLogIn } from './knowledge.helpers.ts';

const PASSWORD = 'Chat-Preview-42';
const storedConversation = (b: Browser) =>
  b.page.evaluate(() => localStorage.getItem('conversation_id'));

/**
 * Issue 6 acceptance 3: a bot trained from real articles (COVID-QA) answers in /chat with
 * streamed text and sources; /preview lists the conversation after a reload and reopens it
 * with all its turns. Runs on the default offline (extractive) answerer.
 */
describe.skipIf(!hasCovidQa)('dashboard chat preview', () => {
  let server: RunningServer;
  let desktop: Browser;
  const email = `chat.${Date.now()}@example.com`;
  const articles = hasCovidQa ? covidArticles([2, 3, 4]) : [];
  let botName = '';

  beforeAll(async () => {
    server = await startServer();
    desktop = await launchBrowser({ baseURL: server.url });
  });
  afterAll(async () => {
    await desktop?.close();
    await server?.stop();
  });

  it('streams grounded answers with sources and reopens the conversation', async () => {
    const { page, pageErrors } = desktop;
    await signUpAndLogIn(page, email, PASSWORD);
    const bot = await trainTextBot(
      page,
      articles.map((a) => ({ title: a.title, content: a.content })),
    );
    botName = bot.botName;

    // No conversation yet: /preview sends the user straight to /chat.
    await openBot(page, botName);
    await expectPath(page, '/chat');
    await expectVisible(page.getByRole('heading', { name: 'Quick-start guide' }));
    await page.getByTestId('quick-start-train_ai').getByLabel('Completed').waitFor();
    await shot(page, 'chat-empty');

    const first = articles[0]?.questions[0];
    const second = articles[1]?.questions[0];
    if (!first || !second) throw new Error('fixture articles without questions');

    const a1 = await ask(page, first.question);
    // 'Loading...' first, then the text grows token by token into the final answer.
    expect(a1.states[0]).toContain('Loading...');
    expect(a1.answer).not.toContain('Loading...');
    expect(a1.answer.trim().length).toBeGreaterThan(20);
    // Extractive tokens come in one burst; slow streaming is watched in the fake-model test.
    expect(a1.states.at(-1)).toBe(a1.answer);
    const sources1 = a1.turn.getByTestId('chat-sources');
    await expectVisible(sources1);
    expect(await sources1.textContent()).toContain(articles[0]?.title.slice(0, 30));
    const conversationId = await storedConversation(desktop);
    expect(conversationId).toMatch(/\S+/);

    // Shift+Enter starts a new line; Enter sends.
    const box = page.getByLabel('Message', { exact: true });
    await box.fill('Second line follows');
    await box.press('Shift+Enter');
    expect(await box.inputValue()).toBe('Second line follows\n');
    await box.fill('');
    const a2 = await ask(page, second.question);
    expect(a2.answer.trim().length).toBeGreaterThan(20);
    await expectVisible(a2.turn.getByTestId('chat-sources'));
    expect(await storedConversation(desktop)).toBe(conversationId);
    await page.getByTestId('quick-start-first_message').getByLabel('Completed').waitFor();
    await shot(page, 'chat-answers');

    // Leaving the chat clears the stored conversation id.
    await page
      .getByRole('navigation', { name: 'Chatbot' })
      .getByRole('link', { name: 'Preview' })
      .click();
    await expectPath(page, '/preview');
    // Cleared by /chat's unmount effect, which React runs just after the URL has changed.
    await expect.poll(() => storedConversation(desktop)).toBeNull();
    await page.reload();
    const items = page.getByTestId('conversation-item');
    await items.first().waitFor();
    await expect.poll(() => items.count()).toBe(1);
    expect(await items.first().textContent()).toContain(first.question.slice(0, 20));
    await shot(page, 'preview-conversations');

    // Reopening shows every turn, and a new question continues the same conversation.
    await items.first().click();
    await expectPath(page, '/chat');
    await page.getByTestId('chat-turn').nth(1).waitFor();
    const questions = await page.getByTestId('chat-question').allTextContents();
    expect(questions).toEqual([first.question, second.question]);
    const answers = await page.getByTestId('chat-answer').allTextContents();
    expect(answers[0]?.trim()).toBe(a1.answer.trim());
    expect(answers[1]?.trim()).toBe(a2.answer.trim());
    await expect.poll(() => page.getByTestId('chat-sources').count()).toBe(2);
    expect(await storedConversation(desktop)).toBe(conversationId);
    const third = articles[2]?.questions[0]?.question ?? 'What is this about?';
    await ask(page, third);
    expect(await storedConversation(desktop)).toBe(conversationId);

    // 'New Message' starts afresh.
    await page.goto('/preview');
    await page.getByTestId('conversation-item').first().waitFor();
    await expect.poll(() => page.getByTestId('conversation-item').count()).toBe(1);
    await page.getByRole('button', { name: 'New Message' }).click();
    await expectPath(page, '/chat');
    expect(await page.getByTestId('chat-turn').count()).toBe(0);
    expect(await storedConversation(desktop)).toBeNull();

    // Hiding the quick-start guide (sets showQuickStart).
    await page.getByRole('button', { name: 'Hide quick-start guide' }).click();
    expect(await page.getByRole('heading', { name: 'Quick-start guide' }).count()).toBe(0);
    expect(pageErrors).toEqual([]);
  });

  it('shows a chat error as a toast with the answer left at Loading..., and an empty answer as the spec says', async () => {
    const { page } = desktop;
    await page.goto('/chat');
    await page.route('**/api/ai/chat/stream', (route) =>
      route.fulfill({
        status: 200,
        headers: { 'content-type': 'text/event-stream' },
        body: `event: meta\ndata: {"conversation_id":"c-1"}\n\nevent: error\ndata: ${JSON.stringify({ message: CHAT_MESSAGES.chatFailed })}\n\n`,
      }),
    );
    await ask(page, 'Will this fail?');
    await expectToast(page, CHAT_MESSAGES.chatFailed);
    expect(await page.getByTestId('chat-answer').last().textContent()).toBe('Loading...');
    await page.unroute('**/api/ai/chat/stream');
    await clearToasts(page);

    await page.route('**/api/ai/chat/stream', (route) =>
      route.fulfill({
        status: 200,
        headers: { 'content-type': 'text/event-stream' },
        body: 'event: meta\ndata: {"conversation_id":"c-2"}\n\nevent: sources\ndata: {"sources":[]}\n\nevent: done\ndata: {"answer":"","conversation_id":"c-2"}\n\n',
      }),
    );
    const empty = await ask(page, 'Say nothing');
    expect(empty.answer).toBe(MESSAGES.chatEmptyAnswer);
    await page.unroute('**/api/ai/chat/stream');
    expect(await storedConversation(desktop)).toBe('c-2');

    // 'New chat' empties the window and forgets the conversation.
    await page.getByRole('button', { name: 'New chat' }).click();
    await page.getByText(/^Ask .+ anything$/).waitFor();
    expect(await page.getByTestId('chat-turn').count()).toBe(0);
    expect(await storedConversation(desktop)).toBeNull();
  });

  it('lays out /preview and /chat on a 390 px phone', async () => {
    const phone = await launchBrowser({
      baseURL: server.url,
      viewport: { width: 390, height: 844 },
    });
    try {
      const { page } = phone;
      await logIn(page, email, PASSWORD);
      await openBot(page, botName);
      await expectPath(page, '/preview');
      await page.getByTestId('conversation-item').first().waitFor();
      await expectNoSideScroll(page);
      await shot(page, 'preview-mobile');
      await page.getByTestId('conversation-item').first().click();
      await page.getByTestId('chat-turn').nth(2).waitFor();
      await expectNoSideScroll(page);
      await shot(page, 'chat-mobile');
    } finally {
      await phone.close();
    }
  });
});

/**
 * Model output is data: an answer and a source title carrying <script>, <img onerror>,
 * javascript: links, SVG and a remote image render inert in the dashboard chat, and no request
 * leaves for the payload's host. Uses the fake OpenAI-compatible model, streaming slowly.
 */
describe('dashboard chat renders hostile answers inert', () => {
  let server: RunningServer;
  let browser: Browser;
  let fake: FakeOpenAI;
  let leak: http.Server;
  let leakHits = 0;

  beforeAll(async () => {
    leak = http.createServer((_req, res) => {
      leakHits++;
      res.writeHead(200, { 'content-type': 'image/png' });
      res.end();
    });
    await new Promise<void>((r) => leak.listen(0, '127.0.0.1', r));
    const leakUrl = `http://127.0.0.1:${(leak.address() as AddressInfo).port}`;
    fake = await startFakeOpenAI({
      chunkDelayMs: 15,
      reply: [
        'Our **frame warranty** lasts ten years.',
        '<script>window.__xss=1</script> <img src=x onerror="window.__xss=2">',
        `[click me](javascript:window.__xss=3) [data](data:text/html,<script>window.__xss=4</script>) <svg onload="window.__xss=5"></svg>`,
        `![leak](${leakUrl}/leak.png?c=conversation) <img src="${leakUrl}/leak2.png">`,
        '[Safe link](https://example.com/warranty)',
      ].join('\n\n'),
    });
    server = await startServer({
      LLM_BASE_URL: fake.url,
      LLM_API_KEY: 'test-key',
      LLM_MODEL: 'fake-model',
    });
    browser = await launchBrowser({ baseURL: server.url });
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await fake?.close();
    await new Promise((r) => leak?.close(r));
  });

  it('renders no HTML from the answer or the sources', async () => {
    const { page, pageErrors } = browser;
    await signUpAndLogIn(page, `xss.${Date.now()}@example.com`, PASSWORD);
    const { botName } = await trainTextBot(page, [
      {
        title: '<img src=x onerror="window.__xss=6">Warranty <script>window.__xss=7</script>',
        content:
          'The frame warranty covers manufacturing defects of the frame for ten years from purchase. Wheels and tyres are covered for one year.',
      },
    ]);
    await openBot(page, botName);
    await expectPath(page, '/chat');
    const { turn, states, answer } = await ask(page, 'What does the frame warranty cover?');
    expect(states[0]).toContain('Loading...');
    // Slow chunks: several partial texts were on screen before the whole answer.
    expect(states.filter((s) => !s.includes('Loading...') && s !== answer).length).toBeGreaterThan(
      3,
    );
    expect(answer).toContain('<script>window.__xss=1</script>');
    expect(answer).toContain('frame warranty');
    const bubble = turn.getByTestId('chat-answer');
    expect(await bubble.locator('strong').first().textContent()).toBe('frame warranty');
    expect(await bubble.locator('script, img, svg, iframe, object, embed').count()).toBe(0);
    const hrefs = await bubble
      .locator('a')
      .evaluateAll((els) => els.map((a) => a.getAttribute('href')));
    // Only http(s) links survive (a bare URL may become a link; it loads nothing by itself).
    expect(hrefs).toContain('https://example.com/warranty');
    expect(hrefs.every((h) => /^https?:\/\//.test(h ?? ''))).toBe(true);
    const sources = turn.getByTestId('chat-sources');
    await expectVisible(sources);
    expect(await sources.textContent()).toContain('<img src=x onerror=');
    expect(await sources.locator('img, script').count()).toBe(0);
    await shot(page, 'chat-xss-inert');

    // Reopened from the server's history, it is just as inert.
    await page.goto('/preview');
    await page.getByTestId('conversation-item').first().click();
    await page.getByTestId('chat-turn').first().waitFor();
    expect(await page.locator('[role="log"] script, [role="log"] img').count()).toBe(0);
    await page.waitForTimeout(500);
    expect(
      await page.evaluate(() => (window as unknown as { __xss?: number }).__xss),
    ).toBeUndefined();
    expect(leakHits).toBe(0);
    expect(pageErrors).toEqual([]);
  });
});
