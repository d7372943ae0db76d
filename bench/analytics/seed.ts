import { createHash } from 'node:crypto';
import os from 'node:os';
import { sql } from 'kysely';
import { createRuntime } from '../../apps/server/src/bootstrap.ts';
import { loadEnv } from '../../apps/server/src/config/env.ts';
import { createLogger } from '../../apps/server/src/lib/logger.ts';
import { JWT_SECRET } from '../../apps/server/test/scale-out/cluster.ts';
import { type ConversationRow, generateChats, type TurnRow } from './generate.ts';

export interface SeedOptions {
  userId: string;
  messages: number;
  days: number;
  documents: number;
  analyze?: boolean;
}

/** Where the install keeps its data: a PostgreSQL URL, or an embedded data directory. */
export type Where = string | { dataDir: string };

const BATCH = 1000;

type Db = Awaited<ReturnType<typeof createRuntime>>['ctx']['db'];

/** A trained bot with one website source and `count` documents. */
async function insertBot(db: Db, userId: string, count: number) {
  const bot = await db
    .insertInto('bots')
    .values({ user_id: userId, name: 'Bench support bot', status: 'trained', total_chars: 0 })
    .returning('id')
    .executeTakeFirstOrThrow();
  const source = await db
    .insertInto('sources')
    .values({
      bot_id: bot.id,
      type: 'website',
      source_type: 1,
      origin: 'https://docs.example.com/',
      status: 'trained',
      char_count: 0,
      input: null,
      documents_total: count,
      error: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const documents = Array.from({ length: count }, (_, i) => ({
    title: `Help article ${i + 1}`,
    url: `https://docs.example.com/help/${i + 1}`,
  }));
  if (count > 0) {
    await db
      .insertInto('documents')
      .values(
        documents.map((d) => ({
          bot_id: bot.id,
          source_id: source.id,
          title: d.title,
          url: d.url,
          content_hash: createHash('sha256').update(d.url).digest('hex'),
        })),
      )
      .execute();
  }
  return { botId: bot.id, documents };
}

/** The generated history, in batches of about BATCH turns. */
async function insertChats(db: Db, chats: ReturnType<typeof generateChats>): Promise<void> {
  let conversations: ConversationRow[] = [];
  let turns: TurnRow[] = [];
  const flush = async () => {
    if (conversations.length > 0) {
      await db.insertInto('conversations').values(conversations).execute();
    }
    for (let i = 0; i < turns.length; i += BATCH) {
      await db
        .insertInto('chat_turns')
        .values(turns.slice(i, i + BATCH))
        .execute();
    }
    conversations = [];
    turns = [];
  };
  for (const chat of chats) {
    conversations.push(chat.conversation);
    turns.push(...chat.turns);
    if (turns.length >= BATCH * 4) await flush();
  }
  await flush();
}

/**
 * Writes one trained bot with `documents` documents and `messages` turns of chat history
 * through the product's own database layer (Kysely on PGlite or PostgreSQL, migrations
 * applied by the runtime), in batches: far faster than the chat path, same rows.
 */
export async function seedBot(where: Where, o: SeedOptions): Promise<{ botId: string }> {
  const env =
    typeof where === 'string'
      ? { DATABASE_URL: where, DATA_DIR: os.tmpdir() }
      : { DATA_DIR: where.dataDir };
  const rt = await createRuntime(loadEnv({ ...env, JWT_SECRET, LOG_LEVEL: 'silent' }), {
    log: createLogger('silent'),
    roles: [],
  });
  const { db } = rt.ctx;
  try {
    const { botId, documents } = await insertBot(db, o.userId, o.documents);
    const now = new Date();
    await insertChats(
      db,
      generateChats({ botId, messages: o.messages, days: o.days, now, documents }),
    );
    // Planner statistics as a live install would have them after autovacuum (PostgreSQL);
    // off by default, since the embedded PGlite runs no autovacuum.
    if (o.analyze) await sql`ANALYZE conversations, chat_turns`.execute(db);
    return { botId };
  } finally {
    await rt.close();
  }
}
