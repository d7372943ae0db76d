/**
 * The three packages and their limits, in one place. Everything that enforces a plan limit
 * (bot creation, training, crawling) reads them from here.
 */
export type PlanId = 'silver' | 'gold' | 'platinum';

export interface Plan {
  id: PlanId;
  name: string;
  /** Chatbots one account may own. */
  maxBots: number;
  /** Characters of trained content per chatbot (docs/spec.md §9 char_count semantics). */
  maxCharsPerBot: number;
  /** Pages one website or sitemap crawl may discover and train. */
  maxPagesPerCrawl: number;
}

export const PLANS: Record<PlanId, Plan> = {
  silver: {
    id: 'silver',
    name: 'Silver',
    maxBots: 3,
    maxCharsPerBot: 2_000_000,
    maxPagesPerCrawl: 100,
  },
  gold: {
    id: 'gold',
    name: 'Gold',
    maxBots: 10,
    maxCharsPerBot: 10_000_000,
    maxPagesPerCrawl: 500,
  },
  platinum: {
    id: 'platinum',
    name: 'Platinum',
    maxBots: 50,
    maxCharsPerBot: 50_000_000,
    maxPagesPerCrawl: 2_000,
  },
};

/** users.plan holds the id; anything unknown is treated as the smallest plan. */
export function planOf(id: string | null | undefined): Plan {
  return PLANS[(id ?? '') as PlanId] ?? PLANS.silver;
}

const fmt = (n: number) => n.toLocaleString('en-US');

export const planMessages = {
  botLimit: (plan: Plan) =>
    `Your ${plan.name} plan allows up to ${fmt(plan.maxBots)} chatbot${plan.maxBots === 1 ? '' : 's'}. Delete a chatbot or upgrade your plan to add another.`,
  charLimit: (plan: Plan, used: number, adding: number) =>
    `Your ${plan.name} plan allows up to ${fmt(plan.maxCharsPerBot)} characters per chatbot. This chatbot has ${fmt(used)} and this content adds ${fmt(adding)}. Remove some content or upgrade your plan.`,
  pageLimit: (plan: Plan) =>
    `Your ${plan.name} plan allows up to ${fmt(plan.maxPagesPerCrawl)} pages per crawl.`,
};
