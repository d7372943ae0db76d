import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';

/** A customer's site on its own loopback origin, with the widget snippet of `botId`. */
export async function startHostPage(apiOrigin: string, botId: () => string) {
  const server = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(`<!doctype html>
<html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Acme Bikes</title></head>
<body style="font:16px/1.5 Georgia,serif;margin:40px">
<h1>Acme Bikes</h1><p>City bikes, cargo bikes and the parts to keep them rolling.</p>
<script src="${apiOrigin}/widget.js" data-botid="${botId()}" defer></script>
</body></html>`);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`,
    close: () => new Promise((r) => server.close(r)),
  };
}

/** The widget's chat panel on a host page, opened. */
export async function openWidget(page: Page, url: string): Promise<Locator> {
  await page.goto(url);
  await page.getByRole('button', { name: 'Open chat' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.waitFor();
  return dialog;
}

/** Asks in the widget; resolves with the new answer's group (bubble, sources, votes). */
export async function askWidget(page: Page, question: string): Promise<Locator> {
  const dialog = page.getByRole('dialog');
  const answers = dialog.locator('.g:not(.u)');
  const before = await answers.count();
  const input = page.getByRole('textbox', { name: 'Send Message' });
  await input.fill(question);
  await input.press('Enter');
  const group = answers.nth(before);
  await expect
    .poll(() => group.locator('.b').getAttribute('aria-busy'), { timeout: 20_000 })
    .toBeNull();
  return group;
}

/** The CSRF header the API wants on state-changing calls made from the test. */
export async function csrf(page: Page): Promise<Record<string, string>> {
  const cookie = (await page.context().cookies()).find((c) => c.name === 'csrf_access_token');
  return cookie ? { 'x-csrf-token': decodeURIComponent(cookie.value) } : {};
}

/** The feedback of every turn of the bot's latest widget conversation, read by the owner. */
export async function storedVotes(owner: Page, botId: string): Promise<(string | null)[]> {
  const list = await owner.request.get(
    `/api/inbox/conversations?bot_id=${botId}&tz=UTC&channel=widget`,
  );
  const { response } = (await list.json()) as {
    response: { items: { conversation_id: string }[] };
  };
  const id = response.items[0]?.conversation_id;
  if (!id) return [];
  const detail = await owner.request.get(`/api/inbox/conversations/${id}`);
  const body = (await detail.json()) as { response: { turns: { feedback: string | null }[] } };
  return body.response.turns.map((t) => t.feedback);
}

/** A headline tile of /chatbot-analytics as "value | the count under it". */
export async function analyticsTile(page: Page, label: string): Promise<string> {
  const tile = page
    .getByTestId('analytics-totals')
    .locator('li', { has: page.getByText(label, { exact: true }) });
  const parts = await tile.locator('.an-stat__value, .an-stat__detail').allTextContents();
  return parts.join(' | ');
}
