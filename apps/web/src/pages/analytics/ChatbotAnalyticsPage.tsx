import { Bot, CheckCircle2, type LucideIcon, MessageCircle, MessagesSquare } from 'lucide-react';
import { Link } from 'react-router';
import { PageHeader } from '../../components/PageHeader.tsx';
import { useBotList } from '../../features/bots/index.ts';

export function ChatbotAnalyticsPage() {
  const { data: bots = [], isLoading } = useBotList();
  const sum = (key: 'messages' | 'conversations') =>
    bots.reduce((total, bot) => total + (Number(bot[key]) || 0), 0);
  const stats: { label: string; value: number; icon: LucideIcon }[] = [
    { label: 'Chatbots', value: bots.length, icon: Bot },
    { label: 'Messages', value: sum('messages'), icon: MessageCircle },
    { label: 'Conversations', value: sum('conversations'), icon: MessagesSquare },
    { label: 'Resolutions', value: 0, icon: CheckCircle2 },
  ];
  return (
    <div className="page">
      <PageHeader
        title="Dashboard"
        description="How your chatbots are doing across all conversations."
        actions={
          <Link className="btn btn--primary btn--md" to="/dashboard">
            Manage chatbots
          </Link>
        }
      />
      <ul className="stats" aria-busy={isLoading || undefined}>
        {stats.map(({ label, value, icon: Icon }) => (
          <li key={label} className="stat">
            <span className="stat__icon" aria-hidden="true">
              <Icon size={20} />
            </span>
            <span className="stat__label">{label}</span>
            <span className="stat__value">{isLoading ? '—' : value.toLocaleString()}</span>
          </li>
        ))}
      </ul>
      <section className="panel">
        <h2 className="panel__title">Activity</h2>
        <p className="panel__subtitle">
          Detailed charts arrive as your chatbots start talking to visitors.
        </p>
        <div className="chart-placeholder" aria-hidden="true">
          {[30, 45, 38, 60, 52, 70, 66, 80, 74, 90, 85, 96].map((h, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a fixed decorative series
            <span key={i} style={{ height: `${h}%` }} />
          ))}
        </div>
      </section>
    </div>
  );
}
