import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { ConversationChannel } from '../../db/tables/chat.ts';
import type { LatencyBin } from './latency-histogram.ts';
import { type DayRange, localDay } from './range.ts';
import { inDays, inEdges, type RollupSpan } from './rollup-span.ts';

/**
 * Only the analytics read SQL: the rollups of migration 0015 (kept by triggers on every chat
 * write), and for the partial UTC days at a range's ends the chat rows themselves.
 */

/** A resolved conversation: the migration's conversation_resolved, the one definition. */
export const RESOLVED = sql<boolean>`conversation_resolved(answered_count, unanswered_count, thumbs_down)`;

export interface DayCounts {
  day: string;
  conversations: number;
  resolved: number;
  messages: number;
  unanswered: number;
  thumbs_up: number;
  thumbs_down: number;
}

/**
 * Conversations started and turns asked per local day of the range. Quarter-hour rows regroup
 * exactly into any zone's days (migration 0015).
 */
export async function dayCounts(
  db: Kysely<DB>,
  botIds: string[],
  r: DayRange,
  span: RollupSpan,
): Promise<DayCounts[]> {
  const rows = await db
    .selectFrom('analytics_quarters')
    .select((eb) => [
      localDay('quarter', r).as('day'),
      eb.fn.sum<number>('conversations').as('conversations'),
      eb.fn.sum<number>('resolved').as('resolved'),
      eb.fn.sum<number>('messages').as('messages'),
      eb.fn.sum<number>('unanswered').as('unanswered'),
      eb.fn.sum<number>('thumbs_up').as('thumbs_up'),
      eb.fn.sum<number>('thumbs_down').as('thumbs_down'),
    ])
    .where('bot_id', 'in', botIds)
    .where('quarter', '>=', span.start)
    .where('quarter', '<', span.end)
    .groupBy('day')
    .execute();
  return rows.map((x) => ({
    day: x.day,
    conversations: Number(x.conversations),
    resolved: Number(x.resolved),
    messages: Number(x.messages),
    unanswered: Number(x.unanswered),
    thumbs_up: Number(x.thumbs_up),
    thumbs_down: Number(x.thumbs_down),
  }));
}

export interface OriginCount {
  channel: ConversationChannel;
  /** '' when unknown. */
  country: string;
  conversations: number;
}

/** Conversations started in the span by channel and country. */
export async function originCounts(
  db: Kysely<DB>,
  botIds: string[],
  span: RollupSpan,
): Promise<OriginCount[]> {
  const { rows } = await sql<{
    channel: ConversationChannel;
    country: string;
    conversations: string;
  }>`
    SELECT channel, country, sum(n) AS conversations FROM (
      SELECT channel, country, conversations AS n FROM analytics_day_origins
      WHERE bot_id IN (${sql.join(botIds)}) AND ${inDays(span)}
      UNION ALL
      SELECT channel, coalesce(country, ''), 1 FROM conversations
      WHERE bot_id IN (${sql.join(botIds)}) AND ${inEdges('created_at', span)}
    ) x GROUP BY 1, 2`.execute(db);
  return rows.map((x) => ({ ...x, conversations: Number(x.conversations) }));
}

/** The latency histogram of the span's turns, bins in ascending order. */
export async function latencyBins(
  db: Kysely<DB>,
  botIds: string[],
  span: RollupSpan,
): Promise<LatencyBin[]> {
  const { rows } = await sql<{ bin: number; turns: string; total_ms: string }>`
    SELECT bin, sum(turns) AS turns, sum(total_ms) AS total_ms FROM (
      SELECT bin, turns, total_ms FROM analytics_day_latency
      WHERE bot_id IN (${sql.join(botIds)}) AND ${inDays(span)}
      UNION ALL
      SELECT analytics_latency_bin(latency_ms), 1, latency_ms FROM chat_turns
      WHERE bot_id IN (${sql.join(botIds)}) AND ${inEdges('created_at', span)}
        AND latency_ms IS NOT NULL
    ) x GROUP BY 1 ORDER BY 1`.execute(db);
  return rows.map((x) => ({ bin: x.bin, turns: Number(x.turns), total_ms: Number(x.total_ms) }));
}

/**
 * The most asked wordings (case and outer spaces ignored; the first wording in sort order
 * names each), for grouping near-duplicates.
 */
export async function askedWordings(
  db: Kysely<DB>,
  botIds: string[],
  span: RollupSpan,
  limit: number,
): Promise<{ question: string; count: number }[]> {
  const { rows } = await sql<{ question: string; count: string }>`
    SELECT min(question) AS question, sum(asked) AS count FROM (
      SELECT wording_hash, question, asked FROM analytics_day_questions
      WHERE bot_id IN (${sql.join(botIds)}) AND ${inDays(span)}
      UNION ALL
      SELECT md5(lower(btrim(question)))::uuid, question, 1 FROM chat_turns
      WHERE bot_id IN (${sql.join(botIds)}) AND ${inEdges('created_at', span)}
    ) x GROUP BY wording_hash
    ORDER BY count DESC, question LIMIT ${limit}`.execute(db);
  return rows.map((x) => ({ question: x.question, count: Number(x.count) }));
}

export interface CitedSource {
  bot_id: string;
  title: string;
  url: string | null;
  count: number;
}

/**
 * Every source the span's answers cited, per bot, with its count: the one pass over the
 * citations that both the most-cited list and the never-cited list are read from.
 */
export async function citedSources(
  db: Kysely<DB>,
  botIds: string[],
  span: RollupSpan,
): Promise<CitedSource[]> {
  const { rows } = await sql<{ bot_id: string; title: string; url: string | null; count: string }>`
    SELECT bot_id, title, url, sum(cited) AS count FROM (
      SELECT bot_id, title, url, cited FROM analytics_day_sources
      WHERE bot_id IN (${sql.join(botIds)}) AND ${inDays(span)}
      UNION ALL
      SELECT t.bot_id, coalesce(s->>'title', ''), s->>'url', 1
      FROM chat_turns t, jsonb_array_elements(t.sources) s
      WHERE t.bot_id IN (${sql.join(botIds)}) AND ${inEdges('t.created_at', span)}
    ) x GROUP BY 1, 2, 3`.execute(db);
  return rows.map((x) => ({ ...x, count: Number(x.count) }));
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
