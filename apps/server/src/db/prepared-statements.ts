import { createHash } from 'node:crypto';
import type pg from 'pg';

/**
 * Marks a statement the database should keep prepared on each connection (put it in the SQL
 * text; Kysely's builders take it through `modifyFront`). A statement run with every widget
 * question (the bot read, the conversation read, the turn's write) is otherwise parsed and
 * planned anew each time: about half of what the bot read costs the embedded database. Only
 * statements with a fixed text and parameters whose values do not change the best plan
 * (primary-key lookups, single-row writes) should carry it: a kept statement may be run with
 * a plan made for any values (PostgreSQL's generic plan).
 */
export const KEEP_PREPARED = '/* keep prepared */';

/** Distinct statements kept per connection at most (marked texts are a handful). */
const MAX_NAMED = 64;

/**
 * Makes the pooled connection `client` run statements whose text holds KEEP_PREPARED as named
 * prepared statements (pg parses a name once per connection and then only binds and
 * executes). Kysely calls `query(text, values)`; every other call is passed on unchanged.
 */
export function keepMarkedStatementsPrepared(client: pg.ClientBase): void {
  // The class's own query, looked up at each call (so whatever wraps it, a test's spy, sees it).
  const query = (...args: unknown[]) =>
    (Object.getPrototypeOf(client) as { query: (...a: unknown[]) => unknown }).query.apply(
      client,
      args,
    );
  const names = new Map<string, string>();
  const nameOf = (text: string): string | undefined => {
    let name = names.get(text);
    if (name === undefined && names.size < MAX_NAMED) {
      name = `k${createHash('sha1').update(text).digest('hex').slice(0, 20)}`;
      names.set(text, name);
    }
    return name;
  };
  (client as { query: unknown }).query = (...args: unknown[]) => {
    const [text, values] = args;
    if (args.length === 2 && typeof text === 'string' && text.includes(KEEP_PREPARED)) {
      const name = nameOf(text);
      if (name) return query({ name, text, values });
    }
    return query(...args);
  };
}
