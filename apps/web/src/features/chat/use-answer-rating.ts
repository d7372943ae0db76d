import { type FeedbackRating, latestSave } from '@docent/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef } from 'react';
import { toast } from 'react-toastify';
import { errorMessage } from '../../lib/api.ts';
import { rateAnswer } from './chat.api.ts';
import type { Turn } from './turn.ts';

type Update = (key: string, fn: (t: Turn) => Turn) => void;

/**
 * One vote per answer, changeable: the new rating shows at once and is saved, one save at a
 * time per answer and the last one pressed winning (latestSave); a failed save puts the
 * previous one back and says why.
 */
export function useAnswerRating(botId: string, update: Update) {
  const queryClient = useQueryClient();
  const savers = useRef(new Map<string, (rating: FeedbackRating) => Promise<void>>());
  return useCallback(
    async (turn: Turn, rating: FeedbackRating) => {
      const { turnId } = turn;
      if (!turnId) return;
      let send = savers.current.get(turnId);
      if (!send) {
        send = latestSave((r: FeedbackRating) => rateAnswer(botId, turnId, r));
        savers.current.set(turnId, send);
      }
      const previous = turn.feedback;
      update(turn.key, (t) => ({ ...t, feedback: rating }));
      try {
        await send(rating);
        void queryClient.invalidateQueries({ queryKey: ['inbox'] });
      } catch (err) {
        update(turn.key, (t) => ({ ...t, feedback: previous }));
        toast.error(errorMessage(err));
      }
    },
    [botId, update, queryClient],
  );
}
