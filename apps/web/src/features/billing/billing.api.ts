import type { BillingUsageResponse } from '@docent/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';

async function fetchUsage(): Promise<BillingUsageResponse> {
  return (await api<BillingUsageResponse>('billing/usage')).response;
}

/** The account's plan and usage (billing/usage). */
export function useBillingUsage() {
  return useQuery({ queryKey: ['billing-usage'], queryFn: fetchUsage });
}
