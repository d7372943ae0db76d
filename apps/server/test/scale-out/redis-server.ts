import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort, waitFor } from './cluster.ts';

/**
 * A Redis of the harness's own on a spare loopback port, so stopping it never touches the
 * machine's Redis. Append-only persistence keeps the queue across a stop and start, as a
 * production Redis restart (or failover) would.
 */
export interface OwnRedis {
  url: string;
  stop(): Promise<void>;
  start(): Promise<void>;
  close(): Promise<void>;
}

export function redisServerPath(): string | null {
  try {
    return execFileSync('which', ['redis-server'], { encoding: 'utf8' }).trim() || null;
  } catch {
    return null;
  }
}

export async function startOwnRedis(binary: string): Promise<OwnRedis> {
  const port = await freePort();
  const dir = mkdtempSync(path.join(os.tmpdir(), 'docent-redis-'));
  let child: ChildProcess | undefined;
  const url = `redis://127.0.0.1:${port}`;

  async function start(): Promise<void> {
    child = spawn(
      binary,
      [
        '--port',
        String(port),
        '--bind',
        '127.0.0.1',
        '--dir',
        dir,
        '--save',
        '',
        '--appendonly',
        'yes',
        '--appendfsync',
        'always',
      ],
      { stdio: 'ignore' },
    );
    await waitFor(
      'own Redis to accept connections',
      async () => {
        const { Redis } = await import('ioredis');
        const probe = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0 });
        probe.on('error', () => {}); // refused while it starts: the next poll tries again
        try {
          await probe.connect();
          return (await probe.ping()) === 'PONG' ? true : undefined;
        } finally {
          probe.disconnect();
        }
      },
      30_000,
    );
  }

  async function stop(): Promise<void> {
    const c = child;
    if (!c || c.exitCode !== null) return;
    await new Promise<void>((resolve) => {
      c.once('exit', () => resolve());
      c.kill('SIGTERM');
    });
  }

  await start();
  return {
    url,
    start,
    stop,
    async close() {
      await stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
