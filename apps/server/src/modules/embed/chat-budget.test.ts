import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers/app.ts';
import { insertBotWithTextSource } from '../../../test/helpers/bots.ts';
import { createSignedInUser } from '../../../test/helpers/users.ts';
import { chargeChatMessage } from './chat-budget.ts';
import { findPublicBot } from './public-bot.service.ts';
import { findWidgetBudget, saveWidgetBudget } from './widget-budget.repo.ts';

const PER_VISITOR = 4;
const BUDGET = 48;

/** Budgets are per clock minute: a scenario must not straddle the turn of the minute. */
async function awayFromMinuteTurn(): Promise<void> {
  const left = 60_000 - (Date.now() % 60_000);
  if (left < 15_000) await new Promise((r) => setTimeout(r, left + 100));
}

const visitor = () => `v${randomBytes(12).toString('hex')}`;

describe('widget budget: no address block takes more than a fair share', () => {
  let t: TestApp;
  let userId: string;
  let botId: string;
  beforeAll(async () => {
    t = await createTestApp({
      WIDGET_VISITOR_MESSAGES_PER_MINUTE: String(PER_VISITOR),
      WIDGET_BOT_MESSAGES_PER_MINUTE: String(BUDGET),
    });
    ({ userId } = await createSignedInUser(t.runtime.ctx));
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    ({ botId } = await insertBotWithTextSource(t.runtime.ctx.db, { user_id: userId, name: 'B' }));
    await awayFromMinuteTurn();
  });

  /** true when the message is accepted, false on a 429. The bot is read as the route reads it. */
  const send = async (ip: string, visitorId = visitor()) => {
    const bot = await findPublicBot(t.runtime.ctx, botId);
    return chargeChatMessage(t.runtime.ctx, bot, { visitorId, ip }).then(
      () => true,
      (err: { statusCode?: number }) => {
        expect(err.statusCode).toBe(429);
        return false;
      },
    );
  };

  /** An abuser rotating visitor ids over `ips` until every address is refused. */
  async function drain(ips: string[]): Promise<number> {
    let accepted = 0;
    for (let round = 0; round < 40; round++) {
      const results = await Promise.all(ips.map((ip) => send(ip)));
      accepted += results.filter(Boolean).length;
      if (results.every((ok) => !ok)) break;
    }
    return accepted;
  }

  const realVisitors = ['203.0.113.9', '192.0.2.77', '2001:db8:77::5'];

  it('six addresses of one /24 rotating visitor ids cannot mute the bot', async () => {
    const used = await drain([1, 2, 3, 4, 5, 6].map((n) => `198.51.100.${n}`));
    expect(used).toBeLessThanOrEqual(BUDGET);
    for (const ip of realVisitors) {
      const me = visitor();
      expect(await send(ip, me)).toBe(true);
      expect(await send(ip, me)).toBe(true);
    }
    // The abuser's block stays refused, whatever it tries next.
    expect(await send('198.51.100.200')).toBe(false);
  });

  it('six addresses in six blocks cannot mute the bot either', async () => {
    const used = await drain([1, 2, 3, 4, 5, 6].map((n) => `10.${n}.0.1`));
    expect(used).toBeLessThanOrEqual(BUDGET);
    for (const ip of realVisitors) expect(await send(ip)).toBe(true);
  });

  it('an IPv6 /64 counts as one address however it rotates', async () => {
    const ips = Array.from({ length: 30 }, (_, i) => `2001:db8:5:6::${(i + 1).toString(16)}`);
    const used = await drain(ips);
    // One client: its per-address cap, not 30 of them.
    expect(used).toBe(PER_VISITOR * 3);
    expect(await send('203.0.113.50')).toBe(true);
  });

  it('stays within twice the budget however many blocks join in, and records when it ran out', async () => {
    expect((await findWidgetBudget(t.runtime.ctx.db, botId))?.last_reached_at ?? null).toBeNull();
    let accepted = 0;
    for (let block = 0; block < 60; block++) {
      for (let i = 0; i < PER_VISITOR; i++) if (await send(`172.16.${block}.1`)) accepted++;
    }
    expect(accepted).toBeGreaterThan(BUDGET);
    expect(accepted).toBeLessThanOrEqual(2 * BUDGET);
    const reached = (await findWidgetBudget(t.runtime.ctx.db, botId))?.last_reached_at;
    expect(reached).toBeInstanceOf(Date);
    expect(Date.now() - new Date(reached as Date).getTime()).toBeLessThan(60_000);
  });

  it("uses the budget the owner set instead of the server's default", async () => {
    await saveWidgetBudget(t.runtime.ctx.db, botId, 6);
    let accepted = 0;
    for (let n = 1; n <= 3; n++) {
      for (let i = 0; i < PER_VISITOR; i++) if (await send(`198.18.0.${n}`)) accepted++;
    }
    // 6 for everyone, then the one block that spent it gets no more.
    expect(accepted).toBe(6);
    expect(await send('203.0.113.60')).toBe(true);
  });
});
