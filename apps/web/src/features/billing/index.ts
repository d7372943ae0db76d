export { useBillingUsage } from './billing.api.ts';
export { UsageMeters } from './UsageMeters.tsx';
