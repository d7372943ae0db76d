/**
 * The three packages (docs/spec.md §9: Silver, Gold, Platinum at AED 250, 270, 290 a month):
 * one table for the landing page's cards, the billing page and the server's limits, so what a
 * card promises is what the server allows.
 */
export type PlanId = 'silver' | 'gold' | 'platinum';

export interface Plan {
  id: PlanId;
  name: string;
  /** AED per month; a year costs ten months. */
  priceMonthly: number;
  tagline: string;
  /** Chatbots one account may own. */
  maxBots: number;
  /** Characters of trained content per chatbot (docs/spec.md §9 char_count semantics). */
  maxCharsPerBot: number;
  /** Pages one website or sitemap crawl may discover and train. */
  maxPagesPerCrawl: number;
  /** Chat messages a month across the account's bots, shown as the usage meter's scale. */
  messagesPerMonth: number;
  /** What the plan adds beyond its numbers. */
  extras: readonly string[];
  featured?: boolean;
}

export const PLAN_LIST: readonly Plan[] = [
  {
    id: 'silver',
    name: 'Silver',
    priceMonthly: 250,
    tagline: 'For small businesses getting started',
    maxBots: 3,
    maxCharsPerBot: 2_000_000,
    maxPagesPerCrawl: 100,
    messagesPerMonth: 2_000,
    extras: ['Every data source', 'E-mail support'],
  },
  {
    id: 'gold',
    name: 'Gold',
    priceMonthly: 270,
    tagline: 'For growing teams with more traffic',
    maxBots: 10,
    maxCharsPerBot: 10_000_000,
    maxPagesPerCrawl: 500,
    messagesPerMonth: 10_000,
    extras: ['Every data source', 'Custom branding'],
    featured: true,
  },
  {
    id: 'platinum',
    name: 'Platinum',
    priceMonthly: 290,
    tagline: 'For high-volume support operations',
    maxBots: 50,
    maxCharsPerBot: 50_000_000,
    maxPagesPerCrawl: 2_000,
    messagesPerMonth: 50_000,
    extras: ['Priority training queue', 'Dedicated success manager'],
  },
];

export const PLANS = Object.fromEntries(PLAN_LIST.map((p) => [p.id, p])) as Record<PlanId, Plan>;

/** users.plan holds the id; anything unknown is treated as the smallest plan. */
export function planOf(id: string | null | undefined): Plan {
  return PLANS[(id ?? '') as PlanId] ?? PLANS.silver;
}

const fmt = (n: number) => n.toLocaleString('en-US');

/** The feature lines a card shows, written from the limits themselves. */
export function planFeatures(plan: Plan): string[] {
  return [
    `${fmt(plan.maxBots)} AI chatbot${plan.maxBots === 1 ? '' : 's'}`,
    `${fmt(plan.maxCharsPerBot)} characters per chatbot`,
    `${fmt(plan.maxPagesPerCrawl)} pages per website crawl`,
    `${fmt(plan.messagesPerMonth)} messages / month`,
    ...plan.extras,
  ];
}

/** GET billing/usage: the account's plan and what it uses of it. */
export interface BillingUsageResponse {
  plan: PlanId;
  bots: number;
  /** Characters of the fullest chatbot (the character limit is per chatbot). */
  max_bot_chars: number;
  messages_this_month: number;
}
