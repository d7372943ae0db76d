import type { AnalyticsSummary, GapAnswerBody, GapDismissBody, KnowledgeGap } from '@docent/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';
import { BOT_LIST_KEY } from '../bots/index.ts';
import type { DayRange } from './range.ts';

/** `bot_id` empty means every bot of the account, summed. */
export interface SummaryScope extends DayRange {
  botId: string;
}

/** The query string of the analytics and inbox calls for a bot (or all) and a range. */
export function scopeQuery(scope: Partial<SummaryScope>): string {
  const params = new URLSearchParams();
  if (scope.botId) params.set('bot_id', scope.botId);
  if (scope.from) params.set('from', scope.from);
  if (scope.to) params.set('to', scope.to);
  if (scope.tz) params.set('tz', scope.tz);
  return params.toString();
}

export const ANALYTICS_KEY = ['analytics'] as const;

/** GET analytics/summary; the previous range stays on screen while the next one loads. */
export function useAnalyticsSummary(scope: SummaryScope) {
  return useQuery({
    queryKey: [...ANALYTICS_KEY, 'summary', scope],
    queryFn: async () =>
      (await api<AnalyticsSummary>(`analytics/summary?${scopeQuery(scope)}`)).response,
    placeholderData: keepPreviousData,
  });
}

const gapsKey = (botId: string) => [...ANALYTICS_KEY, 'gaps', botId] as const;

/** GET analytics/gaps: the open knowledge gaps of one bot or of all of them. */
export function useKnowledgeGaps(botId: string) {
  return useQuery({
    queryKey: gapsKey(botId),
    queryFn: async () =>
      (await api<KnowledgeGap[]>(`analytics/gaps?${scopeQuery({ botId })}`)).response,
  });
}

/**
 * Dismiss and Add answer: both close a gap, so both refresh the gaps and the figures; an
 * answer also starts training, which the bot list shows.
 */
function useGapMutation<B>(path: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: B) => api(path, { json: body }),
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: ANALYTICS_KEY }),
        client.invalidateQueries({ queryKey: BOT_LIST_KEY }),
      ]),
  });
}

export const useDismissGap = () => useGapMutation<GapDismissBody>('analytics/gaps/dismiss');

/** Trains the pair through the Q&A path on the server and resolves the group. */
export const useAnswerGap = () => useGapMutation<GapAnswerBody>('analytics/gaps/answer');
