import type { BotListItem } from '@docent/shared';
import { useQueryClient } from '@tanstack/react-query';
import { Bot } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'react-toastify';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { Spinner } from '../../components/Spinner.tsx';
import { BOT_LIST_KEY, deleteBot, useBotList } from '../../features/bots/index.ts';
import { errorMessage } from '../../lib/api.ts';
import { getSession, removeSessionKeys } from '../../lib/session.ts';
import { BotCard } from './BotCard.tsx';
import './bot-cards.css';

/** The user's chatbots on the dashboard, each with its figures, quick start and links. */
export function BotCardList() {
  const { data: bots, isLoading } = useBotList();
  const queryClient = useQueryClient();
  const [pending, setPending] = useState<BotListItem | null>(null);
  const [deleting, setDeleting] = useState(false);

  const onDelete = async () => {
    if (!pending) return;
    setDeleting(true);
    try {
      const reply = await deleteBot(pending.bot_id);
      if (reply.message) toast.success(reply.message);
      if (getSession().bot_id === pending.bot_id) {
        removeSessionKeys('bot_id', 'bot_name', 'conversation_id');
      }
    } catch (err) {
      toast.error(errorMessage(err));
    } finally {
      setDeleting(false);
      setPending(null);
      void queryClient.invalidateQueries({ queryKey: BOT_LIST_KEY });
    }
  };

  if (isLoading) {
    return (
      <div className="bot-cards bot-cards--loading">
        <Spinner size={24} label="Loading chatbots" />
      </div>
    );
  }
  if (!bots || bots.length === 0) {
    return (
      <section className="empty" aria-label="Your chatbots">
        <span className="empty__icon" aria-hidden="true">
          <Bot size={28} />
        </span>
        <div>
          <h2 className="empty__title">No chatbots yet</h2>
          <p className="empty__text">Pick a data source below to train your first AI chatbot.</p>
        </div>
      </section>
    );
  }
  return (
    <section aria-labelledby="bot-cards-title" className="bot-section">
      <h2 id="bot-cards-title" className="bot-section__title">
        Your chatbots <span className="bot-section__count">{bots.length}</span>
      </h2>
      <ul className="bot-cards">
        {bots.map((bot) => (
          <BotCard key={bot.bot_id} bot={bot} onDelete={() => setPending(bot)} />
        ))}
      </ul>
      <ConfirmDialog
        open={pending !== null}
        onOpenChange={(open) => !open && !deleting && setPending(null)}
        title="Delete chatbot?"
        description={
          pending
            ? `“${pending.bot_name}” and everything it was trained on will be deleted. This cannot be undone.`
            : undefined
        }
        confirmLabel="Delete chatbot"
        danger
        busy={deleting}
        onConfirm={onDelete}
      />
    </section>
  );
}
