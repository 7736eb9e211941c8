import { useQuery, useQueryClient } from '@tanstack/react-query';
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

/**
 * The signed-in user, loading it when the app does not know one yet (spec §2, Next: "if there is
 * no user id and loading the user fails"). A session the server still holds is picked up; null
 * means a guest.
 */
export function useEnsureUser() {
  const queryClient = useQueryClient();
  return async (): Promise<User | null> => {
    const known = queryClient.getQueryData<User>(userQueryKey);
    if (known && useAuthStore.getState().inSession) return known;
    try {
      const user = await queryClient.query({
        queryKey: userQueryKey,
        queryFn: ({ signal }) => getUser(signal),
        staleTime: 0,
      });
      useAuthStore.getState().startSession();
      return user;
    } catch (error) {
      if (error instanceof ApiError) return null;
      throw error;
    }
  };
}
