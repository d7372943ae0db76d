import { type FeedbackRating, VOTES, type Vote } from '@docent/shared';
import { type LucideIcon, ThumbsDown, ThumbsUp } from 'lucide-react';

const VOTE_BUTTONS: Record<Vote, { label: string; Icon: LucideIcon }> = {
  up: { label: 'Helpful', Icon: ThumbsUp },
  down: { label: 'Not helpful', Icon: ThumbsDown },
};

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
      {VOTES.map((v) => {
        const { label, Icon } = VOTE_BUTTONS[v];
        return (
          <button
            key={v}
            type="button"
            className={`chat-vote__button chat-vote__button--${v}`}
            aria-pressed={rating === v}
            aria-label={label}
            title={label}
            onClick={() => vote(v)}
          >
            <Icon size={15} aria-hidden="true" />
          </button>
        );
      })}
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
