import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { ConversationChannel } from '../../db/tables/chat.ts';
import { type DayRange, localDay, rangeEnd, rangeStart } from './range.ts';

/** Only the analytics read SQL over chat rows; every query is bounded by bots and range. */

export interface ConversationGroup {
  day: string;
  channel: ConversationChannel;
  country: string | null;
  conversations: number;
  resolved: number;
}

/** A resolved conversation: answered at least once, never unanswered, no thumbs-down. */
export const RESOLVED = sql<boolean>`(answered_count > 0 AND unanswered_count = 0 AND thumbs_down = 0)`;

/** Conversations started in the range, counted by local day, channel and country. */
export async function conversationGroups(
  db: Kysely<DB>,
  botIds: string[],
  r: DayRange,
): Promise<ConversationGroup[]> {
  const rows = await db
    .selectFrom('conversations')
    .select((eb) => [
      localDay('created_at', r).as('day'),
      'channel',
      'country',
      eb.fn.countAll<string>().as('conversations'),
      sql<string>`count(*) FILTER (WHERE ${RESOLVED})`.as('resolved'),
    ])
    .where('bot_id', 'in', botIds)
    .where('created_at', '>=', rangeStart(r))
    .where('created_at', '<', rangeEnd(r))
    .groupBy(['day', 'channel', 'country'])
    .execute();
  return rows.map((x) => ({
    ...x,
    conversations: Number(x.conversations),
    resolved: Number(x.resolved),
  }));
}

export interface TurnDay {
  day: string;
  messages: number;
  unanswered: number;
  thumbs_up: number;
  thumbs_down: number;
}

/** Turns asked in the range by local day, with the unanswered ones and the votes. */
export async function turnDays(db: Kysely<DB>, botIds: string[], r: DayRange): Promise<TurnDay[]> {
  const rows = await turnsIn(db, botIds, r)
    .select((eb) => [
      localDay('created_at', r).as('day'),
      eb.fn.countAll<string>().as('messages'),
      sql<string>`count(*) FILTER (WHERE NOT answered)`.as('unanswered'),
      sql<string>`count(*) FILTER (WHERE feedback = 1)`.as('thumbs_up'),
      sql<string>`count(*) FILTER (WHERE feedback = -1)`.as('thumbs_down'),
    ])
    .groupBy('day')
    .execute();
  return rows.map((x) => ({
    day: x.day,
    messages: Number(x.messages),
    unanswered: Number(x.unanswered),
    thumbs_up: Number(x.thumbs_up),
    thumbs_down: Number(x.thumbs_down),
  }));
}

/** Median and 95th percentile of the answer latency of the range's turns. */
export async function latencyPercentiles(
  db: Kysely<DB>,
  botIds: string[],
  r: DayRange,
): Promise<{ median: number | null; p95: number | null }> {
  const row = await turnsIn(db, botIds, r)
    .select([
      sql<number | null>`percentile_cont(0.5) WITHIN GROUP (ORDER BY latency_ms)`.as('median'),
      sql<number | null>`percentile_cont(0.95) WITHIN GROUP (ORDER BY latency_ms)`.as('p95'),
    ])
    .where('latency_ms', 'is not', null)
    .executeTakeFirst();
  const round = (v: number | null | undefined) => (v == null ? null : Math.round(Number(v)));
  return { median: round(row?.median), p95: round(row?.p95) };
}

/** The most asked wordings (case and outer spaces ignored), for grouping near-duplicates. */
export async function askedWordings(
  db: Kysely<DB>,
  botIds: string[],
  r: DayRange,
  limit: number,
): Promise<{ question: string; count: number }[]> {
  const rows = await turnsIn(db, botIds, r)
    .select((eb) => [
      sql<string>`min(question)`.as('question'),
      eb.fn.countAll<string>().as('count'),
    ])
    .groupBy(sql`lower(btrim(question))`)
    .orderBy('count', 'desc')
    .orderBy('question')
    .limit(limit)
    .execute();
  return rows.map((x) => ({ question: x.question, count: Number(x.count) }));
}

export interface CitedSource {
  bot_id: string;
  title: string;
  url: string | null;
  count: number;
}

/**
 * Every source the range's answers cited, per bot, with its count: the one pass over the
 * citations that both the most-cited list and the never-cited list are read from.
 */
export async function citedSources(
  db: Kysely<DB>,
  botIds: string[],
  r: DayRange,
): Promise<CitedSource[]> {
  const { rows } = await sql<{
    bot_id: string;
    title: string | null;
    url: string | null;
    count: string;
  }>`
    SELECT t.bot_id, s->>'title' AS title, s->>'url' AS url, count(*) AS count
    FROM chat_turns t, jsonb_array_elements(t.sources) s
    WHERE t.bot_id IN (${sql.join(botIds)})
      AND t.created_at >= ${rangeStart(r)} AND t.created_at < ${rangeEnd(r)}
    GROUP BY 1, 2, 3`.execute(db);
  return rows.map((x) => ({ ...x, title: x.title ?? '', count: Number(x.count) }));
}

/**
 * Trained documents none of `cited` names (matched per bot by URL, else title), in title
 * order: the documents table alone, the citations having been read once already.
 */
export async function uncitedDocuments(
  db: Kysely<DB>,
  botIds: string[],
  cited: CitedSource[],
  limit: number,
): Promise<{ title: string; url: string | null }[]> {
  const keys = cited.map((c) => `${c.bot_id}\u0001${c.url ?? c.title}`);
  const { rows } = await sql<{ title: string; url: string | null }>`
    SELECT d.title, d.url FROM documents d
    WHERE d.bot_id IN (${sql.join(botIds)})
      AND (d.bot_id::text || chr(1) || coalesce(d.url, d.title)) <> ALL (${keys}::text[])
    ORDER BY d.title, d.url LIMIT ${limit}`.execute(db);
  return rows;
}

function turnsIn(db: Kysely<DB>, botIds: string[], r: DayRange) {
  return db
    .selectFrom('chat_turns')
    .where('bot_id', 'in', botIds)
    .where('created_at', '>=', rangeStart(r))
    .where('created_at', '<', rangeEnd(r));
}
