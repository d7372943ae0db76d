import { ChatbotSideMenu } from '../../components/ChatbotSideMenu.tsx';
import { NoBotSelected } from '../../components/NoBotSelected.tsx';
import { Inbox } from '../../features/inbox/index.ts';
import { useSession } from '../../lib/session.ts';

/** /inbox: every conversation of the stored bot, from its card's Inbox link or the side menu. */
export function InboxPage() {
  const { bot_id: botId } = useSession();
  return (
    <ChatbotSideMenu>
      {botId ? <Inbox key={botId} botId={botId} /> : <NoBotSelected />}
    </ChatbotSideMenu>
  );
}
