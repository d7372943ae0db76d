import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/schema.ts';

/**
 * Counts one hit of `key` in the current fixed window and returns the window's total. Kept in
 * the database so every API process shares the same counts.
 */
export async function countHit(db: Kysely<DB>, key: string, windowMs: number): Promise<number> {
  const windowStart = new Date(Math.floor(Date.now() / windowMs) * windowMs);
  const row = await db
    .insertInto('public_rate_counters')
    .values({ key, window_start: windowStart, hits: 1 })
    .onConflict((oc) =>
      oc.columns(['key', 'window_start']).doUpdateSet({ hits: sql`public_rate_counters.hits + 1` }),
    )
    .returning('hits')
    .executeTakeFirstOrThrow();
  return row.hits;
}

/** The hits of a widget message's counters in the current window, as chargeChatMessage reads them. */
export interface WidgetHits {
  visitor: number;
  /** Null when the visitor was over its cap: the address was not counted. */
  address: number | null;
  /** Null when the visitor or the address was over its cap: neither was counted. */
  block: number | null;
  bot: number | null;
}

/** The keys one widget message is counted under, in the order they are locked. */
export interface WidgetKeys {
  visitor: string;
  address: string;
  block: string;
  bot: string;
}

/** Caps beyond which a message is not counted further (see countWidgetHits). */
export interface WidgetCaps {
  visitorCap: number;
  addressCap: number;
}

/**
 * One widget message counted in one round trip, as four countHit calls in a row would count
 * it: the visitor's key, then the address's only if the visitor is within `visitorCap`, then
 * the block's and the bot's only if the address is within `addressCap`. The keys are always
 * locked in this order, so concurrent messages cannot deadlock.
 */
export async function countWidgetHits(
  db: Kysely<DB>,
  keys: WidgetKeys,
  caps: WidgetCaps,
  windowMs: number,
): Promise<WidgetHits> {
  const windowStart = new Date(Math.floor(Date.now() / windowMs) * windowMs);
  const hit = (key: string, after: ReturnType<typeof sql>) => sql`
    INSERT INTO public_rate_counters AS r (key, window_start, hits)
    SELECT ${key}, ${windowStart}::timestamptz, 1 WHERE ${after}
    ON CONFLICT (key, window_start) DO UPDATE SET hits = r.hits + 1
    RETURNING hits`;
  const result = await sql<WidgetHits>`
    WITH v AS (${hit(keys.visitor, sql`true`)}),
    a AS (${hit(keys.address, sql`(SELECT hits FROM v) <= ${caps.visitorCap}`)}),
    k AS (${hit(keys.block, sql`(SELECT hits FROM a) <= ${caps.addressCap}`)}),
    b AS (${hit(keys.bot, sql`EXISTS (SELECT 1 FROM k)`)})
    SELECT (SELECT hits FROM v) AS visitor, (SELECT hits FROM a) AS address,
      (SELECT hits FROM k) AS block, (SELECT hits FROM b) AS bot`.execute(db);
  return result.rows[0] as WidgetHits;
}

/** Takes back one hit of `key` in the current window (a request that was refused after all). */
export async function refundHit(db: Kysely<DB>, key: string, windowMs: number): Promise<void> {
  const windowStart = new Date(Math.floor(Date.now() / windowMs) * windowMs);
  await db
    .updateTable('public_rate_counters')
    .set({ hits: sql`greatest(hits - 1, 0)` })
    .where('key', '=', key)
    .where('window_start', '=', windowStart)
    .execute();
}

/** How many keys starting with `prefix` have hits in the current window. */
export async function countActiveKeys(
  db: Kysely<DB>,
  prefix: string,
  windowMs: number,
): Promise<number> {
  const windowStart = new Date(Math.floor(Date.now() / windowMs) * windowMs);
  const row = await db
    .selectFrom('public_rate_counters')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('key', 'like', `${prefix.replace(/[\\%_]/g, '\\$&')}%`)
    .where('window_start', '=', windowStart)
    .where('hits', '>', 0)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export async function deleteCountersBefore(db: Kysely<DB>, before: Date): Promise<void> {
  await db.deleteFrom('public_rate_counters').where('window_start', '<', before).execute();
}
