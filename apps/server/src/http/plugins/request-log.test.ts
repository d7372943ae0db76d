import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers/app.ts';

/** Issue 17 point 9: static files do not drown the log; API calls still show, once each. */
describe('request log', () => {
  const lines: { level: number; msg: string; url?: string; statusCode?: number }[] = [];
  let webDist: string;
  let t: TestApp;

  beforeAll(async () => {
    webDist = mkdtempSync(path.join(os.tmpdir(), 'docent-web-'));
    mkdirSync(path.join(webDist, 'assets'));
    writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>Docent</title>');
    writeFileSync(path.join(webDist, 'assets', 'app.js'), 'console.log(1)');
    const sink = new Writable({
      write(chunk, _encoding, done) {
        for (const line of String(chunk).split('\n')) if (line) lines.push(JSON.parse(line));
        done();
      },
    });
    t = await createTestApp({ WEB_DIST_DIR: webDist }, { log: pino({ level: 'info' }, sink) });
  });

  afterAll(async () => {
    await t?.close();
    rmSync(webDist, { recursive: true, force: true });
  });

  it('logs API calls once at info and static files only at debug', async () => {
    expect((await t.app.inject({ url: '/assets/app.js' })).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/dashboard' })).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/health' })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'POST', url: '/assets/app.js' })).statusCode).toBe(404);

    const requestLines = lines.filter((l) => l.url !== undefined || /request/.test(l.msg));
    expect(requestLines.map((l) => [l.url, l.statusCode])).toEqual([
      ['/api/health', 200],
      ['/assets/app.js', 404],
    ]);
  });
});
