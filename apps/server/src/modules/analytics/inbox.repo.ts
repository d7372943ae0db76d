import type { Vote } from '@docent/shared';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { ConversationChannel } from '../../db/tables/chat.ts';
import { type DayRange, rangeEnd, rangeStart } from './range.ts';
import { RESOLVED } from './summary.repo.ts';

export interface InboxFilter {
  botIds: string[];
  range: DayRange;
  channel?: ConversationChannel | undefined;
  feedback?: Vote | undefined;
  unanswered: boolean;
  /** Words to find in a question, an answer or the title (case ignored). */
  q?: string | undefined;
}

const COLUMNS = [
  'c.id',
  'c.bot_id',
  'c.channel',
  'c.country',
  'c.title',
  'c.turn_count',
  'c.unanswered_count',
  'c.thumbs_up',
  'c.thumbs_down',
  'c.created_at',
  'c.updated_at',
] as const;

/** `%text%` for ILIKE with the pattern characters of the text itself escaped. */
const contains = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * The conversations with a turn whose question or answer contains the pattern. A title is its
 * conversation's first question (cut at 200 characters), so finding the questions finds the
 * titles too. `c.id IN (…)` rather than a correlated EXISTS, so the planner may read the
 * trigram indexes of the turns (migration 0019) when few match, or walk the newest
 * conversations and look at their turns when many do. No bot filter in here: the caller's
 * conversations are of the right bots, and without statistics the planner took one as a
 * reason to read every turn of the bot for each conversation.
 */
function mentioning(db: Kysely<DB>, pattern: string) {
  return db
    .selectFrom('chat_turns')
    .select('conversation_id')
    .where((eb) => eb.or([eb('question', 'ilike', pattern), eb('answer', 'ilike', pattern)]));
}

/** The conversations matching the filter, started in its range. */
function matching(db: Kysely<DB>, f: InboxFilter) {
  let q = db
    .selectFrom('conversations as c')
    .where('c.bot_id', 'in', f.botIds)
    .where('c.created_at', '>=', rangeStart(f.range))
    .where('c.created_at', '<', rangeEnd(f.range));
  if (f.channel) q = q.where('c.channel', '=', f.channel);
  if (f.feedback === 'up') q = q.where('c.thumbs_up', '>', 0);
  if (f.feedback === 'down') q = q.where('c.thumbs_down', '>', 0);
  if (f.unanswered) q = q.where('c.unanswered_count', '>', 0);
  if (f.q) q = q.where('c.id', 'in', mentioning(db, contains(f.q)));
  return q;
}

/**
 * How many conversations a search counts at most beyond the page's offset. A frequent word
 * matches most of a busy bot's history; counting every match would take longer than finding
 * the page, and "1,000+" says as much to the reader.
 */
export const SEARCH_COUNT_CAP = 1000;

/** How many match in all, or `limit` and `capped` when there are more. */
async function countMatching(db: Kysely<DB>, f: InboxFilter, limit: number | undefined) {
  if (limit === undefined) {
    const row = await matching(db, f)
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    return { total: Number(row.n), capped: false };
  }
  const row = await db
    .selectFrom(
      matching(db, f)
        .select('c.id')
        .limit(limit + 1)
        .as('m'),
    )
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  const n = Number(row.n);
  return { total: Math.min(n, limit), capped: n > limit };
}

/** One page, newest first, and how many match in all (a search's count is capped). */
export async function inboxPage(
  db: Kysely<DB>,
  f: InboxFilter,
  page: { offset: number; limit: number },
) {
  const [rows, count] = await Promise.all([
    matching(db, f)
      .select([...COLUMNS, RESOLVED.as('resolved')])
      .orderBy('c.created_at', 'desc')
      .orderBy('c.id', 'desc')
      .offset(page.offset)
      .limit(page.limit)
      .execute(),
    countMatching(db, f, f.q ? page.offset + SEARCH_COUNT_CAP : undefined),
  ]);
  return { rows, ...count };
}

/** Every matching conversation's turns, for the CSV export (bounded by `limit` turns). */
export function inboxTurns(db: Kysely<DB>, f: InboxFilter, limit: number) {
  return matching(db, f)
    .innerJoin('chat_turns as t', 't.conversation_id', 'c.id')
    .select([
      'c.id',
      'c.bot_id',
      'c.channel',
      'c.country',
      't.question',
      't.answer',
      't.answered',
      't.feedback',
      't.latency_ms',
      't.sources',
      't.created_at',
    ])
    .orderBy('c.created_at', 'desc')
    .orderBy('c.id', 'desc')
    .orderBy('t.id', 'asc')
    .limit(limit)
    .execute();
}

/** A conversation of one of these bots, with its summary columns. */
export function inboxConversation(db: Kysely<DB>, botIds: string[], id: string) {
  return db
    .selectFrom('conversations as c')
    .select([...COLUMNS, RESOLVED.as('resolved')])
    .where('c.bot_id', 'in', botIds)
    .where('c.id', '=', id)
    .executeTakeFirst();
}

export function conversationTurns(db: Kysely<DB>, conversationId: string) {
  return db
    .selectFrom('chat_turns')
    .select([
      'turn_key',
      'question',
      'answer',
      'sources',
      'answered',
      'feedback',
      'engine',
      'latency_ms',
      'created_at',
    ])
    .where('conversation_id', '=', conversationId)
    .orderBy('id', 'asc')
    .execute();
}
