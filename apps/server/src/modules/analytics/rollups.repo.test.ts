import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../lib/logger.ts';
import { createBot } from '../../search/testing/search-db.ts';
import { useSearchTestDb } from '../../search/testing/use-search-test-db.ts';
import { type NewTurn, saveTurn } from '../chat/conversations.repo.ts';
import { findTurnByKey, setTurnFeedback } from '../chat/feedback.repo.ts';
import { createRollupFlusher } from './rollup-flusher.ts';
import { flushRollups } from './rollups.repo.ts';
import { rollupRows } from './testing/rollup-rows.ts';

/**
 * A stored turn is queued for the analytics rollups and counted by the next flush (migration
 * 0021): exactly once, as it is when counted, whatever happened to it meanwhile.
 */
const t = useSearchTestDb();
let botId: string;
beforeAll(async () => {
  ({ botId } = await createBot(t.db));
});

const HELP = { title: 'Help', url: 'https://acme.example/help', chunk_id: '1' };

async function store(
  turn: Partial<NewTurn> & { question: string },
): Promise<{ key: string; conversationId: string }> {
  const t0 = { key: randomUUID(), conversationId: randomUUID() };
  await saveTurn(t.db, {
    ...t0,
    botId,
    channel: 'widget',
    userId: null,
    sessionId: 'visitor',
    title: turn.question,
    answer: 'An answer.',
    sources: [HELP],
    engine: 'extractive',
    answered: true,
    latencyMs: 90,
    country: null,
    ...turn,
  });
  return { key: turn.key ?? t0.key, conversationId: turn.conversationId ?? t0.conversationId };
}

/** The bot's turn counters over every quarter. */
async function counted() {
  const { rows } = await sql<{ messages: number; unanswered: number; thumbs_down: number }>`
    SELECT coalesce(sum(messages), 0)::int AS messages,
      coalesce(sum(unanswered), 0)::int AS unanswered,
      coalesce(sum(thumbs_down), 0)::int AS thumbs_down
    FROM analytics_quarters WHERE bot_id = ${botId}::uuid`.execute(t.db);
  return rows[0];
}

const queued = async () =>
  Number(
    (await sql<{ n: number }>`SELECT count(*)::int AS n FROM analytics_turn_queue`.execute(t.db))
      .rows[0]?.n,
  );

/** The rollups as they are equal a recount of every stored chat from scratch. */
async function expectRecountEqual() {
  const kept = await rollupRows(t.db);
  await sql`SELECT analytics_recount()`.execute(t.db);
  expect(await rollupRows(t.db)).toEqual(kept);
}

describe('analytics turn queue', () => {
  it('counts a stored turn at the next flush, once', async () => {
    await flushRollups(t.db);
    const before = await counted();
    const { conversationId } = await store({ question: 'Where is my parcel?' });
    await store({ question: 'Can I pay by card?', conversationId, answered: false });
    expect(await counted()).toEqual(before);
    expect(await queued()).toBe(2);

    expect(await flushRollups(t.db)).toBe(2);
    expect(await counted()).toEqual({
      messages: (before?.messages ?? 0) + 2,
      unanswered: (before?.unanswered ?? 0) + 1,
      thumbs_down: before?.thumbs_down ?? 0,
    });
    expect(await flushRollups(t.db)).toBe(0);
    await expectRecountEqual();
  });

  it('counts a turn voted on while queued once, as voted', async () => {
    await flushRollups(t.db);
    const before = await counted();
    const { key } = await store({ question: 'Is the frame steel?' });
    const turn = await findTurnByKey(t.db, botId, key);
    await setTurnFeedback(t.db, turn!, -1);
    expect(await queued()).toBe(0);
    expect(await counted()).toEqual({
      messages: (before?.messages ?? 0) + 1,
      unanswered: before?.unanswered ?? 0,
      thumbs_down: (before?.thumbs_down ?? 0) + 1,
    });
    const gap = await sql`SELECT asked FROM analytics_open_gaps
      WHERE bot_id = ${botId}::uuid AND question = 'Is the frame steel?'`.execute(t.db);
    expect(gap.rows).toEqual([{ asked: 1 }]);
    expect(await flushRollups(t.db)).toBe(0);
    await expectRecountEqual();
  });

  it('never counts a turn deleted while queued', async () => {
    await flushRollups(t.db);
    const before = await counted();
    const { conversationId } = await store({ question: 'Do you ship to Norway?' });
    await t.db.deleteFrom('conversations').where('id', '=', conversationId).execute();
    expect(await queued()).toBe(0);
    expect(await flushRollups(t.db)).toBe(0);
    expect(await counted()).toEqual(before);
    await expectRecountEqual();
  });

  it('counts every turn once while turns, votes and flushes run at the same time', async () => {
    await flushRollups(t.db);
    const before = await counted();
    const work: Promise<unknown>[] = [];
    for (let i = 0; i < 30; i++) {
      work.push(
        store({ question: `Question ${i % 7}?`, answered: i % 3 !== 0 }).then(async ({ key }) => {
          if (i % 4 === 0)
            await setTurnFeedback(t.db, (await findTurnByKey(t.db, botId, key))!, -1);
        }),
      );
      if (i % 5 === 0) work.push(flushRollups(t.db));
    }
    await Promise.all(work);
    await flushRollups(t.db);
    expect(await counted()).toEqual({
      messages: (before?.messages ?? 0) + 30,
      unanswered: (before?.unanswered ?? 0) + 10,
      thumbs_down: (before?.thumbs_down ?? 0) + 8,
    });
    await expectRecountEqual();
  });

  it('is flushed by the server within its interval of a stored turn', async () => {
    await flushRollups(t.db);
    const flusher = createRollupFlusher({ db: t.db, log: createLogger('silent'), intervalMs: 50 });
    try {
      // The first turn after a quiet while is counted at once, the next ones within the interval.
      for (const question of ['First?', 'Second?', 'Third?']) {
        await store({ question });
        flusher.turnSaved();
      }
      await expect.poll(queued, { timeout: 5000 }).toBe(0);
    } finally {
      await flusher.stop();
    }
  });
});
