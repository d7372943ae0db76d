import { BOT_NAME_MESSAGES, KNOWLEDGE_MESSAGES } from '@docent/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTextPdf } from '../../../../test/fixtures/media/generate.ts';
import type { TestApp } from '../../../../test/helpers/app.ts';
import {
  call,
  multipart,
  startTrainingApp,
  trainText,
} from '../../../../test/helpers/knowledge.ts';
import type { SignedIn } from '../../../../test/helpers/users.ts';

/** Bot identity (issue 17): the owner names a new bot when training, and renames it later. */
describe('chatbot names', () => {
  let t: TestApp;
  let alice: SignedIn;
  let bob: SignedIn;
  beforeAll(async () => {
    ({ t, alice, bob } = await startTrainingApp('platinum'));
  });
  afterAll(() => t.close());

  const botNames = async (user: SignedIn) =>
    (
      (await call(t, user, 'GET', '/api/dashboard/chat-bot-list')).body.response.bot_details as {
        bot_id: string;
        bot_name: string;
      }[]
    ).map((b) => [b.bot_id, b.bot_name]);

  async function postMultipart(
    user: SignedIn,
    url: string,
    json: unknown,
    files = [] as Parameters<typeof multipart>[1],
  ) {
    const mp = await multipart(json, files);
    const res = await t.app.inject({
      method: 'POST',
      url,
      headers: { ...user.headers, ...mp.headers },
      payload: mp.payload,
    });
    return { status: res.statusCode, body: res.json() };
  }

  it('a text training call names its new bot bot_name (spaces run together), not the title', async () => {
    const res = await call(t, alice, 'POST', '/api/upload/text', {
      content_list: [{ title: 'Opening hours', content: 'We open at nine.' }],
      stage: 1,
      bot_name: '  Acme   Help\n',
    });
    expect(res.status).toBe(200);
    expect(res.body.response.bot_name).toBe('Acme Help');
    expect(await botNames(alice)).toContainEqual([res.body.response.botId, 'Acme Help']);
  });

  it('a blank bot_name keeps naming the bot after its content', async () => {
    const res = await call(t, alice, 'POST', '/api/upload/text', {
      content_list: [{ title: 'Delivery times', content: 'Two days.' }],
      stage: 1,
      bot_name: '   ',
    });
    expect(res.status).toBe(200);
    expect(res.body.response.bot_name).toBe('Delivery times');
  });

  it('Q&A pairs, a CSV and a PDF name their new bot bot_name too', async () => {
    const qa = await postMultipart(alice, '/api/upload/question_answers', {
      stage: 2,
      question_answer: [{ title: 'Do you ship abroad?', content: 'Yes.' }],
      bot_name: 'Shipping FAQ',
    });
    expect(qa.status).toBe(200);
    expect(qa.body.response.bot_name).toBe('Shipping FAQ');
    const csv = await postMultipart(
      alice,
      '/api/upload/question_answers',
      { stage: 1, questions: 'q', answers: 'a', bot_name: 'CSV answers' },
      [{ field: 'file', name: 'faq.csv', content: 'q,a\nWhere are you?,In Leeds.\n' }],
    );
    expect(csv.status).toBe(200);
    expect(csv.body.response.bot_name).toBe('CSV answers');
    const pdf = makeTextPdf([[{ x: 72, y: 700, text: 'Refunds take a week.' }]]);
    const file = { field: 'file', name: 'refunds.pdf', content: pdf, type: 'application/pdf' };
    expect((await postMultipart(alice, '/api/upload/documents', { stage: 1 }, [file])).status).toBe(
      200,
    );
    const two = await postMultipart(
      alice,
      '/api/upload/documents',
      { stage: 2, bot_name: 'Refund desk' },
      [file],
    );
    expect(two.status).toBe(200);
    expect(two.body.response.bot_name).toBe('Refund desk');
    await t.runtime.ctx.jobs.whenIdle(60_000);
    // The PDF is read in a child process and trained: as long as the wait above allows, not the
    // 30 s default (it ran out during the whole suite on Node 26 at a load average of 18).
  }, 90_000);

  it('adding to an existing bot keeps its name whatever bot_name says', async () => {
    const { botId } = await trainText(t, alice, [{ title: 'Kept name', content: 'Some text.' }]);
    const res = await call(t, alice, 'POST', '/api/upload/text', {
      content_list: [{ title: 'More', content: 'More text.' }],
      stage: 1,
      bot_id: botId,
      bot_name: 'Ignored',
    });
    expect(res.status).toBe(200);
    expect(res.body.response).toMatchObject({ botId, bot_name: 'Kept name' });
  });

  it('refuses a new bot name over 60 characters, and creates no bot', async () => {
    const before = (await botNames(alice)).length;
    const res = await call(t, alice, 'POST', '/api/upload/text', {
      content_list: [{ title: 'Long', content: 'Text.' }],
      stage: 1,
      bot_name: 'x'.repeat(61),
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(BOT_NAME_MESSAGES.tooLong);
    expect(res.body.message).toBe('Chatbot name must be at most 60 characters');
    expect((await botNames(alice)).length).toBe(before);
  });

  it('settings/general_settings reads bot_name and renames the bot; other fields are kept', async () => {
    const { botId } = await trainText(t, alice, [{ title: 'First title', content: 'Text.' }]);
    await call(t, alice, 'POST', '/api/settings/general_settings', {
      bot_id: botId,
      agent_name: 'Ada',
    });
    const read = await call(t, alice, 'GET', `/api/settings/general_settings/${botId}`);
    expect(read.body.response.bot_name).toBe('First title');
    const res = await call(t, alice, 'POST', '/api/settings/general_settings', {
      bot_id: botId,
      bot_name: ' Support  bot ',
    });
    expect(res.status).toBe(200);
    expect(res.body.response).toMatchObject({ bot_name: 'Support bot', agent_name: 'Ada' });
    expect(await botNames(alice)).toContainEqual([botId, 'Support bot']);
    const again = await call(t, alice, 'GET', `/api/settings/general_settings/${botId}`);
    expect(again.body.response).toMatchObject({ bot_name: 'Support bot', agent_name: 'Ada' });
    // A save without bot_name (the spec's body) keeps the name.
    await call(t, alice, 'POST', '/api/settings/general_settings', {
      bot_id: botId,
      agent_name: 'Bea',
    });
    expect(await botNames(alice)).toContainEqual([botId, 'Support bot']);
  });

  it('refuses a blank or over-long name with the shared messages', async () => {
    const { botId } = await trainText(t, alice, [{ title: 'Named once', content: 'Text.' }]);
    for (const [bot_name, message] of [
      ['   ', 'Please enter a chatbot name'],
      ['', BOT_NAME_MESSAGES.required],
      ['y'.repeat(61), 'Chatbot name must be at most 60 characters'],
    ] as const) {
      const res = await call(t, alice, 'POST', '/api/settings/general_settings', {
        bot_id: botId,
        bot_name,
      });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ hasError: true, message });
    }
    const ok = await call(t, alice, 'POST', '/api/settings/general_settings', {
      bot_id: botId,
      bot_name: 'z'.repeat(60),
    });
    expect(ok.status).toBe(200);
  });

  it("another account's bot cannot be renamed or read: 404, name unchanged", async () => {
    const { botId } = await trainText(t, alice, [{ title: 'Alice owns this', content: 'Text.' }]);
    const res = await call(t, bob, 'POST', '/api/settings/general_settings', {
      bot_id: botId,
      bot_name: 'Stolen',
    });
    expect(res.status).toBe(404);
    expect(res.body.message).toBe(KNOWLEDGE_MESSAGES.botNotFound);
    const read = await call(t, bob, 'GET', `/api/settings/general_settings/${botId}`);
    expect(read.status).toBe(404);
    expect(await botNames(alice)).toContainEqual([botId, 'Alice owns this']);
  });
});
