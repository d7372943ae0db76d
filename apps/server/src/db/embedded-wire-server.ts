import net from 'node:net';
import type { PGlite } from '@electric-sql/pglite';

/** The startup packet's protocol version 3.0, and the requests that stand in its place. */
const PROTOCOL_3 = 196_608;
const SSL_REQUEST = 80_877_103;
const CANCEL_REQUEST = 80_877_102;
const TERMINATE = 0x58; // 'X'

export interface WireServer {
  close(): Promise<void>;
}

/**
 * Serves PGlite over the Postgres wire protocol on a Unix socket, to one client at a time (the
 * server's pool holds a single connection: PGlite is one session). What arrives in one read is
 * run in one call and answered in one write: pg sends a statement's Parse, Bind, Describe,
 * Execute and Sync together, so a statement costs PGlite one call and each thread one system
 * call and one wake-up, where answering message by message (as @electric-sql/pglite-socket
 * does, to interleave several clients) took five of each.
 */
export async function serveWire(pglite: PGlite, path: string): Promise<WireServer> {
  const sessions = new Map<net.Socket, Promise<void>>();
  const server = net.createServer((socket) => {
    if (sessions.size > 0) {
      socket.destroy(); // a second client (never the server's own pool) is turned away
      return;
    }
    sessions.set(
      socket,
      serveClient(pglite, socket).finally(() => sessions.delete(socket)),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(path, () => resolve());
  });
  return {
    async close() {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      for (const socket of sessions.keys()) socket.destroy();
      await Promise.all(sessions.values());
      await closed;
    },
  };
}

/** One client's session: startup, then batches of messages, until it leaves. */
async function serveClient(pglite: PGlite, socket: net.Socket): Promise<void> {
  socket.setNoDelay(true);
  let pending = Buffer.alloc(0);
  let started = false;
  let work = Promise.resolve();
  const run = (messages: Uint8Array) =>
    pglite.runExclusive(async () => {
      const out: Buffer[] = [];
      await pglite.execProtocolRawStream(messages, {
        // The chunks are views of PGlite's memory: copied before the next one is produced.
        onRawData: (chunk) => out.push(Buffer.from(chunk)),
      });
      if (out.length > 0 && socket.writable) socket.write(Buffer.concat(out));
    });

  /** The complete messages at the start of `pending`, taken off it (the rest waits). */
  const take = (): Uint8Array | 'terminate' | null => {
    if (!started) {
      if (pending.length < 8) return null;
      const length = pending.readInt32BE(0);
      const code = pending.readInt32BE(4);
      if (pending.length < length) return null;
      const packet = pending.subarray(0, length);
      pending = pending.subarray(length);
      if (code === SSL_REQUEST) {
        socket.write('N'); // no TLS on a private socket; the client goes on in plain text
        return take();
      }
      if (code === CANCEL_REQUEST) return take(); // nothing runs long enough to cancel
      if (code === PROTOCOL_3) started = true;
      return new Uint8Array(packet);
    }
    let end = 0;
    while (end + 5 <= pending.length) {
      if (pending[end] === TERMINATE) return end === 0 ? 'terminate' : cut(end);
      const size = 1 + pending.readInt32BE(end + 1);
      if (end + size > pending.length) break;
      end += size;
    }
    return end === 0 ? null : cut(end);
  };
  const cut = (end: number) => {
    const messages = new Uint8Array(pending.subarray(0, end));
    pending = pending.subarray(end);
    return messages;
  };

  socket.on('data', (data) => {
    pending = pending.length === 0 ? data : Buffer.concat([pending, data]);
    for (let next = take(); next !== null; next = take()) {
      if (next === 'terminate') {
        socket.end();
        return;
      }
      const messages = next;
      work = work
        .then(() => run(messages))
        .catch(() => {
          socket.destroy();
        });
    }
  });
  await new Promise<void>((resolve) => socket.once('close', () => resolve()));
  await work;
  // PGlite is one session that outlives its clients, so what a client left in it ends with it:
  // a transaction it had open (its process ended, the connection broke) is rolled back, and
  // its named prepared statements are dropped, or the next client (a pool replacing an idle
  // connection) preparing the same name would fail with "already exists" on every try.
  if (pglite.isInTransaction()) await pglite.exec('ROLLBACK');
  await pglite.exec('DEALLOCATE ALL');
}
