import type { InboxDetail, InboxPage } from '@docent/shared';
import { api, apiStream } from '../../lib/api.ts';
import { toSearch } from './filters.ts';

type Query = Record<string, string | undefined>;

/** One page of the bot's conversations, newest first. */
export async function fetchInbox(query: Query): Promise<InboxPage> {
  const reply = await api<InboxPage>(`inbox/conversations?${toSearch(query)}`);
  return reply.response;
}

/** One conversation with all its turns, their sources and feedback. */
export async function fetchConversation(id: string): Promise<InboxDetail> {
  const reply = await api<InboxDetail>(`inbox/conversations/${encodeURIComponent(id)}`);
  return reply.response;
}

/**
 * Downloads the filtered conversations as CSV (one row per question and answer). Fetched
 * through the API client, so an expired session is refreshed first, then saved as a file.
 */
export async function downloadInboxCsv(query: Query, fileName: string): Promise<void> {
  const { page: _page, page_size: _size, ...rest } = query;
  const res = await apiStream(`inbox/export?${toSearch(rest)}`);
  const url = URL.createObjectURL(await res.blob());
  try {
    const a = document.createElement('a');
    a.href = url;
    a.download = fileName;
    document.body.append(a);
    a.click();
    a.remove();
  } finally {
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  }
}
