import { Code2, Database, Eye, Inbox, Palette, Plus, Settings } from 'lucide-react';
import type { ReactNode } from 'react';
import { NavLink, useNavigate } from 'react-router';
import { useSession } from '../lib/session.ts';
import { Button } from './Button.tsx';

const ITEMS = [
  { to: '/preview', label: 'Preview', icon: Eye },
  { to: '/inbox', label: 'Inbox', icon: Inbox },
  { to: '/chatbot-settings', label: 'Settings', icon: Settings },
  { to: '/customization', label: 'Customize', icon: Palette },
  { to: '/status', label: 'Embed & Integrate', icon: Code2 },
  { to: '/datasource/website-model', label: 'Data Source', icon: Database },
] as const;

/**
 * The per-chatbot frame used by the bot pages (docs/spec.md §2): the stored bot name as heading,
 * an optional Add New button, the chatbot menu, and the page body beside it.
 */
export function ChatbotSideMenu({
  addNewPath,
  children,
}: {
  addNewPath?: string;
  children?: ReactNode;
}) {
  const session = useSession();
  const navigate = useNavigate();
  return (
    <div className="bot-frame">
      <div className="bot-frame__head">
        <h1 className="bot-frame__title">{session.bot_name || 'Your chatbot'}</h1>
        {addNewPath && (
          <Button size="sm" onClick={() => navigate(addNewPath)}>
            <Plus size={16} aria-hidden="true" /> Add New
          </Button>
        )}
      </div>
      <div className="bot-frame__body">
        <nav className="bot-menu" aria-label="Chatbot">
          {ITEMS.map(({ to, label, icon: Icon }) => (
            <NavLink
              key={to}
              to={to}
              className={({ isActive }) =>
                `bot-menu__link${isActive ? ' bot-menu__link--active' : ''}`
              }
            >
              <Icon size={17} aria-hidden="true" />
              {label}
            </NavLink>
          ))}
        </nav>
        <div className="bot-frame__content">{children}</div>
      </div>
    </div>
  );
}
