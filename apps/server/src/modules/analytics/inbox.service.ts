import {
  ANALYTICS_MESSAGES,
  type InboxConversation,
  type InboxDetail,
  type InboxPage,
  type Vote,
} from '@docent/shared';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { ConversationChannel } from '../../db/tables/chat.ts';
import { notFound } from '../../lib/app-error.ts';
import { toCsv } from '../../lib/csv.ts';
import { UUID } from '../chat/chat-access.ts';
import { ratingOf } from '../chat/feedback.ts';
import {
  conversationTurns,
  type InboxFilter,
  inboxConversation,
  inboxPage,
  inboxTurns,
} from './inbox.repo.ts';
import { resolveRange } from './range.ts';
import { type BotScope, botsInScope } from './scope.ts';

/** The most turns one CSV export holds. */
const EXPORT_TURNS = 50_000;

/** The inbox query after validation (packages/shared inboxQuery's output). */
export interface InboxRequest {
  bot_id?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
  tz: string;
  channel?: ConversationChannel | undefined;
  feedback?: Vote | undefined;
  unanswered: boolean;
  q?: string | undefined;
  page: number;
  page_size: number;
}

async function filterOf(
  db: Kysely<DB>,
  userId: string,
  req: InboxRequest,
): Promise<{ filter: InboxFilter; scope: BotScope }> {
  const range = resolveRange(req);
  const scope = await botsInScope(db, userId, req.bot_id);
  return {
    scope,
    filter: {
      botIds: scope.ids,
      range,
      channel: req.channel,
      feedback: req.feedback,
      unanswered: req.unanswered,
      q: req.q || undefined,
    },
  };
}

type Row = Awaited<ReturnType<typeof inboxPage>>['rows'][number];

const toConversation = (r: Row, scope: BotScope): InboxConversation => ({
  conversation_id: r.id,
  bot_id: r.bot_id,
  bot_name: scope.names.get(r.bot_id) ?? '',
  channel: r.channel,
  country: r.country,
  title: r.title,
  turn_count: r.turn_count,
  unanswered: r.unanswered_count,
  thumbs_up: r.thumbs_up,
  thumbs_down: r.thumbs_down,
  resolved: Boolean(r.resolved),
  created_at: new Date(r.created_at).toISOString(),
  updated_at: new Date(r.updated_at).toISOString(),
});

/** Every conversation of the account's bots (or one bot), newest first, filtered and paged. */
export async function listInbox(
  db: Kysely<DB>,
  userId: string,
  req: InboxRequest,
): Promise<InboxPage> {
  const { filter, scope } = await filterOf(db, userId, req);
  const paging = { page: req.page, page_size: req.page_size };
  if (scope.ids.length === 0) return { items: [], total: 0, total_capped: false, ...paging };
  const { rows, total, capped } = await inboxPage(db, filter, {
    offset: (req.page - 1) * req.page_size,
    limit: req.page_size,
  });
  const items = rows.map((r) => toConversation(r, scope));
  return { items, total, total_capped: capped, ...paging };
}

/** One conversation with all its turns and their sources; another account's is a 404. */
export async function inboxDetail(
  db: Kysely<DB>,
  userId: string,
  id: string,
): Promise<InboxDetail> {
  const scope = await botsInScope(db, userId, undefined);
  const row =
    UUID.test(id) && scope.ids.length > 0 ? await inboxConversation(db, scope.ids, id) : undefined;
  if (!row) throw notFound(ANALYTICS_MESSAGES.conversationNotFound);
  const turns = await conversationTurns(db, row.id);
  return {
    conversation: toConversation(row, scope),
    turns: turns.map((t) => ({
      turn_id: t.turn_key,
      question: t.question,
      answer: t.answer,
      sources: t.sources.map((s) => ({ title: s.title, url: s.url, chunk_id: s.chunk_id })),
      answered: t.answered,
      feedback: ratingOf(t.feedback),
      engine: t.engine,
      latency_ms: t.latency_ms,
      created_at: new Date(t.created_at).toISOString(),
    })),
  };
}

/** The filtered conversations as CSV, one row per turn. */
export async function inboxCsv(db: Kysely<DB>, userId: string, req: InboxRequest): Promise<string> {
  const { filter, scope } = await filterOf(db, userId, req);
  const rows = scope.ids.length > 0 ? await inboxTurns(db, filter, EXPORT_TURNS) : [];
  return toCsv(
    [
      'conversation_id',
      'bot',
      'channel',
      'country',
      'asked_at',
      'question',
      'answer',
      'answered',
      'feedback',
      'latency_ms',
      'sources',
    ],
    rows.map((r) => [
      r.id,
      scope.names.get(r.bot_id) ?? '',
      r.channel,
      r.country,
      new Date(r.created_at).toISOString(),
      r.question,
      r.answer,
      r.answered ? 'yes' : 'no',
      ratingOf(r.feedback),
      r.latency_ms,
      r.sources.map((s) => s.url ?? s.title).join(' | '),
    ]),
  );
}
