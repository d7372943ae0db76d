import type { TrainingResponse } from '@docent/shared';
import { recomputeBot } from '../../ingest/ingest.repo.ts';
import { normalizeLine } from '../../ingest/normalize.ts';
import type { SourceSpec } from '../../ingest/sources/index.ts';
import { trainSourceKey } from '../../jobs/queue.ts';
import { notFound } from '../../lib/app-error.ts';
import { type BotRow, findOwnedBot, insertBot } from '../bots/bots.repo.ts';
import { assertCanCreateBot, assertCharsFit, planOfUser } from '../plans/plans.service.ts';
import type { ServiceDeps } from '../service-deps.ts';
import { insertSource } from './sources.repo.ts';

/**
 * Which bot a training call adds to: `bot_id` (ownership checked), else a new bot named
 * `bot_name`, or after its content when the owner gave no name.
 */
export interface BotTarget {
  bot_id: string | undefined;
  bot_name?: string | undefined;
}

export interface TrainingRequest {
  userId: string;
  target: BotTarget;
  /** The new bot's name when the owner gave none: the first title, question, file or page. */
  botName: string;
  /** What to train: the source type with exactly that type's input (sources.type, .input). */
  source: SourceSpec;
  /** Trained-items list: 1 website, 2 question, 3 text & files, 4 youtube. */
  sourceType: 1 | 2 | 3 | 4;
  title: string;
  origin: string | null;
  /** Characters as the server counts them from `input` (never the client's claim). */
  chars: number;
  documentsTotal: number | null;
  /** Echoed in the reply (docs/spec.md §4: the client routes on it). */
  stage: number;
}

const BOT_NAME_MAX = 60;

/** A bot named from its content: the first title or question, shortened at a word. */
export function botNameFrom(text: string): string {
  const line = normalizeLine(text);
  if (!line) return 'My Chatbot';
  if (line.length <= BOT_NAME_MAX) return line;
  const cut = line.slice(0, BOT_NAME_MAX);
  const space = cut.lastIndexOf(' ');
  return `${(space > 20 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

/**
 * Records a source to train and queues its job. Plan limits (bots per account, characters per
 * bot) are checked in the same transaction that creates the bot and the source.
 */
export async function startTraining(
  deps: Pick<ServiceDeps, 'db' | 'jobs'>,
  req: TrainingRequest,
): Promise<TrainingResponse> {
  const { bot, sourceId } = await deps.db.transaction().execute(async (trx) => {
    let target: BotRow | undefined;
    let plan: Awaited<ReturnType<typeof planOfUser>>;
    if (req.target.bot_id) {
      target = await findOwnedBot(trx, req.userId, req.target.bot_id, { forUpdate: true });
      if (!target) throw notFound('Chatbot not found');
      plan = await planOfUser(trx, req.userId);
    } else {
      plan = await assertCanCreateBot(trx, req.userId);
      target = await insertBot(trx, req.userId, req.target.bot_name || botNameFrom(req.botName));
    }
    await assertCharsFit(trx, plan, target.id, req.chars);
    const sourceId = await insertSource(trx, {
      bot_id: target.id,
      ...req.source,
      source_type: req.sourceType,
      title: normalizeLine(req.title).slice(0, 300),
      origin: req.origin,
      char_count: req.chars,
      documents_total: req.documentsTotal,
    });
    await recomputeBot(trx, target.id);
    return { bot: target, sourceId };
  });
  await deps.jobs.enqueue('train-source', { sourceId }, { dedupeKey: trainSourceKey(sourceId) });
  return { stage: req.stage, botId: bot.id, bot_name: bot.name };
}
