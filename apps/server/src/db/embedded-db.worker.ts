import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { vector } from '@electric-sql/pglite-pgvector';
import type { EmbeddedThreadData, EmbeddedThreadMessage } from './embedded-thread.ts';
import { serveWire } from './embedded-wire-server.ts';

/**
 * The embedded database's thread (started by db/embedded-thread.ts): PGlite and the socket
 * server that speaks the Postgres wire protocol for it (embedded-wire-server.ts). PGlite is
 * single-threaded WebAssembly; here its work runs on a core of its own while the main thread
 * serves HTTP, retrieves and answers. An entry of the bundle (apps/server/package.json build script).
 */
const { dir, settings, socketPath } = workerData as EmbeddedThreadData;
const send = (message: EmbeddedThreadMessage) => parentPort?.postMessage(message);

const pglite = await PGlite.create({
  dataDir: dir ?? undefined,
  // pg_trgm: the inbox search's indexes (migration 0019).
  extensions: { vector, pg_trgm },
  startParams: [...PGlite.defaultStartParams, ...settings],
});
const server = await serveWire(pglite, socketPath);

parentPort?.on('message', async (message: EmbeddedThreadMessage) => {
  if (message.type !== 'close') return;
  await server.close();
  await pglite.close();
  // With nothing left to wait for, the thread ends.
  parentPort?.close();
});
send({ type: 'ready' });
