import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { TrainingStatus } from '../../db/tables/knowledge.ts';
import { CHAT_BOT_COLUMNS } from '../chat/conversations.repo.ts';

type Db = Kysely<DB> | Transaction<DB>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (v: string) => UUID.test(v);

export interface BotRow {
  id: string;
  user_id: string;
  name: string;
  agent_name: string;
  business_name: string;
  base_prompt: string;
  train_ai: boolean;
  first_message: boolean;
  image_training: boolean;
  customize_bot: boolean;
  embed_and_integrate: boolean;
  status: TrainingStatus;
  total_chars: number;
  created_at: Date;
}

const BOT_COLUMNS = [
  ...CHAT_BOT_COLUMNS,
  'train_ai',
  'first_message',
  'image_training',
  'customize_bot',
  'embed_and_integrate',
  'status',
  'total_chars',
  'created_at',
] as const;

/** The bot if it exists and belongs to `userId`; anything else (even a malformed id) is absent. */
export async function findOwnedBot(
  db: Db,
  userId: string,
  botId: string,
  opts: { forUpdate?: boolean } = {},
): Promise<BotRow | undefined> {
  if (!isUuid(botId)) return undefined;
  let q = db
    .selectFrom('bots')
    .select(BOT_COLUMNS)
    .where('id', '=', botId)
    .where('user_id', '=', userId);
  if (opts.forUpdate) q = q.forUpdate();
  return q.executeTakeFirst();
}

export async function listBots(db: Db, userId: string): Promise<BotRow[]> {
  return db
    .selectFrom('bots')
    .select(BOT_COLUMNS)
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .execute();
}

export async function countBots(db: Db, userId: string): Promise<number> {
  const row = await db
    .selectFrom('bots')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Locks the user row so concurrent bot creations are counted one after another. */
export async function lockUserPlan(trx: Transaction<DB>, userId: string): Promise<string> {
  const row = await trx
    .selectFrom('users')
    .select('plan')
    .where('id', '=', userId)
    .forUpdate()
    .executeTakeFirstOrThrow();
  return row.plan;
}

export async function insertBot(db: Db, userId: string, name: string): Promise<BotRow> {
  return db
    .insertInto('bots')
    .values({ user_id: userId, name })
    .returning(BOT_COLUMNS)
    .executeTakeFirstOrThrow();
}

export async function deleteBot(db: Db, userId: string, botId: string): Promise<boolean> {
  if (!isUuid(botId)) return false;
  const result = await db
    .deleteFrom('bots')
    .where('id', '=', botId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

export async function updateBotSettings(
  db: Db,
  botId: string,
  settings: { name: string; agent_name: string; business_name: string; base_prompt: string },
): Promise<void> {
  await db
    .updateTable('bots')
    .set({ ...settings, updated_at: new Date() })
    .where('id', '=', botId)
    .execute();
}

export type QuickStartFlag = 'first_message' | 'customize_bot' | 'embed_and_integrate';

/** Ticks a quick-start step; other areas (chat, theme, embed) call this. */
export async function markQuickStart(db: Db, botId: string, flag: QuickStartFlag): Promise<void> {
  await db
    .updateTable('bots')
    .set({ [flag]: true })
    .where('id', '=', botId)
    .where(flag, '=', false)
    .execute();
}
