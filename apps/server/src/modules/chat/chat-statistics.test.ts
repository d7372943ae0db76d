import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DB } from '../../db/schema.ts';
import { createLogger } from '../../lib/logger.ts';
import { createBot, openSearchTestDb, type SearchTestDb } from '../../search/testing/search-db.ts';
import { createChatStatistics } from './chat-statistics.ts';

/** Inserts `count` one-turn conversations of the bot in one statement. */
async function addTurns(db: Kysely<DB>, botId: string, count: number): Promise<void> {
  await sql`
    WITH c AS (
      INSERT INTO conversations (bot_id, title, turn_count)
      SELECT ${botId}::uuid, 'Question ' || i, 1 FROM generate_series(1, ${count}) AS i
      RETURNING id, title)
    INSERT INTO chat_turns (conversation_id, bot_id, question, answer, turn_key)
    SELECT id, ${botId}::uuid, title, 'An answer.', gen_random_uuid() FROM c`.execute(db);
}

const analyzedTurns = async (db: Kysely<DB>) =>
  (
    await sql<{ rows: number }>`
      SELECT reltuples::float8 AS rows FROM pg_class WHERE oid = 'chat_turns'::regclass`.execute(db)
  ).rows[0]?.rows;

const hasColumnStatistics = async (db: Kysely<DB>) =>
  (
    await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM pg_stats WHERE tablename = 'chat_turns'`.execute(db)
  ).rows[0]?.n !== 0;

/** Planner statistics of the chat history: at start when missing, and after enough turns. */
describe('createChatStatistics', () => {
  let t: SearchTestDb;
  let botId: string;
  const log = createLogger('silent');

  beforeAll(async () => {
    t = await openSearchTestDb(process.env.TEST_DATABASE_URL);
    ({ botId } = await createBot(t.db));
  });
  afterAll(() => t?.close());

  it('leaves an empty history alone, analyzes one never analyzed at start', async () => {
    const idle = await createChatStatistics({ db: t.db, log });
    await idle.stop();
    expect(await hasColumnStatistics(t.db)).toBe(false);

    await addTurns(t.db, botId, 500);
    const started = await createChatStatistics({ db: t.db, log });
    await started.stop(); // waits for the run the start asked for
    expect(await hasColumnStatistics(t.db)).toBe(true);
    expect(await analyzedTurns(t.db)).toBe(500);
  });

  it('analyzes again once the stored turns pass 50 plus 10 % of the analyzed ones', async () => {
    const stats = await createChatStatistics({ db: t.db, log, minIntervalMs: 0 });
    await addTurns(t.db, botId, 100);
    for (let i = 0; i < 99; i++) stats.turnSaved();
    await new Promise((r) => setTimeout(r, 50));
    expect(await analyzedTurns(t.db)).toBe(500); // 99 < 50 + 10 % of 500
    stats.turnSaved();
    await stats.stop();
    expect(await analyzedTurns(t.db)).toBe(600);
  });
});
