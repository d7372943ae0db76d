import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { ChevronDown, LogOut, UserRound } from 'lucide-react';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { Avatar } from '../../components/Avatar.tsx';
import { useLogout } from '../../features/auth/index.ts';
import { profileApi } from '../../features/profile/index.ts';
import { setSession, useSession } from '../../lib/session.ts';

export function ProfileDropdown() {
  const session = useSession();
  const navigate = useNavigate();
  const logout = useLogout();
  const displayName = session.fullName || session.email || session.user || '';

  // Profile details are fetched only when no avatar is stored (docs/spec.md §4).
  useEffect(() => {
    if (session.img_path) return;
    let cancelled = false;
    profileApi
      .get()
      .then((reply) => {
        const info = reply.response;
        if (cancelled || !info) return;
        setSession({
          img_path: info.avatar || undefined,
          fullName: info.full_name || session.fullName,
        });
      })
      .catch(() => {});
    return () => {
      cancelled = true;
    };
  }, [session.img_path, session.fullName]);

  return (
    // Not modal, and rendered inside the header: a modal menu hides the whole page from assistive
    // technology (aria-hidden over focusable content), and a portal puts it outside every landmark.
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger
        className="profile-trigger"
        aria-label={displayName ? `${displayName}, open profile menu` : 'Open profile menu'}
      >
        <Avatar src={session.img_path} size={34} />
        <span className="profile-trigger__name">{displayName}</span>
        <ChevronDown size={16} aria-hidden="true" />
      </DropdownMenu.Trigger>
      <DropdownMenu.Content className="menu" align="end" sideOffset={8}>
        <div className="menu__identity">
          <Avatar src={session.img_path} size={40} />
          <div>
            <p className="menu__name">{displayName}</p>
            <p className="menu__user">{session.user}</p>
          </div>
        </div>
        <DropdownMenu.Separator className="menu__separator" />
        <DropdownMenu.Item className="menu__item" onSelect={() => navigate('/user-profile')}>
          <UserRound size={16} aria-hidden="true" /> Your Profile
        </DropdownMenu.Item>
        <DropdownMenu.Item className="menu__item" onSelect={() => void logout()}>
          <LogOut size={16} aria-hidden="true" /> Logout
        </DropdownMenu.Item>
      </DropdownMenu.Content>
    </DropdownMenu.Root>
  );
}
