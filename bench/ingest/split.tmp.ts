import { openDatabase } from '../../apps/server/src/db/client.ts';
import { migrate } from '../../apps/server/src/db/migrate.ts';
import { ingestSource } from '../../apps/server/src/ingest/pipeline.ts';
import { qaDocuments } from '../../apps/server/src/ingest/sources/qa.ts';
import { textDocuments } from '../../apps/server/src/ingest/sources/text.ts';
import { insertBot } from '../../apps/server/src/modules/bots/bots.repo.ts';
import { insertSource } from '../../apps/server/src/modules/sources/sources.repo.ts';
import { createLogger } from '../../apps/server/src/lib/logger.ts';
import { qaPairs, textCorpus } from './fixtures.ts';
const d = await openDatabase({ pgliteDir: null });
await migrate(d.db);
const { id: userId } = await d.db.insertInto('users').values({ email: 'x@y.z', password_hash: null, avatar_path: null }).returning('id').executeTakeFirstOrThrow();
const deps = { db: d.db, log: createLogger('warn'), notify: async () => {} };
for (const [label, type, input, docs] of [
  ['qa 500', 'qa', { pairs: qaPairs(500) }, qaDocuments],
  ['text 2MB', 'text', { items: textCorpus(2_000_000) }, textDocuments],
] as const) {
  const bot = await insertBot(d.db, userId, 'b');
  const sourceId = await insertSource(d.db, { bot_id: bot.id, type, source_type: 3, title: '', origin: null, char_count: 0, input, documents_total: null });
  const c0 = process.cpuUsage(); const t0 = performance.now();
  await ingestSource(deps, { sourceId, documents: (s) => (docs as (i: unknown) => AsyncIterable<never>)(s.input) });
  const c = process.cpuUsage(c0);
  console.log(label, 'wall', (performance.now() - t0).toFixed(0), 'cpu', ((c.user + c.system) / 1000).toFixed(0));
}
await d.close();
