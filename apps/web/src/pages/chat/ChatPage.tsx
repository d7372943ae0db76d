import { History, MessageSquarePlus, Sparkles } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { removeSessionKeys, useSession } from '../../app/session.ts';
import { Button } from '../../components/Button.tsx';
import { ChatbotSideMenu } from '../../components/ChatbotSideMenu.tsx';
import { Spinner } from '../../components/Spinner.tsx';
import { useBotList } from '../../features/bots/bots.api.ts';
import { ChatComposer } from '../../features/chat/ChatComposer.tsx';
import { ChatTurnView } from '../../features/chat/ChatTurnView.tsx';
import { QuickStartPanel } from '../../features/chat/QuickStartPanel.tsx';
import { useChat } from '../../features/chat/use-chat.ts';
import { NoBotSelected } from '../../features/knowledge/NoBotSelected.tsx';
import '../../features/chat/chat.css';

const NOTHING_DONE = {
  train_ai: false,
  first_message: false,
  image_training: false,
  customize_bot: false,
  embed_and_integrate: false,
};

/** /chat: the owner's preview chat with the stored bot, beside the quick-start guide. */
export function ChatPage() {
  const { bot_id: botId } = useSession();
  const [round, setRound] = useState(0);
  const bots = useBotList();
  const bot = bots.data?.find((b) => b.bot_id === botId);
  return (
    <ChatbotSideMenu>
      {botId ? (
        <div className="chat-layout">
          <ChatWindow
            // A new conversation remounts the window, which clears the stored id.
            key={`${botId}-${round}`}
            botId={botId}
            onNewChat={() => {
              // Cleared before the new window reads it on its first render.
              removeSessionKeys('conversation_id');
              setRound((r) => r + 1);
            }}
          />
          <QuickStartPanel bot={bots.isPending ? undefined : (bot ?? NOTHING_DONE)} />
        </div>
      ) : (
        <NoBotSelected />
      )}
    </ChatbotSideMenu>
  );
}

function ChatWindow({ botId, onNewChat }: { botId: string; onNewChat: () => void }) {
  const { bot_name: botName } = useSession();
  const { turns, loadingHistory, busy, send, conversationId } = useChat(botId);
  const list = useRef<HTMLDivElement>(null);

  // Follow the newest text while it streams in.
  // biome-ignore lint/correctness/useExhaustiveDependencies: scroll whenever the turns change
  useEffect(() => {
    const el = list.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [turns]);

  return (
    <section className="chat-window" aria-labelledby="chat-title">
      <header className="chat-window__head">
        <div className="chat-window__who">
          <span className="chat-window__avatar" aria-hidden="true">
            <Sparkles size={18} />
          </span>
          <div>
            <h2 id="chat-title" className="chat-window__title">
              {botName || 'Your chatbot'}
            </h2>
            <p className="chat-window__subtitle">
              {conversationId ? 'Conversation in progress' : 'Preview your chatbot'}
            </p>
          </div>
        </div>
        <div className="chat-window__tools">
          <Link to="/preview" className="btn btn--ghost btn--sm" aria-label="Past conversations">
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
      <div
        className="chat-window__messages"
        ref={list}
        role="log"
        aria-live="polite"
        aria-label="Conversation"
        // biome-ignore lint/a11y/noNoninteractiveTabindex: the message log scrolls by keyboard
        tabIndex={0}
      >
        {loadingHistory ? (
          <div className="chat-window__state">
            <Spinner size={28} label="Loading conversation" />
          </div>
        ) : turns.length === 0 ? (
          <div className="chat-window__state chat-welcome">
            <span className="chat-welcome__icon" aria-hidden="true">
              <Sparkles size={22} />
            </span>
            <p className="chat-welcome__title">Ask {botName || 'your chatbot'} anything</p>
            <p className="chat-welcome__text">
              Answers come from the content you trained it on, with their sources underneath.
            </p>
          </div>
        ) : (
          <ol className="chat-turns">
            {turns.map((turn) => (
              <ChatTurnView key={turn.key} turn={turn} />
            ))}
          </ol>
        )}
      </div>
      <ChatComposer onSend={send} busy={busy} disabled={loadingHistory} />
    </section>
  );
}
