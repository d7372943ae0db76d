import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { openDatabase } from '../../apps/server/src/db/client.ts';
import { print } from '../retrieval/fixtures.ts';
import { loadSets, type QaSet } from './sets.ts';

/** A kept bot's database, as retrieval and the answer engines take it. */
export type Db = Awaited<ReturnType<typeof openDatabase>>['db'];

/**
 * The bots a run with ANSWER_QUALITY_KEEP=DIR trained, one set at a time (those named in
 * `only`, or all): the set, its bot and its database, closed when the caller moves on. A set
 * with no trained bot in DIR is skipped with a notice.
 */
export async function* keptBots(
  keepDir: string,
  only: string[],
): AsyncGenerator<{ set: QaSet; botId: string; db: Db }> {
  for (const set of loadSets()) {
    if (only.length > 0 && !only.includes(set.name)) continue;
    const dir = path.join(path.resolve(keepDir), set.name);
    const trained = path.join(dir, 'trained.json');
    if (!existsSync(trained)) {
      print(`${set.name}: no bot trained in ${dir}; run the bench with ANSWER_QUALITY_KEEP first`);
      continue;
    }
    const { botId } = JSON.parse(readFileSync(trained, 'utf8')) as { botId: string };
    const database = await openDatabase({ pgliteDir: path.join(dir, 'pg') });
    try {
      yield { set, botId, db: database.db };
    } finally {
      await database.close();
    }
  }
}
