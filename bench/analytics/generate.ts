import { randomUUID } from 'node:crypto';

/**
 * Deterministic chat history for one bot: conversations of 1–6 turns over `days` days with a
 * weekly rhythm, three channels, a dozen countries, ~12 % unanswered, some votes, and
 * questions drawn from topics with several wordings (near-duplicates the grouping must join).
 */
export interface GenOptions {
  botId: string;
  messages: number;
  days: number;
  now: Date;
  /** Titles and URLs of the bot's documents; answers cite some of the first 70 %. */
  documents: { title: string; url: string }[];
  seed?: number;
}

export interface ConversationRow {
  id: string;
  bot_id: string;
  channel: 'dashboard' | 'widget' | 'page';
  user_id: null;
  session_id: string;
  title: string;
  turn_count: number;
  country: string | null;
  answered_count: number;
  unanswered_count: number;
  thumbs_up: number;
  thumbs_down: number;
  created_at: Date;
  updated_at: Date;
}

export interface TurnRow {
  conversation_id: string;
  bot_id: string;
  question: string;
  answer: string;
  sources: string;
  engine: string;
  turn_key: string;
  answered: boolean;
  latency_ms: number;
  feedback: number | null;
  created_at: Date;
}

/** mulberry32: a small seeded generator, so every run stores the same history. */
function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const TOPICS = [
  'reset my password',
  'change my delivery address',
  'cancel my order',
  'track my parcel',
  'get a refund',
  'update my billing details',
  'contact support',
  'change my plan',
  'delete my account',
  'export my data',
  'add a team member',
  'set up two-factor login',
  'connect my calendar',
  'use the mobile app',
  'find my invoice',
  'change the language',
  'install the widget',
  'train the bot on a PDF',
  'import questions from a CSV',
  'pause my subscription',
];
const FRAMES = [
  (t: string) => `How do I ${t}?`,
  (t: string) => `how do i ${t}`,
  (t: string) => `How can I ${t}?`,
  (t: string) => `Is it possible to ${t}?`,
  (t: string) => `I want to ${t}`,
  (t: string) => `Can you help me ${t}?`,
];
const COUNTRIES = ['NL', 'DE', 'US', 'GB', 'FR', 'AE', 'IN', 'BR', 'ES', 'IT', 'SE', 'JP'];

function pick<T>(r: () => number, list: readonly T[]): T {
  return list[Math.floor(r() * list.length)] as T;
}

/** A question: mostly popular topics in a few wordings, a long tail of one-off ones. */
function question(r: () => number, n: number): string {
  if (r() < 0.15) return `Question number ${n} about item ${Math.floor(r() * 5000)}`;
  // Skewed towards the first topics, as real traffic is.
  const topic = TOPICS[Math.floor(r() ** 2 * TOPICS.length)] as string;
  return pick(r, FRAMES)(topic);
}

/** Log-normal-ish latency around 450 ms with a tail. */
const latency = (r: () => number) => Math.round(Math.exp(6.1 + 0.6 * (r() + r() + r() - 1.5)));

/** A start instant in the last `days` days, weekdays busier, office hours busier. */
function startAt(r: () => number, now: Date, days: number): Date {
  for (;;) {
    const t = new Date(now.getTime() - r() * days * 86_400_000);
    const weekend = t.getUTCDay() === 0 || t.getUTCDay() === 6;
    const hour = t.getUTCHours();
    const weight = (weekend ? 0.5 : 1) * (hour >= 7 && hour <= 20 ? 1 : 0.35);
    if (r() < weight) return t;
  }
}

/** The conversations in random order of their start. */
function* unordered(o: GenOptions): Generator<{ conversation: ConversationRow; turns: TurnRow[] }> {
  const r = rng(o.seed ?? 14);
  const cited = o.documents.slice(0, Math.ceil(o.documents.length * 0.7));
  let made = 0;
  while (made < o.messages) {
    const id = randomUUID();
    const start = startAt(r, o.now, o.days);
    const count = Math.min(o.messages - made, 1 + Math.floor(r() * r() * 6));
    const channel = r() < 0.72 ? 'widget' : r() < 0.55 ? 'page' : 'dashboard';
    const turns: TurnRow[] = [];
    for (let i = 0; i < count; i++) {
      const answered = r() > 0.12;
      const vote = r();
      const sources = answered
        ? Array.from({ length: 1 + Math.floor(r() * 3) }, () => pick(r, cited))
        : [];
      turns.push({
        conversation_id: id,
        bot_id: o.botId,
        question: question(r, made + i),
        answer: answered ? 'Here is how that works, step by step.' : "Sorry, I don't know.",
        sources: JSON.stringify(
          sources.map((d, k) => ({ title: d.title, url: d.url, chunk_id: String(k + 1) })),
        ),
        engine: 'extractive',
        turn_key: randomUUID(),
        answered,
        latency_ms: latency(r),
        feedback: vote < 0.07 ? 1 : vote < 0.1 ? -1 : null,
        created_at: new Date(Math.min(o.now.getTime(), start.getTime() + i * 45_000)),
      });
    }
    made += count;
    yield { conversation: conversationOf(o.botId, id, channel, r, turns), turns };
  }
}

/**
 * The history in the order a live install stores it: by start time, so a range of days sits
 * together on disk as it would (random order would spread a week over most of the table).
 */
export function generateChats(
  o: GenOptions,
): { conversation: ConversationRow; turns: TurnRow[] }[] {
  return [...unordered(o)].sort(
    (a, b) => a.conversation.created_at.getTime() - b.conversation.created_at.getTime(),
  );
}

function conversationOf(
  botId: string,
  id: string,
  channel: ConversationRow['channel'],
  r: () => number,
  turns: TurnRow[],
): ConversationRow {
  const first = turns[0] as TurnRow;
  const last = turns[turns.length - 1] as TurnRow;
  return {
    id,
    bot_id: botId,
    channel,
    user_id: null,
    session_id: `bench-${Math.floor(r() * 1e9)}`,
    title: first.question.slice(0, 120),
    turn_count: turns.length,
    country: channel === 'dashboard' || r() < 0.1 ? null : pick(r, COUNTRIES),
    answered_count: turns.filter((t) => t.answered).length,
    unanswered_count: turns.filter((t) => !t.answered).length,
    thumbs_up: turns.filter((t) => t.feedback === 1).length,
    thumbs_down: turns.filter((t) => t.feedback === -1).length,
    created_at: first.created_at,
    updated_at: last.created_at,
  };
}
