import { useQueryClient } from '@tanstack/react-query';
import { dataOf, userSchema, type RegisterInput, type User } from '@roomcraft/contracts';
import { ensureCsrfCookie, request } from '@/lib/api-client';
import { runAuthAction, useAuthStore } from '../store/auth-store';
import { userQueryKey } from './get-user';

export async function register(input: RegisterInput): Promise<User> {
  const { data } = await request('POST', '/auth/register', dataOf(userSchema), {
    body: input,
    notify: false,
  });
  return data;
}

/** Registers; a new account is in session at once (spec §4). False if it could not start. */
export function useRegister() {
  const queryClient = useQueryClient();
  return (input: RegisterInput): Promise<User | false> =>
    runAuthAction('registering', async () => {
      if (!(await ensureCsrfCookie())) return false;
      const user = await register(input);
      queryClient.setQueryData(userQueryKey, user);
      useAuthStore.getState().startSession();
      return user;
    });
}
