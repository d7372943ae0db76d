import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { type IngestDocument, ingestSource } from '../../ingest/pipeline.ts';
import { createLogger } from '../../lib/logger.ts';
import { createBot } from '../../search/testing/search-db.ts';

/**
 * A new bot trained on `docs` through the ingestion pipeline (normalise → chunk → index), as a
 * training job does (batched transactions); its id. Tests and benchmarks share it.
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
  if (!result.completed) throw new Error('training the test bot did not complete');
  return bot.botId;
}
