import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import os from 'node:os'; import path from 'node:path';
import { sql } from 'kysely';
import { createRuntime } from '../../apps/server/src/bootstrap.ts';
import { loadEnv } from '../../apps/server/src/config/env.ts';
import { createLogger } from '../../apps/server/src/lib/logger.ts';
import { extractHtml } from '../../apps/server/src/ingest/extract/html.ts';
import { insertCrawlPages, insertCrawlSession } from '../../apps/server/src/ingest/crawl/crawl.repo.ts';
import { createSignedInUser } from '../../apps/server/test/helpers/users.ts';
const dir = '/tmp/docsites/sites/postgresql-15';
const pages = readdirSync(dir).filter(f=>f.endsWith('.html')).map((f,i)=>{ const e = extractHtml(readFileSync(`${dir}/${f}`,'utf8'), `http://h/${f}`); return { url: `http://h/${f}`, position: i, title: e.title, token_count: e.text.length, content: e.text }; });
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bench-ins-'));
const env = loadEnv({ ...process.env, DATA_DIR: dataDir, DATABASE_URL: process.env.BENCH_DATABASE_URL ?? '', JWT_SECRET: 'x'.repeat(40), LOG_LEVEL: 'warn' });
const rt = await createRuntime(env, { log: createLogger('warn') });
const u = await createSignedInUser(rt.ctx);
if (process.argv[2] === 'unlogged') await sql`ALTER TABLE crawl_pages SET UNLOGGED`.execute(rt.ctx.db);
for (let round = 0; round < 2; round++) {
const id = await insertCrawlSession(rt.ctx.db, { user_id: u.userId, kind: 'website', start_url: 'http://h/', seeds: null, fetch_img_content: false, page_cap: 5000 });
const c0 = process.cpuUsage(); const t0 = performance.now();
for (let i = 0; i < pages.length; i += 100) await insertCrawlPages(rt.ctx.db, id, pages.slice(i, i+100));
const c = process.cpuUsage(c0);
console.log(process.argv[2] ?? 'logged', 'insert', pages.length, 'pages', Math.round(performance.now()-t0), 'ms wall', Math.round((c.user+c.system)/1000), 'ms cpu');
}
await rt.close(); process.exit(0);
