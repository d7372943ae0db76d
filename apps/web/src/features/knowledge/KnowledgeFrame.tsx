import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ChatbotSideMenu } from '../../components/ChatbotSideMenu.tsx';
import { TargetBotPicker } from '../bots/index.ts';
import type { KnowledgeFlow } from './flows.ts';
import './knowledge.css';

/**
 * Onboarding screens stand alone under a page heading, with the choice of the chatbot their content
 * goes into; their /datasource twins sit inside the chatbot frame (bot name heading and chatbot
 * menu), as the rest of the bot's pages do, and add to that bot.
 */
export function KnowledgeFrame({
  flow,
  title,
  description,
  back,
  children,
}: {
  flow: KnowledgeFlow;
  title: string;
  description?: string;
  back?: { to: string; label: string };
  children: ReactNode;
}) {
  const head = (
    <div className="kb-head">
      {back && (
        <Link className="kb-back" to={back.to}>
          <ArrowLeft size={16} aria-hidden="true" /> {back.label}
        </Link>
      )}
      {flow.kind === 'onboarding' ? (
        <h1 className="kb-head__title">{title}</h1>
      ) : (
        <h2 className="kb-head__title kb-head__title--sub">{title}</h2>
      )}
      {description && <p className="kb-head__description">{description}</p>}
    </div>
  );
  if (flow.kind === 'datasource') {
    return (
      <ChatbotSideMenu>
        <div className="page">
          {head}
          {children}
        </div>
      </ChatbotSideMenu>
    );
  }
  return (
    <div className="page page--narrow">
      {head}
      <TargetBotPicker />
      {children}
    </div>
  );
}

export interface RouteTab {
  label: string;
  to: string;
  icon?: ReactNode;
}

/** Tabs that are routes: links in a tab-styled bar, the current one marked for screen readers. */
export function RouteTabs({
  tabs,
  current,
  label,
}: {
  tabs: readonly RouteTab[];
  current: string;
  label: string;
}) {
  return (
    <nav className="tabs__list kb-tabs" aria-label={label}>
      {tabs.map((tab) => {
        const active = tab.to === current;
        return (
          <Link
            key={tab.to}
            to={tab.to}
            className="tabs__trigger"
            data-state={active ? 'active' : 'inactive'}
            aria-current={active ? 'page' : undefined}
          >
            {tab.icon}
            {tab.label}
          </Link>
        );
      })}
    </nav>
  );
}
