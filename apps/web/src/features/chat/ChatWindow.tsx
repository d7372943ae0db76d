import type { FeedbackRating } from '@docent/shared';
import { History, MessageSquarePlus, Sparkles } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { Button } from '../../components/Button.tsx';
import { Spinner } from '../../components/Spinner.tsx';
import { useSession } from '../../lib/session.ts';
import { ChatComposer } from './ChatComposer.tsx';
import { ChatTurnView } from './ChatTurnView.tsx';
import type { Turn } from './turn.ts';
import { useChat } from './use-chat.ts';
import './chat.css';

/** The owner's preview chat with a bot: head, the streaming conversation and the composer. */
export function ChatWindow({ botId, onNewChat }: { botId: string; onNewChat: () => void }) {
  const { bot_name: botName } = useSession();
  const { turns, loadingHistory, busy, send, conversationId, rate } = useChat(botId);
  const name = botName || 'your chatbot';
  return (
    <section className="chat-window" aria-labelledby="chat-title">
      <ChatWindowHead
        title={botName || 'Your chatbot'}
        inConversation={Boolean(conversationId)}
        busy={busy}
        onNewChat={onNewChat}
      />
      <MessageLog turns={turns} loading={loadingHistory} botName={name} onRate={rate} />
      <ChatComposer onSend={send} busy={busy} disabled={loadingHistory} />
    </section>
  );
}

function ChatWindowHead({
  title,
  inConversation,
  busy,
  onNewChat,
}: {
  title: string;
  inConversation: boolean;
  busy: boolean;
  onNewChat: () => void;
}) {
  return (
    <header className="chat-window__head">
      <div className="chat-window__who">
        <span className="chat-window__avatar" aria-hidden="true">
          <Sparkles size={18} />
        </span>
        <div>
          <h2 id="chat-title" className="chat-window__title">
            {title}
          </h2>
          <p className="chat-window__subtitle">
            {inConversation ? 'Conversation in progress' : 'Preview your chatbot'}
          </p>
        </div>
      </div>
      <div className="chat-window__tools">
        <Link
          to="/preview"
          className="btn btn--ghost btn--sm"
          aria-label="History: past conversations"
        >
          <History size={16} aria-hidden="true" />
          <span className="chat-window__tool-label">History</span>
        </Link>
        <Button
          variant="secondary"
          size="sm"
          onClick={onNewChat}
          disabled={busy}
          aria-label="New chat"
        >
          <MessageSquarePlus size={16} aria-hidden="true" />
          <span className="chat-window__tool-label">New chat</span>
        </Button>
      </div>
    </header>
  );
}

/** The scrolling log; it follows the newest text while an answer streams in. */
function MessageLog({
  turns,
  loading,
  botName,
  onRate,
}: {
  turns: Turn[];
  loading: boolean;
  botName: string;
  onRate: (turn: Turn, rating: FeedbackRating) => void;
}) {
  const list = useRef<HTMLDivElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: scroll whenever the turns change
  useEffect(() => {
    const el = list.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [turns]);
  return (
    <div
      className="chat-window__messages"
      ref={list}
      role="log"
      aria-live="polite"
      aria-label="Conversation"
      // biome-ignore lint/a11y/noNoninteractiveTabindex: the message log scrolls by keyboard
      tabIndex={0}
    >
      {loading ? (
        <div className="chat-window__state">
          <Spinner size={28} label="Loading conversation" />
        </div>
      ) : turns.length === 0 ? (
        <div className="chat-window__state chat-welcome">
          <span className="chat-welcome__icon" aria-hidden="true">
            <Sparkles size={22} />
          </span>
          <p className="chat-welcome__title">Ask {botName} anything</p>
          <p className="chat-welcome__text">
            Answers come from the content you trained it on, with their sources underneath.
          </p>
        </div>
      ) : (
        <ol className="chat-turns">
          {turns.map((turn) => (
            <ChatTurnView key={turn.key} turn={turn} onRate={onRate} />
          ))}
        </ol>
      )}
    </div>
  );
}
