import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { toast } from 'react-toastify';
import { sessionEndedOnPurpose } from '../../lib/api.ts';
import { clearSession } from '../../lib/session.ts';
import { authApi } from './auth.api.ts';

/** Logout: tell the server, show its message unless it failed, clear storage, go to /login. */
export function useLogout() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return async () => {
    try {
      const reply = await authApi.logout();
      if (reply.message) toast.success(reply.message);
    } catch {
      // Signing out locally must work even when the server is unreachable.
    }
    sessionEndedOnPurpose();
    clearSession();
    queryClient.clear();
    navigate('/login', { replace: true });
  };
}
