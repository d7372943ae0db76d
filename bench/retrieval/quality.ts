import { openSearchTestDb } from '../../apps/server/src/search/testing/search-db.ts';
import { runCovidQa } from './covid-qa.ts';
import { runSciFact } from './scifact.ts';

/**
 * Retrieval quality on real corpora, in the embedded database (or PostgreSQL when
 * BENCH_DATABASE_URL is set): node --import tsx bench/retrieval/quality.ts [scifact|covid-qa]
 */
const only = process.argv[2];
const t = await openSearchTestDb(process.env.BENCH_DATABASE_URL);
try {
  if (!only || only === 'scifact') await runSciFact(t.db);
  if (!only || only === 'covid-qa') await runCovidQa(t.db);
} finally {
  await t.close();
}
