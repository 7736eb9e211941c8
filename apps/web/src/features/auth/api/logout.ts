import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { ApiError, command, ensureCsrfCookie } from '@/lib/api-client';
import { hrefFor } from '@/config/paths';
import { useAuthStore } from '../store/auth-store';

export async function logout(): Promise<void> {
  await command('POST', '/auth/logout');
}

/**
 * Ends the session in the app: no longer in session, no cached server data, the other stores
 * reset by `resetStores` (spec §4, a full logout), then on login.
 */
export function useLeaveSession(resetStores: () => void) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return () => {
    useAuthStore.getState().endSession();
    queryClient.clear();
    resetStores();
    void navigate(hrefFor('login'));
  };
}

export function useLogout(resetStores: () => void) {
  const leaveSession = useLeaveSession(resetStores);
  return async () => {
    try {
      if (await ensureCsrfCookie()) await logout();
    } catch (error) {
      // Already reported; the person asked to leave, so the app leaves either way.
      if (!(error instanceof ApiError)) throw error;
    }
    leaveSession();
  };
}
