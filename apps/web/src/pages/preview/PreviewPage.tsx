import { ChatbotSideMenu } from '../../components/ChatbotSideMenu.tsx';
import { NoBotSelected } from '../../components/NoBotSelected.tsx';
import { ConversationList } from '../../features/chat/index.ts';
import { useSession } from '../../lib/session.ts';
/** /preview: the stored bot's past conversations (docs/spec.md §2). */
export function PreviewPage() {
  const { bot_id: botId } = useSession();
  return (
    <ChatbotSideMenu>
      {botId ? <ConversationList key={botId} botId={botId} /> : <NoBotSelected />}
    </ChatbotSideMenu>
  );
}
