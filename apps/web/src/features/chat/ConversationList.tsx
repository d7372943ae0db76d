import { useQuery } from '@tanstack/react-query';
import { ChevronRight, MessageSquare, MessageSquarePlus } from 'lucide-react';
import { Navigate, useNavigate } from 'react-router';
import { Button } from '../../components/Button.tsx';
import { Spinner } from '../../components/Spinner.tsx';
import { errorMessage } from '../../lib/api.ts';
import { removeSessionKeys, setSession } from '../../lib/session.ts';
import { fullDate, timeAgo } from '../../lib/time.ts';
import { fetchConversations } from './chat.api.ts';
import './conversations.css';

/** A bot's past conversations, newest first; choosing one reopens it in /chat. */
export function ConversationList({ botId }: { botId: string }) {
  const navigate = useNavigate();
  const query = useQuery({
    queryKey: ['conversations', botId],
    queryFn: () => fetchConversations(botId),
    staleTime: 0,
  });

  const newMessage = () => {
    removeSessionKeys('conversation_id');
    navigate('/chat');
  };
  const open = (conversationId: string) => {
    setSession({ conversation_id: conversationId });
    navigate('/chat');
  };

  // With no conversation yet there is nothing to list: start one (docs/spec.md §2).
  // (Only on a fresh answer: a cached empty list may be from before the first chat.)
  if (query.isSuccess && !query.isFetching && query.data.length === 0) {
    return <Navigate to="/chat" replace />;
  }

  return (
    <section className="panel conv-panel" aria-labelledby="conv-title">
      <div className="conv-panel__head">
        <div>
          <h2 id="conv-title" className="kb-panel__title">
            Conversations
          </h2>
          <p className="kb-panel__subtitle">
            Reopen a past chat with your bot, or start a new one.
          </p>
        </div>
        <Button onClick={newMessage}>
          <MessageSquarePlus size={17} aria-hidden="true" /> New Message
        </Button>
      </div>
      {query.isPending || (query.isFetching && query.data?.length === 0) ? (
        <div className="conv-panel__state">
          <Spinner size={28} label="Loading conversations" />
        </div>
      ) : query.isError ? (
        <p className="form-error" role="alert">
          {errorMessage(query.error)}
        </p>
      ) : (
        <ul className="conv-list" data-testid="conversation-list">
          {query.data.map((c) => (
            <li key={c.conversation_id}>
              <button
                type="button"
                className="conv-item"
                onClick={() => open(c.conversation_id)}
                data-testid="conversation-item"
              >
                <span className="conv-item__icon" aria-hidden="true">
                  <MessageSquare size={18} />
                </span>
                <span className="conv-item__text">
                  <span className="conv-item__title">{c.title || 'Untitled conversation'}</span>
                  <time
                    className="conv-item__time"
                    dateTime={c.created_at}
                    title={fullDate(c.created_at)}
                  >
                    {timeAgo(c.created_at)}
                  </time>
                </span>
                <ChevronRight size={18} className="conv-item__chevron" aria-hidden="true" />
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
