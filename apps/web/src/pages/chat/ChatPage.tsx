import { useState } from 'react';
import { ChatbotSideMenu } from '../../components/ChatbotSideMenu.tsx';
import { NoBotSelected } from '../../components/NoBotSelected.tsx';
import { PageLoader } from '../../components/Spinner.tsx';
import { useBotList, useRecentBotWhenNoneChosen } from '../../features/bots/index.ts';
import { ChatWindow, QuickStartPanel } from '../../features/chat/index.ts';
import { removeSessionKeys } from '../../lib/session.ts';
import './chat-page.css';

const NOTHING_DONE = {
  train_ai: false,
  first_message: false,
  image_training: false,
  customize_bot: false,
  embed_and_integrate: false,
};

/**
 * /chat: the owner's preview chat with the stored bot, beside the quick-start guide; with none
 * stored (after a fresh login), the most recent bot.
 */
export function ChatPage() {
  const botId = useRecentBotWhenNoneChosen();
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
      ) : botId === undefined ? (
        <PageLoader />
      ) : (
        <NoBotSelected />
      )}
    </ChatbotSideMenu>
  );
}
