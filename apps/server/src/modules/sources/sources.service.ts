import { KNOWLEDGE_MESSAGES, type TrainedItem } from '@docent/shared';
import { recomputeBot } from '../../ingest/ingest.repo.ts';
import { notFound } from '../../lib/app-error.ts';
import { findOwnedBot } from '../bots/bots.repo.ts';
import type { ServiceDeps } from '../service-deps.ts';
import { listTrainedItems, removeDocumentsByTitle } from './sources.repo.ts';

/** Characters of content shown per trained item. */
const CONTENT_PREVIEW = 300;

export async function trainedItems(
  deps: Pick<ServiceDeps, 'db'>,
  userId: string,
  botId: string,
  sourceType: number,
): Promise<TrainedItem[]> {
  const bot = await findOwnedBot(deps.db, userId, botId);
  if (!bot) throw notFound(KNOWLEDGE_MESSAGES.botNotFound);
  const rows = await listTrainedItems(deps.db, bot.id, sourceType);
  return rows.map((r) => ({
    title: r.title || r.url || 'Untitled',
    content:
      r.excerpt.length > CONTENT_PREVIEW ? `${r.excerpt.slice(0, CONTENT_PREVIEW)}…` : r.excerpt,
    type: r.type,
    status: 'Trained',
  }));
}

/** Removes trained items by title; chunks and index entries go with them. Returns total_chars. */
export async function removeTrainedItem(
  deps: Pick<ServiceDeps, 'db'>,
  userId: string,
  botId: string,
  title: string,
): Promise<{ removed: number; total_chars: number }> {
  const removed = await deps.db.transaction().execute(async (trx) => {
    const bot = await findOwnedBot(trx, userId, botId, { forUpdate: true });
    if (!bot) throw notFound(KNOWLEDGE_MESSAGES.botNotFound);
    const n = await removeDocumentsByTitle(trx, bot.id, title.trim());
    if (n === 0) throw notFound(KNOWLEDGE_MESSAGES.itemNotFound);
    await recomputeBot(trx, bot.id);
    return n;
  });
  const bot = await findOwnedBot(deps.db, userId, botId);
  return { removed, total_chars: bot?.total_chars ?? 0 };
}
