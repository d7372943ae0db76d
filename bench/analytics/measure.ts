import os from 'node:os';
import { type Account, type Proc, replyOf } from '../../apps/server/test/scale-out/cluster.ts';

/** One timed API call: its label and its path under /api/. */
export interface Call {
  label: string;
  path: string | (() => string);
}

export interface Timing {
  label: string;
  p50: number;
  p95: number;
  max: number;
  samples: number;
}

export const print = (line: string) => process.stdout.write(`${line}\n`);

const DAY_MS = 86_400_000;
const dayIn = (tz: string, offsetDays: number) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: tz }).format(
    new Date(Date.now() + offsetDays * DAY_MS),
  );

function percentile(sorted: number[], p: number): number {
  const i = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, i)] ?? Number.NaN;
}

/** The calls /chatbot-analytics and the inbox make, over the seeded bot. */
export function analyticsCalls(botId: string, conversationIds: string[], tz: string): Call[] {
  const range = (days: number) => `from=${dayIn(tz, -(days - 1))}&to=${dayIn(tz, 0)}&tz=${tz}`;
  const bot = `bot_id=${botId}`;
  const inbox = (extra: string) => `inbox/conversations?${bot}&${range(90)}${extra}`;
  let next = 0;
  return [
    { label: 'summary 7 days', path: `analytics/summary?${bot}&${range(7)}` },
    { label: 'summary 30 days', path: `analytics/summary?${bot}&${range(30)}` },
    { label: 'summary 90 days', path: `analytics/summary?${bot}&${range(90)}` },
    { label: 'summary 90 days, all bots', path: `analytics/summary?${range(90)}` },
    { label: 'gaps', path: `analytics/gaps?${bot}` },
    { label: 'inbox page 1 (90 days)', path: inbox('') },
    { label: 'inbox page 200', path: inbox('&page=200') },
    { label: 'inbox 7 days', path: `inbox/conversations?${bot}&${range(7)}` },
    { label: 'inbox channel=widget', path: inbox('&channel=widget') },
    { label: 'inbox feedback=down', path: inbox('&feedback=down') },
    { label: 'inbox unanswered', path: inbox('&unanswered=true') },
    { label: 'inbox search "refund"', path: inbox('&q=refund') },
    { label: 'inbox search, no match', path: inbox('&q=zebra%20crossing') },
    {
      label: 'inbox detail',
      path: () => `inbox/conversations/${conversationIds[next++ % conversationIds.length]}`,
    },
  ];
}

/** Times `samples` sequential calls of each, after `warmup` untimed ones; fails on non-200. */
export async function timeCalls(
  proc: Proc,
  account: Account,
  calls: Call[],
  samples: number,
  warmup = 3,
): Promise<Timing[]> {
  const out: Timing[] = [];
  for (const call of calls) {
    const times: number[] = [];
    for (let i = 0; i < warmup + samples; i++) {
      const path = typeof call.path === 'string' ? call.path : call.path();
      const t0 = performance.now();
      const res = await fetch(`${proc.url}/api/${path}`, { headers: account.headers });
      const reply = await replyOf(res);
      const ms = performance.now() - t0;
      if (res.status !== 200) throw new Error(`${call.label}: ${res.status} ${reply.body.message}`);
      if (i >= warmup) times.push(ms);
    }
    times.sort((a, b) => a - b);
    out.push({
      label: call.label,
      p50: percentile(times, 50),
      p95: percentile(times, 95),
      max: times[times.length - 1] ?? Number.NaN,
      samples,
    });
  }
  return out;
}

export const loadAverage = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

export function printTimings(mode: string, timings: Timing[], loadBefore: string): void {
  const pad = Math.max(...timings.map((t) => t.label.length));
  print(`\n${mode}: p50 / p95 / max in ms (${timings[0]?.samples} samples each)`);
  for (const t of timings) {
    print(
      `  ${t.label.padEnd(pad)}  ${t.p50.toFixed(1).padStart(7)} ${t.p95.toFixed(1).padStart(7)} ${t.max.toFixed(1).padStart(7)}`,
    );
  }
  const worst = timings.reduce((a, b) => (b.p95 > a.p95 ? b : a));
  print(
    `ANALYTICS mode=${mode} worst_p95_ms=${worst.p95.toFixed(1)} (${worst.label}) load_before=${loadBefore} load_after=${loadAverage()} cores=${os.cpus().length}`,
  );
}
