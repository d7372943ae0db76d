import type { Kysely } from 'kysely';
import type { DB } from '../../apps/server/src/db/schema.ts';
import { type IngestDocument, ingestSource } from '../../apps/server/src/ingest/pipeline.ts';
import { createLogger } from '../../apps/server/src/lib/logger.ts';
import { createBot } from '../../apps/server/src/search/testing/search-db.ts';

/**
 * Trains a new bot on `docs` through the product's ingestion pipeline (normalise → chunk →
 * index, batched transactions), exactly as a training job does. Returns the bot id.
 */
export async function trainBot(db: Kysely<DB>, docs: Iterable<IngestDocument>): Promise<string> {
  const bot = await createBot(db);
  const result = await ingestSource(
    { db, log: createLogger('silent'), notify: async () => {} },
    {
      sourceId: bot.sourceId,
      documents: async function* () {
        yield* docs;
      },
    },
  );
  if (!result.completed) throw new Error('ingestion did not complete');
  return bot.botId;
}
