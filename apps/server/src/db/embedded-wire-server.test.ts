import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { serveWire, type WireServer } from './embedded-wire-server.ts';

/** PGlite in this thread behind the wire server, and pg clients of it. */
describe('embedded wire server', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'docent-wire-'));
  let pglite: PGlite;
  let server: WireServer;
  const connect = async () => {
    const client = new pg.Client({ host: dir, port: 5432, user: 'postgres', database: 'postgres' });
    await client.connect();
    return client;
  };
  /** The next client, once the previous one's session has ended (it is turned away before). */
  const connectNext = async () => {
    for (let i = 0; i < 50; i++) {
      const client = await connect().catch(() => undefined);
      if (client) return client;
      await new Promise((r) => setTimeout(r, 20));
    }
    throw new Error('the previous session never ended');
  };
  beforeAll(async () => {
    pglite = await PGlite.create();
    server = await serveWire(pglite, path.join(dir, '.s.PGSQL.5432'));
  });
  afterAll(async () => {
    await server.close();
    await pglite.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('answers a statement in one write, errors included, and goes on', async () => {
    const client = await connect();
    try {
      await client.query('CREATE TABLE t (n int PRIMARY KEY)');
      // Writes to sockets other than the client's own: the server's answers.
      const own = (client as unknown as { connection: { stream: net.Socket } }).connection.stream;
      const writes = vi.spyOn(net.Socket.prototype, 'write');
      let answers: number;
      let inserted: pg.QueryResult;
      try {
        inserted = await client.query('INSERT INTO t VALUES ($1), ($2) RETURNING n', [1, 2]);
      } finally {
        answers = writes.mock.contexts.filter((socket) => socket !== own).length;
        writes.mockRestore();
      }
      expect(inserted.rows).toEqual([{ n: 1 }, { n: 2 }]);
      // Parse, bind, describe, execute and sync answered together (were five writes).
      expect(answers).toBe(1);
      await expect(client.query('INSERT INTO t VALUES ($1)', [1])).rejects.toThrow(/duplicate/);
      expect((await client.query('SELECT count(*)::int AS n FROM t')).rows).toEqual([{ n: 2 }]);
    } finally {
      await client.end();
    }
  });

  it('rolls back what a client leaves in a transaction, and serves the next one', async () => {
    const first = await connect();
    first.on('error', () => {}); // its connection is cut below
    await first.query('CREATE TABLE u (n int)');
    await first.query('BEGIN');
    await first.query('INSERT INTO u VALUES (1)');
    (
      first as unknown as { connection: { stream: { destroy(): void } } }
    ).connection.stream.destroy();
    const second = await connectNext();
    try {
      expect((await second.query('SELECT count(*)::int AS n FROM u')).rows).toEqual([{ n: 0 }]);
      expect(pglite.isInTransaction()).toBe(false);
    } finally {
      await second.end();
    }
  });

  it("drops a client's named statements with its session, so the next one may reuse the names", async () => {
    const named = { name: 'double', text: 'SELECT $1::int * 2 AS v', values: [21] };
    const first = await connect();
    expect((await first.query(named)).rows).toEqual([{ v: 42 }]);
    await first.end();
    // As a pool replacing its connection: the new client prepares the same name afresh.
    const second = await connectNext();
    try {
      expect((await second.query({ ...named, values: [4] })).rows).toEqual([{ v: 8 }]);
    } finally {
      await second.end();
    }
  });

  it('serves one client at a time', async () => {
    const first = await connect();
    try {
      await expect(connect()).rejects.toThrow();
      expect((await first.query('SELECT 1 AS one')).rows).toEqual([{ one: 1 }]);
    } finally {
      await first.end();
    }
  });
});
