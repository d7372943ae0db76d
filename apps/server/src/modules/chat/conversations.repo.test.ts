import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createBot } from '../../search/testing/search-db.ts';
import { useSearchTestDb } from '../../search/testing/use-search-test-db.ts';
import { findConversationWithHistory, listTurns, saveTurn } from './conversations.repo.ts';

const t = useSearchTestDb();

describe('saveTurn', () => {
  it('stores a turn once however often the same save is repeated', async () => {
    const { botId } = await createBot(t.db);
    const conversationId = randomUUID();
    const turn = (key: string, question: string, answered = true) => ({
      key,
      conversationId,
      botId,
      channel: 'widget' as const,
      userId: null,
      sessionId: 'visitor-1',
      title: 'Opening hours?',
      question,
      answer: 'Nine to five.',
      sources: [],
      engine: 'extractive',
      answered,
      latencyMs: 120,
      country: 'DE',
    });
    const first = turn(randomUUID(), 'Opening hours?');
    await saveTurn(t.db, first);
    await saveTurn(t.db, first); // a retry after a commit whose reply was lost
    await saveTurn(t.db, turn(randomUUID(), 'And on Sunday?', false));
    const turns = await listTurns(t.db, conversationId);
    expect(turns.map((x) => x.question)).toEqual(['Opening hours?', 'And on Sunday?']);
    const conversation = await t.db
      .selectFrom('conversations')
      .select(['turn_count', 'answered_count', 'unanswered_count', 'country'])
      .where('id', '=', conversationId)
      .executeTakeFirstOrThrow();
    expect(conversation).toEqual({
      turn_count: 2,
      answered_count: 1,
      unanswered_count: 1,
      country: 'DE',
    });
  });
});

describe('findConversationWithHistory', () => {
  it('gives each past turn the chunks and the places (title, section) its answer cited', async () => {
    const { botId } = await createBot(t.db);
    const conversationId = randomUUID();
    await saveTurn(t.db, {
      key: randomUUID(),
      conversationId,
      botId,
      channel: 'dashboard',
      userId: null,
      sessionId: 'tab-1',
      title: 'How do I create a tag?',
      question: 'How do I create a tag?',
      answer: 'Run tag create [1].',
      sources: [
        { title: 'Tags', url: 'https://docs.example/tags', chunk_id: '12', section: 'Creating' },
        { title: 'Release notes', url: null, chunk_id: '30' },
      ],
      engine: 'llm',
      answered: true,
      latencyMs: 80,
      country: null,
    });
    const found = await findConversationWithHistory(t.db, conversationId, 6);
    expect(found?.history).toEqual([
      {
        question: 'How do I create a tag?',
        answer: 'Run tag create [1].',
        sourceChunks: [12, 30],
        sourcePlaces: [
          { title: 'Tags', section: 'Creating' },
          { title: 'Release notes', section: null },
        ],
      },
    ]);
  });
});
