import {
  chatTurn,
  newVisitorId,
  storedTurns,
} from '../../apps/server/test/scale-out/widget-visitor.ts';

/**
 * N widget visitors, each holding conversations through the public chat API (a new one every
 * TURNS_PER_CONVERSATION turns), for a warm-up and then a measured window. Afterwards every
 * conversation is read back: each answered turn must be stored exactly once.
 */
const TURNS_PER_CONVERSATION = 20;

export interface LoadFigures {
  visitors: number;
  answersPerSecond: number;
  p50: number;
  p95: number;
  p99: number;
  /** Turns without an answer (HTTP error, stream error, timeout), warm-up included. */
  errors: number;
  firstError?: string;
  /** Answered turns missing from the stored conversation / stored more than once. */
  lost: number;
  doubled: number;
  answered: number;
  load1: number;
}

interface Conversation {
  visitorId: string;
  conversationId?: string;
  answered: number;
}

/** Compares each conversation as stored with the turns its visitor saw answered. */
async function verifyStored(url: string, botId: string, conversations: Conversation[]) {
  let lost = 0;
  let doubled = 0;
  for (const c of conversations) {
    if (!c.conversationId) continue;
    const stored = (await storedTurns(url, botId, c.visitorId, c.conversationId)).length;
    lost += Math.max(0, c.answered - stored);
    doubled += Math.max(0, stored - c.answered);
  }
  return { lost, doubled };
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const i = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, i)] as number;
}

export async function runVisitors(opts: {
  urls: string[];
  botId: string;
  questions: string[];
  visitors: number;
  warmupMs: number;
  measureMs: number;
  /** Read the conversations back (false for the bare Fastify ceiling, which stores nothing). */
  verify: boolean;
  loadavg: () => number;
}): Promise<LoadFigures> {
  const start = performance.now();
  const measureFrom = start + opts.warmupMs;
  const measureTo = measureFrom + opts.measureMs;
  const latencies: number[] = [];
  const conversations: Conversation[] = [];
  let errors = 0;
  let firstError: string | undefined;
  let load1 = 0;
  const sampler = setInterval(() => {
    load1 = Math.max(load1, opts.loadavg());
  }, 1000);

  await Promise.all(
    Array.from({ length: opts.visitors }, async (_, v) => {
      const visitorId = newVisitorId();
      let conv: Conversation = { visitorId, answered: 0 };
      conversations.push(conv);
      for (let turn = 0; performance.now() < measureTo; turn++) {
        if (turn > 0 && turn % TURNS_PER_CONVERSATION === 0) {
          conv = { visitorId, answered: 0 };
          conversations.push(conv);
        }
        const url = opts.urls[(v + turn) % opts.urls.length]!;
        const question = opts.questions[(v * 7 + turn) % opts.questions.length]!;
        const t0 = performance.now();
        const r = await chatTurn(
          url,
          opts.botId,
          { id: visitorId, conversationId: conv.conversationId },
          question,
        );
        if (r.answered) conv.conversationId ??= r.conversationId;
        if (!r.answered) {
          errors++;
          firstError ??= `HTTP ${r.status}: ${r.error}`;
          continue;
        }
        conv.answered++;
        // Answers completed inside the window count, whenever they started (under heavy load a
        // turn can outlast the warm-up).
        const end = t0 + r.ms;
        if (end >= measureFrom && end <= measureTo) latencies.push(r.ms);
      }
    }),
  );
  clearInterval(sampler);

  const { lost, doubled } = opts.verify
    ? await verifyStored(opts.urls[0]!, opts.botId, conversations)
    : { lost: 0, doubled: 0 };
  const sorted = latencies.sort((a, b) => a - b);
  return {
    visitors: opts.visitors,
    answersPerSecond: sorted.length / (opts.measureMs / 1000),
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    errors,
    ...(firstError ? { firstError } : {}),
    lost,
    doubled,
    answered: conversations.reduce((n, c) => n + c.answered, 0),
    load1,
  };
}
