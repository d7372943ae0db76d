import { MESSAGES } from '@docent/shared';
import { useQueryClient } from '@tanstack/react-query';
import { Menu, X } from 'lucide-react';
import { useNavigate } from 'react-router';
import { toast } from 'react-toastify';
import { Logo } from '../../components/Logo.tsx';
import { BOT_LIST_KEY, fetchBotList } from '../../features/bots/index.ts';
import { ProfileDropdown } from './ProfileDropdown.tsx';

export function Header({
  onToggleMenu,
  menuOpen,
}: {
  onToggleMenu: () => void;
  menuOpen: boolean;
}) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  // Logo rule (docs/spec.md §2): analytics when the user has a bot, else the dashboard with a notice.
  const onLogo = async () => {
    const bots = await queryClient.fetchQuery({
      queryKey: BOT_LIST_KEY,
      queryFn: fetchBotList,
      staleTime: 0,
    });
    if (bots.length > 0) {
      navigate('/chatbot-analytics');
    } else {
      toast.info(MESSAGES.noChatbots, { toastId: 'no-chatbots' });
      navigate('/dashboard');
    }
  };

  return (
    <header className="topbar">
      <button
        type="button"
        className="icon-button topbar__menu"
        onClick={onToggleMenu}
        aria-label={menuOpen ? 'Close menu' : 'Open menu'}
        aria-expanded={menuOpen}
        aria-controls="side-menu"
      >
        {menuOpen ? <X size={20} /> : <Menu size={20} />}
      </button>
      <button type="button" className="topbar__logo" onClick={onLogo} aria-label="Docent home">
        <Logo />
      </button>
      <div className="topbar__spacer" />
      <ProfileDropdown />
    </header>
  );
}
