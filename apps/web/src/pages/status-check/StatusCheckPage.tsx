import { useEffect } from 'react';
import { getSession } from '../../app/session.ts';
import { PageHeader } from '../../components/PageHeader.tsx';
import { fetchBotStatus } from '../../features/knowledge/knowledge.api.ts';

/** /status-check (spec §2): fetches the chatbot status on load and shows only a heading. */
export function StatusCheckPage() {
  useEffect(() => {
    const botId = getSession().bot_id;
    // Spec §8: a failed status check is only logged; this page shows nothing of it.
    if (botId) fetchBotStatus(botId).catch(() => undefined);
  }, []);
  return (
    <div className="page">
      <PageHeader title="Status Check" />
    </div>
  );
}
