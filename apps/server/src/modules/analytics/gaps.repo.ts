import { type Expression, type Kysely, type SqlBool, sql } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { GapState } from '../../db/tables/chat.ts';

/** A question that found nothing relevant, or whose answer got a thumbs-down. */
const FAILED = sql<SqlBool>`(NOT answered OR feedback = -1)`;
/** The wording of a question with case and outer spaces ignored. */
const WORDING = sql<string>`lower(btrim(question))`;

export interface FailedWording {
  bot_id: string;
  /** WORDING: how the group's turns are found again. */
  wording: string;
  question: string;
  count: number;
  last_asked: Date;
  unanswered: number;
  thumbs_down: number;
}

/**
 * Failed questions not yet answered or dismissed by the owner, most asked wordings first: the
 * open gaps rollup (migration 0015), one row per exact question, regrouped by wording.
 */
export async function openFailedWordings(
  db: Kysely<DB>,
  botIds: string[],
  limit: number,
): Promise<FailedWording[]> {
  const rows = await db
    .selectFrom('analytics_open_gaps')
    .select((eb) => [
      'bot_id',
      WORDING.as('wording'),
      sql<string>`min(question)`.as('question'),
      eb.fn.sum<number>('asked').as('count'),
      eb.fn.max('last_asked').as('last_asked'),
      eb.fn.sum<number>('unanswered').as('unanswered'),
      eb.fn.sum<number>('thumbs_down').as('thumbs_down'),
    ])
    .where('bot_id', 'in', botIds)
    .groupBy(['bot_id', 'wording'])
    .orderBy('count', 'desc')
    // Among equally frequent wordings the first asked leads its group.
    .orderBy(sql`min(first_asked)`)
    .limit(limit)
    .execute();
  return rows.map((x) => ({
    ...x,
    last_asked: new Date(x.last_asked),
    count: Number(x.count),
    unanswered: Number(x.unanswered),
    thumbs_down: Number(x.thumbs_down),
  }));
}

/** Marks the open failed turns of these wordings answered or dismissed; returns how many. */
export async function closeFailedWordings(
  db: Kysely<DB>,
  botId: string,
  wordings: string[],
  state: GapState,
): Promise<number> {
  if (wordings.length === 0) return 0;
  const result = await db
    .updateTable('chat_turns')
    .set({ gap_state: state })
    .where('bot_id', '=', botId)
    .where('gap_state', 'is', null)
    .where(FAILED as Expression<SqlBool>)
    .where(WORDING, 'in', wordings)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
