import { Navigate, useLocation } from 'react-router';
import { type LEAVING_SESSION, useSession } from '../../lib/session.ts';
import { LandingPage } from '../../pages/landing/LandingPage.tsx';

/** `/`: the landing page, or for a signed-in visitor /dashboard (docs/spec.md §2, second entry). */
export function LandingRoute() {
  const { user } = useSession();
  const leaving = (useLocation().state as typeof LEAVING_SESSION | null)?.leavingSession;
  return user && !leaving ? <Navigate to="/dashboard" replace /> : <LandingPage />;
}
