import { useEffect } from 'react';
import { PageHeader } from '../../components/PageHeader.tsx';
import { fetchBotStatus } from '../../features/bots/index.ts';
import { getSession } from '../../lib/session.ts';

/** /status-check (docs/spec.md §2): fetches the chatbot status on load and shows only a heading. */
export function StatusCheckPage() {
  useEffect(() => {
    const botId = getSession().bot_id;
    // docs/spec.md §8: a failed status check is only logged; this page shows nothing of it.
    if (botId) fetchBotStatus(botId).catch(() => undefined);
  }, []);
  return (
    <div className="page">
      <PageHeader title="Status Check" />
    </div>
  );
}
