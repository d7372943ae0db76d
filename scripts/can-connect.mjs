// Exit 0 when a PostgreSQL server answers at the given URL (used by scripts/test.sh).
import pg from 'pg';

const client = new pg.Client({ connectionString: process.argv[2], connectionTimeoutMillis: 3000 });
client
  .connect()
  .then(() => client.end())
  .then(() => process.exit(0))
  .catch(() => process.exit(1));
