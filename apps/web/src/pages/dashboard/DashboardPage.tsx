import { Plus } from 'lucide-react';
import { useRef } from 'react';
import { Button } from '../../components/Button.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { startNewBot } from '../../features/bots/index.ts';
import { usePlanCheck } from '../../features/knowledge/index.ts';
import { removeSessionKeys } from '../../lib/session.ts';
import { BotCardList } from './BotCardList.tsx';
import { DataSourceCards } from './DataSourceCards.tsx';

export function DashboardPage() {
  const sources = useRef<HTMLElement>(null);
  const { check, checking } = usePlanCheck();

  // A new chatbot starts from a data source; forget the bot the session was last working on.
  const onNewChatbot = () => {
    removeSessionKeys('bot_id', 'bot_name', 'conversation_id');
    startNewBot();
    sources.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
    sources.current?.querySelector<HTMLElement>('a, button')?.focus({ preventScroll: true });
  };

  return (
    <div className="page">
      <PageHeader
        title="Dashboard"
        description="Create a chatbot from your content, or pick up where you left off."
        actions={
          <Button onClick={() => check(onNewChatbot)} loading={checking}>
            <Plus size={16} aria-hidden="true" /> New AI Chatbot
          </Button>
        }
      />
      <BotCardList />
      <section ref={sources} className="panel" aria-labelledby="data-source-title">
        <h2 id="data-source-title" className="panel__title">
          Select a Data Source
        </h2>
        <p className="panel__subtitle">
          Choose what your chatbot should learn from first. You can add more later.
        </p>
        <DataSourceCards />
      </section>
    </div>
  );
}
