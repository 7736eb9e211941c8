import { useQueryClient } from '@tanstack/react-query';
import { dataOf, userSchema, type LoginInput, type User } from '@roomcraft/contracts';
import { ensureCsrfCookie, request } from '@/lib/api-client';
import { runAuthAction, useAuthStore } from '../store/auth-store';
import { userQueryKey } from './get-user';

export async function login(input: LoginInput): Promise<User> {
  const { data } = await request('POST', '/auth/login', dataOf(userSchema), {
    body: input,
    notify: false,
  });
  return data;
}

/** Logs in (spec §4: logged out → logging in → in session); false if it could not start. */
export function useLogin() {
  const queryClient = useQueryClient();
  return (input: LoginInput): Promise<User | false> =>
    runAuthAction('loggingIn', async () => {
      if (!(await ensureCsrfCookie())) return false;
      const user = await login(input);
      queryClient.setQueryData(userQueryKey, user);
      useAuthStore.getState().startSession();
      return user;
    });
}
