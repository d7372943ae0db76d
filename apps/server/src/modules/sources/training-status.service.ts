import type {
  RealtimeMessageEvent,
  ScriptAttributes,
  StatusResponse,
  TrainingProgress,
} from '@docent/shared';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { type BotRow, findOwnedBot } from '../bots/bots.repo.ts';
import type { EnvOf, ServiceDeps } from '../service-deps.ts';
import { listSourceProgress } from './sources.repo.ts';

const escapeAttr = (v: string) =>
  v.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** The embed snippet of docs/spec.md §2 "Embed and integrate". */
export function embedScript(
  publicUrl: string,
  userId: string,
  botId: string,
): { script: string; script_attributes: ScriptAttributes } {
  const scriptUrl = `${publicUrl}/widget.js`;
  return {
    script: `<script src="${escapeAttr(scriptUrl)}" data-id="${escapeAttr(userId)}" data-botid="${escapeAttr(botId)}" defer></script>`,
    script_attributes: { script_url: scriptUrl, 'data-userid': userId, 'data-botid': botId },
  };
}

export async function trainingProgress(db: Kysely<DB>, bot: BotRow): Promise<TrainingProgress> {
  const sources = await listSourceProgress(db, bot.id);
  const failed = sources.filter((s) => s.status === 'failed');
  const unfinished = sources.filter((s) => s.status === 'pending' || s.status === 'processing');
  return {
    status: bot.status,
    sources_total: sources.length,
    sources_trained: sources.filter((s) => s.status === 'trained').length,
    sources_failed: failed.length,
    documents_done: sources.reduce((n, s) => n + s.documents_done, 0),
    documents_total: unfinished.some((s) => s.documents_total === null)
      ? null
      : sources.reduce((n, s) => n + (s.documents_total ?? s.documents_done), 0),
    total_chars: bot.total_chars,
    error: failed.at(-1)?.error ?? null,
  };
}

/** What upload/status answers and what the realtime channel pushes: the same state. */
export async function botStatus(
  deps: Pick<ServiceDeps, 'db'> & EnvOf<'publicUrl'>,
  bot: BotRow,
): Promise<StatusResponse> {
  return {
    bot_id: bot.id,
    processing_complete: bot.status === 'trained',
    ...embedScript(deps.env.publicUrl, bot.user_id, bot.id),
    progress: await trainingProgress(deps.db, bot),
  };
}

const realtimeStatus = (s: StatusResponse): RealtimeMessageEvent['status'] =>
  s.processing_complete
    ? 'completed'
    : s.progress.status === 'trained'
      ? 'completed'
      : s.progress.status;

export function realtimeMessage(s: StatusResponse): RealtimeMessageEvent {
  const status = realtimeStatus(s);
  return {
    bot_id: s.bot_id,
    status,
    message:
      status === 'completed'
        ? 'Training completed'
        : status === 'failed'
          ? (s.progress.error ?? 'Training failed')
          : 'training in progress.....',
    script: s.script,
    script_attributes: s.script_attributes,
  };
}

/** Pushes a bot's training state to its owner's sockets; never fails the caller. */
export function createTrainingNotifier(
  deps: Pick<ServiceDeps, 'db' | 'log' | 'realtime'> & EnvOf<'publicUrl'>,
): (botId: string, userId: string) => Promise<void> {
  return async (botId, userId) => {
    try {
      const bot = await findOwnedBot(deps.db, userId, botId);
      if (!bot) return;
      const status = await botStatus(deps, bot);
      deps.realtime.emitToUser(userId, 'status_update', {
        ...status.progress,
        bot_id: bot.id,
        processing_complete: status.processing_complete,
      });
      deps.realtime.emitToUser(userId, 'message', realtimeMessage(status));
    } catch (err) {
      deps.log.warn({ err, botId }, 'pushing training status failed');
    }
  };
}

/** upload/status: the bot's state for its owner. */
export async function statusForOwner(
  deps: Pick<ServiceDeps, 'db'> & EnvOf<'publicUrl'>,
  userId: string,
  botId: string,
): Promise<StatusResponse | undefined> {
  const bot = await findOwnedBot(deps.db, userId, botId);
  if (!bot) return undefined;
  return botStatus(deps, bot);
}
