import pg from 'pg';
import { type Account, api, type Proc, sleep, waitFor } from './cluster.ts';
import { waitTrained } from './knowledge.ts';
import { chatTurn, newVisitorId, storedTurns, type TurnResult } from './widget-visitor.ts';

/**
 * Widget visitors chatting through both API processes while every PostgreSQL connection of the
 * install is terminated a few times (a failover, an operator's pg_terminate_backend).
 */
const KNOWLEDGE = [
  {
    title: 'Returns',
    content:
      'Items can be returned within thirty days of delivery. Refunds are paid to the original card within a week.',
  },
  {
    title: 'Shipping',
    content:
      'Orders ship from our warehouse within two business days. Express shipping arrives the next day.',
  },
  {
    title: 'Warranty',
    content: 'Every kettle has a two year warranty that covers the heating element and the lid.',
  },
];
const QUESTIONS = [
  'How long do refunds take?',
  'When do orders ship?',
  'What does the warranty cover?',
  'Can I return an item?',
];
const VISITORS = 6;
const TERMINATIONS = 3;

export interface LoadReport {
  attempted: number;
  answered: number;
  failedClearly: number;
  /** Turns that got no answer at all within their timeout (or no connection). */
  hung: TurnResult[];
  /** Turns that ended without an answer and without saying why. */
  unclear: TurnResult[];
  /** Turns the server stored, over every conversation. */
  stored: number;
}

async function terminateBackends(databaseUrl: string): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const r = await client.query(
      `SELECT count(pg_terminate_backend(pid))::int AS n FROM pg_stat_activity
       WHERE datname = current_database() AND pid <> pg_backend_pid()`,
    );
    return r.rows[0].n as number;
  } finally {
    await client.end();
  }
}

async function visitorsUntil(
  apis: Proc[],
  botId: string,
  stop: () => boolean,
  minTurns: number,
): Promise<{ results: TurnResult[]; conversations: [string, string][] }> {
  const results: TurnResult[] = [];
  const conversations: [string, string][] = [];
  await Promise.all(
    Array.from({ length: VISITORS }, async (_, v) => {
      const visitor: { id: string; conversationId?: string | undefined } = { id: newVisitorId() };
      for (let turn = 0; turn < minTurns || !stop(); turn++) {
        const api = apis[(v + turn) % apis.length]!;
        const r = await chatTurn(api.url, botId, visitor, QUESTIONS[turn % QUESTIONS.length]!);
        results.push(r);
        // A conversation exists once a turn of it is stored: a failed first turn leaves none.
        if (r.answered) visitor.conversationId ??= r.conversationId;
      }
      if (visitor.conversationId) conversations.push([visitor.id, visitor.conversationId]);
    }),
  );
  return { results, conversations };
}

function judge(results: TurnResult[]): Omit<LoadReport, 'stored'> {
  const answered = results.filter((r) => r.status === 200 && r.answered).length;
  const hung = results.filter((r) => r.status === 0);
  const clear = (r: TurnResult) =>
    !r.answered && r.status !== 0 && Boolean(r.error) && (r.status >= 500 || r.status === 200);
  return {
    attempted: results.length,
    answered,
    failedClearly: results.filter(clear).length,
    hung,
    unclear: results.filter(
      (r) => r.status !== 0 && !(r.status === 200 && r.answered) && !clear(r),
    ),
  };
}

export const chatLoad = {
  /** Budgets the load would otherwise exhaust (they are per minute, made for people). */
  env: {
    WIDGET_VISITOR_MESSAGES_PER_MINUTE: '1000000',
    WIDGET_BOT_MESSAGES_PER_MINUTE: '1000000',
    CHAT_MESSAGES_PER_MINUTE: '1000000',
  },

  async run(opts: { databaseUrl: string; apis: Proc[]; account: Account }) {
    const [first] = opts.apis as [Proc];
    const trained = await api(first, opts.account, 'upload/text', {
      content_list: KNOWLEDGE,
      stage: 1,
      char_count: 0,
      bot_count: 1,
    });
    if (trained.status !== 200) throw new Error(`training refused: ${trained.body.message}`);
    const botId = trained.body.response.botId as string;
    await waitTrained(() => first, opts.account, botId);

    let terminating = true;
    const load = visitorsUntil(opts.apis, botId, () => !terminating, 3);
    let terminated = 0;
    for (let i = 0; i < TERMINATIONS; i++) {
      await sleep(1500);
      terminated += await terminateBackends(opts.databaseUrl);
    }
    terminating = false;
    const { results, conversations } = await load;
    if (terminated === 0) throw new Error('no connection was terminated: the scenario did not run');

    for (const p of opts.apis) {
      await waitFor(`${p.name} ready again`, async () => {
        const res = await fetch(`${p.url}/api/health/ready`);
        return res.status === 200 ? true : undefined;
      });
    }
    let stored = 0;
    for (const [visitorId, conversationId] of conversations) {
      stored += (await storedTurns(first.url, botId, visitorId, conversationId)).length;
    }
    const after = await visitorsUntil(opts.apis, botId, () => true, 2);
    return { report: { ...judge(results), stored }, afterwards: judge(after.results) };
  },
};
