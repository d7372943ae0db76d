import { afterAll, beforeAll } from 'vitest';
import { loadEnv } from '../../config/env.ts';
import { openSearchTestDb, type SearchTestDb } from './search-db.ts';

/**
 * A test file's search database: opened before its tests (a scratch PostgreSQL database when
 * TEST_DATABASE_URL is set, in-memory PGlite otherwise) and closed after them. The returned
 * handle reads the open database, so it can be taken at the top of the file.
 */
export function useSearchTestDb(): SearchTestDb {
  let opened: SearchTestDb | undefined;
  beforeAll(async () => {
    opened = await openSearchTestDb(loadEnv().TEST_DATABASE_URL);
  });
  afterAll(async () => {
    await opened?.close();
  });
  const current = (): SearchTestDb => {
    if (!opened) throw new Error('the search test database is opened in beforeAll');
    return opened;
  };
  return {
    get db() {
      return current().db;
    },
    get database() {
      return current().database;
    },
    close: () => current().close(),
  };
}
