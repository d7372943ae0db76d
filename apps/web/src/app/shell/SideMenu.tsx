import { Bell, CreditCard, LayoutDashboard, type LucideIcon, UserRound, Users } from 'lucide-react';
import { Link, useLocation } from 'react-router';

interface Item {
  to: string;
  label: string;
  icon: LucideIcon;
  /** Other paths under which this entry shows as current. */
  also?: string[];
}

const ITEMS: Item[] = [
  { to: '/chatbot-analytics', label: 'Dashboard', icon: LayoutDashboard, also: ['/dashboard'] },
  { to: '/user-profile', label: 'Profile', icon: UserRound },
  { to: '/notification', label: 'Notification', icon: Bell },
  { to: '/teamlisting', label: 'Team', icon: Users },
  { to: '/billing', label: 'Billing', icon: CreditCard },
];

export function SideMenu() {
  const { pathname } = useLocation();
  return (
    <nav className="sidemenu" id="side-menu" aria-label="Main">
      <ul>
        {ITEMS.map(({ to, label, icon: Icon, also }) => {
          const current = pathname === to || (also ?? []).includes(pathname);
          return (
            <li key={to}>
              <Link
                to={to}
                className={`sidemenu__link${current ? ' sidemenu__link--active' : ''}`}
                aria-current={current ? 'page' : undefined}
              >
                <Icon size={18} aria-hidden="true" />
                <span>{label}</span>
              </Link>
            </li>
          );
        })}
      </ul>
      <div className="sidemenu__footer">
        <p className="sidemenu__help-title">Need a hand?</p>
        <p className="sidemenu__help-text">Train a bot from your website in under five minutes.</p>
      </div>
    </nav>
  );
}
