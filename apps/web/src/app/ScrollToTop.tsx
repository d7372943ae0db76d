import { useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';

/** New pages open at the top, as a full page load would. */
export function ScrollToTop() {
  const { pathname } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on each path change
  useEffect(() => {
    // Block body on purpose: newer Chromium returns a Promise from scrollTo, and an effect
    // must return nothing but a cleanup function.
    window.scrollTo(0, 0);
  }, [pathname]);
  return <Outlet />;
}
