import { describe, expect, it } from 'vitest';
import { latestSave } from './latest-save.ts';

/** A server whose replies come back when the test says, in any order. */
function slowServer() {
  let stored: string | null = 'none';
  const inFlight: { value: string | null; reply: (ok: boolean) => void }[] = [];
  const save = (value: string | null) =>
    new Promise<void>((resolve, reject) => {
      inFlight.push({
        value,
        reply: (ok) => {
          if (!ok) return reject(new Error('save failed'));
          stored = value;
          resolve();
        },
      });
    });
  return { save, inFlight, stored: () => stored };
}

const settle = () => new Promise((r) => setTimeout(r, 0));

describe('latestSave', () => {
  it('sends one save at a time and leaves the server with the last value asked for', async () => {
    const server = slowServer();
    const send = latestSave(server.save);
    const calls = [send('up')];
    await settle();
    calls.push(send('down'), send(null), send('up'));
    await settle();
    // Only the first is in flight; the two overtaken while it was are never sent.
    expect(server.inFlight.map((s) => s.value)).toEqual(['up']);
    server.inFlight[0]?.reply(true);
    await settle();
    expect(server.inFlight.map((s) => s.value)).toEqual(['up', 'up']);
    server.inFlight[1]?.reply(true);
    await Promise.all(calls);
    expect(server.stored()).toBe('up');
  });

  it('rejects only the last save asked for when it fails', async () => {
    const server = slowServer();
    const send = latestSave(server.save);
    const first = send('up');
    await settle();
    const second = send('down');
    server.inFlight[0]?.reply(false);
    await expect(first).resolves.toBeUndefined();
    await settle();
    server.inFlight[1]?.reply(false);
    await expect(second).rejects.toThrow('save failed');
    // The next save is still sent after a failed one.
    const third = send(null);
    await settle();
    server.inFlight[2]?.reply(true);
    await third;
    expect(server.stored()).toBe(null);
  });
});
