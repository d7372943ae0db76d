import type { AllowedDomainsBody, AllowedDomainsResponse, BotIdBody } from '@docent/shared';
import { api } from '../../lib/api.ts';

/** The hosts the bot's widget may chat on (empty: anywhere). */
export async function fetchAllowedDomains(botId: string): Promise<string[]> {
  const path = `settings/allowed-domains/${encodeURIComponent(botId)}`;
  return (await api<AllowedDomainsResponse>(path)).response.domains;
}

export function saveAllowedDomains(botId: string, domains: string[]) {
  return api<AllowedDomainsResponse>('settings/allowed-domains', {
    json: { bot_id: botId, domains } satisfies AllowedDomainsBody,
  });
}

/** The owner copied an embed snippet: the quick-start "Embed & integrate" step is done. */
export function markSnippetCopied(botId: string) {
  return api('quick_start/snippet-copied', { json: { bot_id: botId } satisfies BotIdBody });
}
