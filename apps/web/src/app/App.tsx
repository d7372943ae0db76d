import { MESSAGES } from '@docent/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router/dom';
import { Bounce, ToastContainer, toast } from 'react-toastify';
import { setSessionExpiredHandler } from '../lib/api.ts';
import { AppStateProvider } from '../lib/app-state.tsx';
import { clearSession } from '../lib/session.ts';
import { router } from './router.tsx';

const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 } },
});

// docs/spec.md §4/§8: an unrecoverable 401 clears storage, says so once, and goes to /login.
setSessionExpiredHandler(() => {
  clearSession();
  queryClient.clear();
  toast.error(MESSAGES.sessionExpired, { toastId: 'session-expired' });
  if (window.location.pathname !== '/login') void router.navigate('/login', { replace: true });
});

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <AppStateProvider>
        <RouterProvider router={router} />
        <ToastContainer position="top-right" autoClose={5000} pauseOnHover transition={Bounce} />
      </AppStateProvider>
    </QueryClientProvider>
  );
}
