/**
 * The plans live in @docent/shared (one table for the landing page, billing and these limits).
 * Everything that enforces a plan limit (bot creation, training, crawling) reads them from there.
 */
import type { Plan } from '@docent/shared';

export { PLANS, type Plan, type PlanId, planOf } from '@docent/shared';

const fmt = (n: number) => n.toLocaleString('en-US');

export const planMessages = {
  botLimit: (plan: Plan) =>
    `Your ${plan.name} plan allows up to ${fmt(plan.maxBots)} chatbot${plan.maxBots === 1 ? '' : 's'}. Delete a chatbot or upgrade your plan to add another.`,
  charLimit: (plan: Plan, used: number, adding: number) =>
    `Your ${plan.name} plan allows up to ${fmt(plan.maxCharsPerBot)} characters per chatbot. This chatbot has ${fmt(used)} and this content adds ${fmt(adding)}. Remove some content or upgrade your plan.`,
  pageLimit: (plan: Plan) =>
    `Your ${plan.name} plan allows up to ${fmt(plan.maxPagesPerCrawl)} pages per crawl.`,
};
