import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { fetchConversation, fetchInbox } from './inbox.api.ts';

export const INBOX_KEY = ['inbox'] as const;

/** A page of conversations; the previous page stays shown while the next one loads. */
export function useInboxPage(query: Record<string, string | undefined>) {
  return useQuery({
    queryKey: [...INBOX_KEY, 'list', query],
    queryFn: () => fetchInbox(query),
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });
}

export function useInboxConversation(id: string | null) {
  return useQuery({
    queryKey: [...INBOX_KEY, 'conversation', id],
    queryFn: () => fetchConversation(id ?? ''),
    enabled: Boolean(id),
    staleTime: 10_000,
  });
}
