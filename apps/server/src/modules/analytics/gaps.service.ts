import { ANALYTICS_MESSAGES, type KnowledgeGap, type TrainingResponse } from '@docent/shared';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { GapState } from '../../db/tables/chat.ts';
import { notFound } from '../../lib/app-error.ts';
import { toCsv } from '../../lib/csv.ts';
import type { ServiceDeps } from '../service-deps.ts';
import { trainQaPairs } from '../sources/content-training.service.ts';
import { closeFailedWordings, type FailedWording, openFailedWordings } from './gaps.repo.ts';
import { groupQuestions, type QuestionGroup } from './question-groups.ts';
import { flushRollups } from './rollups.repo.ts';
import { botsInScope } from './scope.ts';

/** Distinct failed wordings read per request; near-duplicates are grouped among them. */
const WORDINGS = 500;

type Group = QuestionGroup<FailedWording> & { botId: string };

/** Open gaps of each bot, grouped by bot first (a question means something per bot). */
async function openGroups(db: Kysely<DB>, botIds: string[]): Promise<Group[]> {
  if (botIds.length === 0) return [];
  // Turns stored within the last second may still be queued for the open gaps read below.
  await flushRollups(db);
  const wordings = await openFailedWordings(db, botIds, WORDINGS);
  const byBot = new Map<string, FailedWording[]>();
  for (const w of wordings) byBot.set(w.bot_id, [...(byBot.get(w.bot_id) ?? []), w]);
  return [...byBot].flatMap(([botId, rows]) => groupQuestions(rows).map((g) => ({ ...g, botId })));
}

const toGap = (g: Group): KnowledgeGap => {
  const last = Math.max(...g.members.map((m) => m.last_asked.getTime()));
  return {
    gap_id: g.id,
    bot_id: g.botId,
    question: g.question,
    count: g.count,
    last_asked: new Date(last).toISOString(),
    unanswered: g.members.reduce((n, m) => n + m.unanswered, 0),
    thumbs_down: g.members.reduce((n, m) => n + m.thumbs_down, 0),
    variants: g.members.map((m) => m.question.trim()).filter((q) => q !== g.question),
  };
};

/**
 * Questions the bot could not answer or whose answer got a thumbs-down, near-duplicates
 * grouped, most asked first (ties: most recent first).
 */
export async function knowledgeGaps(
  db: Kysely<DB>,
  userId: string,
  botId: string | undefined,
): Promise<KnowledgeGap[]> {
  const { ids } = await botsInScope(db, userId, botId);
  return (await openGroups(db, ids))
    .map(toGap)
    .sort((a, b) => b.count - a.count || b.last_asked.localeCompare(a.last_asked));
}

/** The open group the owner picked; 404 when it was closed meanwhile or never existed. */
async function openGroup(
  db: Kysely<DB>,
  userId: string,
  ref: { bot_id: string; gap_id: string },
): Promise<Group> {
  const { ids } = await botsInScope(db, userId, ref.bot_id);
  const group = (await openGroups(db, ids)).find((g) => g.id === ref.gap_id);
  if (!group) throw notFound(ANALYTICS_MESSAGES.gapNotFound);
  return group;
}

const close = (db: Kysely<DB>, group: Group, state: GapState) =>
  closeFailedWordings(
    db,
    group.botId,
    group.members.map((m) => m.wording),
    state,
  );

/** The owner decided the gap needs no answer; it leaves the list (new failures come back). */
export async function dismissGap(
  db: Kysely<DB>,
  userId: string,
  ref: { bot_id: string; gap_id: string },
): Promise<void> {
  await close(db, await openGroup(db, userId, ref), 'dismissed');
}

/**
 * Add answer: trains the pair through the normal Q&A path (a new Q&A source, indexed by the
 * training job like any other), then marks the group resolved.
 */
export async function answerGap(
  deps: Pick<ServiceDeps, 'db' | 'jobs'>,
  userId: string,
  body: { bot_id: string; gap_id: string; question: string; answer: string },
): Promise<TrainingResponse> {
  const group = await openGroup(deps.db, userId, body);
  const training = await trainQaPairs(deps, userId, {
    bot_id: body.bot_id,
    question_answer: [{ question: body.question, answer: body.answer }],
  });
  await close(deps.db, group, 'resolved');
  return training;
}

/** The open gaps as CSV (the same list as the page). */
export async function gapsCsv(
  db: Kysely<DB>,
  userId: string,
  botId: string | undefined,
): Promise<string> {
  const { names } = await botsInScope(db, userId, botId);
  const gaps = await knowledgeGaps(db, userId, botId);
  return toCsv(
    ['bot', 'question', 'count', 'last_asked', 'unanswered', 'thumbs_down', 'variants'],
    gaps.map((g) => [
      names.get(g.bot_id) ?? '',
      g.question,
      g.count,
      g.last_asked,
      g.unanswered,
      g.thumbs_down,
      g.variants.join(' | '),
    ]),
  );
}
