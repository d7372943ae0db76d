import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../../test/helpers/app.ts';
import { call, startTrainingApp, trainText } from '../../../../test/helpers/knowledge.ts';
import type { SignedIn } from '../../../../test/helpers/users.ts';
import { DONT_KNOW_REPLY } from '../../../rag/answer/replies.ts';

/**
 * A deleted Q&A pair is gone from the answers too: its question is not answered from the pair
 * next to it or from a page that shares a word with it, but with "I don't know".
 */
describe('chat after a Q&A pair is removed (source/data-remove)', () => {
  let t: TestApp;
  let alice: SignedIn;
  let botId: string;
  const ask = async (question: string) =>
    (
      await call(t, alice, 'POST', '/api/ai/chat', {
        bot_id: botId,
        question,
        chat_memory: [],
        session_id: 'tab-1',
        conversation_id: null,
      })
    ).body.response as { answer: string; sources: unknown[] };

  beforeAll(async () => {
    ({ t, alice } = await startTrainingApp());
    ({ botId } = await trainText(t, alice, [
      {
        title: 'Workshop',
        content:
          'Our workshop services bikes of every brand. Opening hours are 9 to 18 on weekdays.',
      },
    ]));
    const qa = await call(t, alice, 'POST', '/api/upload/question_answers', {
      json_data: {
        stage: 2,
        bot_id: botId,
        question_answer: [
          {
            title: 'How do I book a repair?',
            content: 'Call the workshop on 030 123 4567 to book a repair slot.',
          },
          {
            title: 'How do I book a test ride?',
            content: 'Book a test ride online; the bike is ready at the shop within a day.',
          },
        ],
      },
    });
    expect(qa.status).toBe(200);
    await t.runtime.ctx.jobs.whenIdle(60_000);
  });
  afterAll(() => t.close());

  it('answers the pair while it exists and "I don\'t know" once it is removed', async () => {
    expect((await ask('How do I book a repair?')).answer).toBe(
      'Call the workshop on 030 123 4567 to book a repair slot.',
    );
    const removed = await call(t, alice, 'POST', '/api/source/data-remove', {
      bot_id: botId,
      title: 'How do I book a repair?',
    });
    expect(removed.status).toBe(200);

    const after = await ask('How do I book a repair?');
    expect(after.answer).toBe(DONT_KNOW_REPLY);
    expect(after.sources).toEqual([]);
    // The neighbouring pair still answers its own question.
    expect((await ask('How do I book a test ride?')).answer).toContain('Book a test ride online');
  });
});
