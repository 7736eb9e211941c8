import { useQuery } from '@tanstack/react-query';
import { dataOf, userSchema, type User } from '@roomcraft/contracts';
import { ApiError, request } from '@/lib/api-client';
import { useAuthStore } from '../store/auth-store';

export const userQueryKey = ['user'] as const;

export async function getUser(signal?: AbortSignal): Promise<User> {
  // The full-screen loader is the indicator while the user loads.
  const { data } = await request('GET', '/auth/user', dataOf(userSchema), { silent: true, signal });
  return data;
}

/** The signed-in user, loaded while in session. A failed load logs out without a redirect. */
export function useUser() {
  const inSession = useAuthStore((state) => state.inSession);
  return useQuery({
    queryKey: userQueryKey,
    queryFn: async ({ signal }) => {
      try {
        return await getUser(signal);
      } catch (error) {
        // A cancelled load (the query was dropped) says nothing about the session.
        if (error instanceof ApiError) useAuthStore.getState().endSession();
        throw error;
      }
    },
    enabled: inSession,
    staleTime: Infinity,
  });
}
