import { useEffect, useState } from 'react';
import { Navigate, Outlet, useLocation, useNavigation } from 'react-router';
import { useSession } from '../../lib/session.ts';
import { Header } from './Header.tsx';
import { SideMenu } from './SideMenu.tsx';

/** Shared layout of the signed-in pages; without a stored user value, go to /login (docs/spec.md §6). */
export function ProtectedLayout() {
  const session = useSession();
  const location = useLocation();
  // A page's code is fetched on its first visit: a thin bar says the click was taken.
  const navigating = useNavigation().state === 'loading';
  const [menuOpen, setMenuOpen] = useState(false);

  // biome-ignore lint/correctness/useExhaustiveDependencies: close the mobile menu on navigation
  useEffect(() => {
    setMenuOpen(false);
  }, [location.pathname]);

  if (!session.user) return <Navigate to="/login" replace />;
  return (
    <div className={`shell${menuOpen ? ' shell--menu-open' : ''}`}>
      {navigating && (
        <div className="route-progress" role="progressbar" aria-label="Loading page" />
      )}
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <Header onToggleMenu={() => setMenuOpen((v) => !v)} menuOpen={menuOpen} />
      <SideMenu />
      <button
        type="button"
        className="shell__scrim"
        aria-label="Close menu"
        tabIndex={-1}
        onClick={() => setMenuOpen(false)}
      />
      <main className="shell__main" id="main">
        <Outlet />
      </main>
    </div>
  );
}
