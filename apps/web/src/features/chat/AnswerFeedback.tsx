import type { FeedbackRating, Vote } from '@docent/shared';
import { ThumbsDown, ThumbsUp } from 'lucide-react';

/**
 * Thumbs up/down under an answer: one vote, changeable; pressing the chosen one again takes it
 * back. The row keeps its size whatever is chosen (no layout shift).
 */
export function AnswerFeedback({
  rating,
  onRate,
}: {
  rating: FeedbackRating;
  onRate: (rating: FeedbackRating) => void;
}) {
  const vote = (r: Vote) => onRate(rating === r ? null : r);
  return (
    <fieldset className="chat-vote">
      <legend className="sr-only">Rate this answer</legend>
      <button
        type="button"
        className="chat-vote__button"
        aria-pressed={rating === 'up'}
        aria-label="Helpful"
        title="Helpful"
        onClick={() => vote('up')}
      >
        <ThumbsUp size={15} aria-hidden="true" />
      </button>
      <button
        type="button"
        className="chat-vote__button chat-vote__button--down"
        aria-pressed={rating === 'down'}
        aria-label="Not helpful"
        title="Not helpful"
        onClick={() => vote('down')}
      >
        <ThumbsDown size={15} aria-hidden="true" />
      </button>
      <span className="chat-vote__status" aria-live="polite">
        {rating === 'up'
          ? 'Thanks for the feedback'
          : rating === 'down'
            ? 'Marked as not helpful'
            : ''}
      </span>
    </fieldset>
  );
}
