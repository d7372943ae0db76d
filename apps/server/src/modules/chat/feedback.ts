import type { FeedbackRating } from '@docent/shared';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { notFound } from '../../lib/app-error.ts';
import type { ChatScope } from './chat.service.ts';
import { authoriseBot, authoriseConversation, UUID } from './chat-access.ts';
import { findTurnByKey, setTurnFeedback } from './feedback.repo.ts';

/** A stored vote (1, -1 or null) as the API names it. */
export const ratingOf = (value: number | null): FeedbackRating =>
  value === 1 ? 'up' : value === -1 ? 'down' : null;

/** The API's rating as stored. */
const storedRating = (rating: FeedbackRating): 1 | -1 | null =>
  rating === 'up' ? 1 : rating === 'down' ? -1 : null;

/**
 * The caller's vote on one answer of their own conversation (the owner's preview, or the
 * visitor's widget chat); anyone else's turn, or an unknown one, is a 404.
 */
export async function rateAnswer(
  db: Kysely<DB>,
  scope: ChatScope,
  botId: string,
  turnId: string,
  rating: FeedbackRating,
): Promise<void> {
  const bot = await authoriseBot(db, scope, botId);
  const turn = UUID.test(turnId) ? await findTurnByKey(db, bot.id, turnId) : undefined;
  if (!turn) throw notFound('Answer not found');
  await authoriseConversation(db, scope, bot.id, turn.conversation_id);
  await setTurnFeedback(db, turn, storedRating(rating));
}
