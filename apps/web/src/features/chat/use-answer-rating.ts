import type { FeedbackRating } from '@docent/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { toast } from 'react-toastify';
import { errorMessage } from '../../lib/api.ts';
import { rateAnswer } from './chat.api.ts';
import type { Turn } from './turn.ts';

type Update = (key: string, fn: (t: Turn) => Turn) => void;

/**
 * One vote per answer, changeable: the new rating shows at once and is saved; a failed save
 * puts the previous one back and says why.
 */
export function useAnswerRating(botId: string, update: Update) {
  const queryClient = useQueryClient();
  return useCallback(
    async (turn: Turn, rating: FeedbackRating) => {
      if (!turn.turnId) return;
      const previous = turn.feedback;
      update(turn.key, (t) => ({ ...t, feedback: rating }));
      try {
        await rateAnswer(botId, turn.turnId, rating);
        void queryClient.invalidateQueries({ queryKey: ['inbox'] });
      } catch (err) {
        update(turn.key, (t) => ({ ...t, feedback: previous }));
        toast.error(errorMessage(err));
      }
    },
    [botId, update, queryClient],
  );
}
