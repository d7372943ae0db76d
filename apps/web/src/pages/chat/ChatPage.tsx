import { useState } from 'react';
import { ChatbotSideMenu } from '../../components/ChatbotSideMenu.tsx';
import { NoBotSelected } from '../../components/NoBotSelected.tsx';
import { useBotList } from '../../features/bots/index.ts';
import { ChatWindow, QuickStartPanel } from '../../features/chat/index.ts';
import { removeSessionKeys, useSession } from '../../lib/session.ts';
import './chat-page.css';

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
