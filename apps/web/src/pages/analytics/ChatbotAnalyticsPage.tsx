import './analytics.css';
import './analytics-parts.css';
import type { BotListItem } from '@docent/shared';
import * as Tabs from '@radix-ui/react-tabs';
import { Bot, Download } from 'lucide-react';
import { Link } from 'react-router';
import { toast } from 'react-toastify';
import { Button } from '../../components/Button.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { PageLoader } from '../../components/Spinner.tsx';
import {
  AnalyticsFilters,
  AnalyticsOverview,
  CountingHelp,
  downloadCsv,
  KnowledgeGaps,
  LoadError,
  scopeQuery,
  useAnalyticsParams,
  useAnalyticsSummary,
  useKnowledgeGaps,
} from '../../features/analytics/index.ts';
import { useBotList } from '../../features/bots/index.ts';
import { errorMessage } from '../../lib/api.ts';

/** No chatbot yet: nothing to count, one thing to do. */
function NoBots() {
  return (
    <div className="empty">
      <span className="empty__icon" aria-hidden="true">
        <Bot size={24} />
      </span>
      <div>
        <h2 className="empty__title">No chatbots yet</h2>
        <p className="empty__text">
          Create a chatbot from your website, documents or Q&A; its conversations, answers and
          knowledge gaps will be counted here. <Link to="/dashboard">Create a chatbot</Link>
        </p>
      </div>
    </div>
  );
}

/**
 * /chatbot-analytics: the side menu's Dashboard. One bot or all summed, a range of local days,
 * the figures of that range and the open knowledge gaps.
 */
export function ChatbotAnalyticsPage() {
  const bots = useBotList();
  const list = bots.data ?? [];
  return (
    <div className="page an-page">
      <PageHeader
        title="Dashboard"
        description="How your chatbots are doing: conversations, answers, feedback and what visitors ask."
        actions={
          <Link className="btn btn--secondary btn--md" to="/dashboard">
            Manage chatbots
          </Link>
        }
      />
      {bots.isPending ? (
        <PageLoader label="Loading your chatbots" />
      ) : list.length === 0 ? (
        <NoBots />
      ) : (
        <Analytics bots={list} />
      )}
    </div>
  );
}

function Analytics({ bots }: { bots: BotListItem[] }) {
  const { params, setBot, setPreset, setCustom, setView } = useAnalyticsParams();
  const botId = bots.some((b) => b.bot_id === params.botId) ? params.botId : '';
  const scopeBots = botId ? bots.filter((b) => b.bot_id === botId) : bots;
  const summary = useAnalyticsSummary({ botId, ...params.range });
  const gaps = useKnowledgeGaps(botId);
  const exportConversations = () =>
    downloadCsv(
      `inbox/export?${scopeQuery({ botId, ...params.range })}`,
      'conversations.csv',
    ).catch((err) => toast.error(errorMessage(err)));
  return (
    <>
      <AnalyticsFilters
        bots={bots}
        params={{ ...params, botId }}
        onBot={setBot}
        onPreset={setPreset}
        onCustom={setCustom}
        withRange={params.view === 'overview'}
      />
      <Tabs.Root
        value={params.view}
        onValueChange={(v) => setView(v === 'gaps' ? 'gaps' : 'overview')}
        className="tabs an-tabs"
      >
        <div className="an-tabs__bar">
          <Tabs.List className="tabs__list" aria-label="Analytics views">
            <Tabs.Trigger value="overview" className="tabs__trigger">
              Overview
            </Tabs.Trigger>
            <Tabs.Trigger value="gaps" className="tabs__trigger">
              Knowledge gaps
              {gaps.data && gaps.data.length > 0 && (
                <span className="an-tabs__count">{gaps.data.length}</span>
              )}
            </Tabs.Trigger>
          </Tabs.List>
          {params.view === 'overview' && (
            <Button variant="secondary" size="sm" onClick={exportConversations}>
              <Download size={16} aria-hidden="true" /> Export conversations
            </Button>
          )}
        </div>
        <Tabs.Content value="overview" className="tabs__content an-view">
          {summary.isPending ? (
            <PageLoader label="Loading analytics" />
          ) : summary.isError ? (
            <LoadError
              what="the analytics"
              error={summary.error}
              onRetry={() => summary.refetch()}
            />
          ) : (
            <AnalyticsOverview
              summary={summary.data}
              bots={scopeBots}
              busy={summary.isPlaceholderData}
              onWiden={params.preset === 90 ? undefined : () => setPreset(90)}
            />
          )}
          <CountingHelp />
        </Tabs.Content>
        <Tabs.Content value="gaps" className="tabs__content an-view">
          <KnowledgeGaps botId={botId} bots={bots} />
        </Tabs.Content>
      </Tabs.Root>
    </>
  );
}
