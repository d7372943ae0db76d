import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { Logger } from '../../lib/logger.ts';
import { createVacuumScheduler } from '../../search/vacuum-scheduler.ts';

/** autovacuum's defaults: analyze once 50 rows plus 10 % of the table have changed. */
const BASE_ROWS = 50;
const SCALE = 0.1;

export interface ChatStatistics {
  /** Counts a stored turn; enough of them since the last refresh ask for another. */
  turnSaved(): void;
  /** Waits for a running refresh and drops a pending one (shutdown). */
  stop(): Promise<void>;
}

interface TurnStatistics {
  /** Turns at the last ANALYZE (or index build); -1 when never counted. */
  rows: number;
  /** The table's pages then, and now. */
  pages: number;
  pagesNow: number;
  /** Whether the planner has column statistics (an ANALYZE ran) at all. */
  analyzed: boolean;
}

/**
 * chat_turns as the planner last saw it and its size now. PGlite keeps no activity counters
 * across a restart (n_mod_since_analyze starts at 0), so growth is read from the file size.
 */
async function turnStatistics(db: Kysely<DB>): Promise<TurnStatistics> {
  const result = await sql<TurnStatistics>`
    SELECT c.reltuples::float8 AS rows, c.relpages::float8 AS pages,
      (pg_relation_size(c.oid) / current_setting('block_size')::int)::float8 AS "pagesNow",
      EXISTS (SELECT 1 FROM pg_stats s WHERE s.schemaname = n.nspname AND s.tablename = c.relname)
        AS analyzed
    FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE c.oid = 'chat_turns'::regclass`.execute(db);
  const row = result.rows[0];
  if (!row) throw new Error('chat_turns is missing');
  return row;
}

const thresholdOf = (rows: number) => BASE_ROWS + SCALE * Math.max(0, rows);

/** Never analyzed, or grown past the threshold since (rows estimated from the pages). */
function stale(s: TurnStatistics): boolean {
  if (s.pagesNow === 0) return false;
  if (!s.analyzed || s.rows <= 0 || s.pages === 0) return true;
  const rowsNow = (s.pagesNow * s.rows) / s.pages;
  return rowsNow - s.rows >= thresholdOf(s.rows);
}

/**
 * Planner statistics of conversations and chat_turns, which the inbox and analytics read.
 * Without them the planner guessed that a bot had one conversation and searched the turns'
 * trigram indexes once per conversation: minutes instead of milliseconds for 100,000 turns.
 * At start, a history never analyzed or grown past autovacuum's threshold since (a bulk
 * import, a restored dump, turns stored before a restart) is analyzed once, on either
 * database. Embedded PGlite has no autovacuum, so there the chat path also counts stored turns
 * (`turnSaved`) and asks again past the threshold. Runs go through the coalescing scheduler of
 * the search index vacuum: one at a time, at most one a minute.
 */
export async function createChatStatistics(opts: {
  db: Kysely<DB>;
  log: Logger;
  minIntervalMs?: number;
}): Promise<ChatStatistics> {
  const { db } = opts;
  const initial = await turnStatistics(db);
  let threshold = thresholdOf(initial.rows);
  let saved = 0;
  const scheduler = createVacuumScheduler({
    what: 'analyzing the chat history',
    log: opts.log,
    minIntervalMs: opts.minIntervalMs,
    vacuum: async () => {
      saved = 0;
      await sql`ANALYZE conversations, chat_turns`.execute(db);
      threshold = thresholdOf((await turnStatistics(db)).rows);
    },
  });
  if (stale(initial)) scheduler.request();
  return {
    turnSaved() {
      saved += 1;
      if (saved >= threshold) scheduler.request();
    },
    stop: () => scheduler.stop(),
  };
}
