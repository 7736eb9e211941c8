import { messageSchema, type ForgotPasswordInput } from '@roomcraft/contracts';
import { ensureCsrfCookie, request } from '@/lib/api-client';
import { runAuthAction } from '../store/auth-store';

export async function forgotPassword(input: ForgotPasswordInput): Promise<void> {
  await request('POST', '/auth/forgot-password', messageSchema, { body: input, notify: false });
}

/** Asks for a recovery email; true once sent, false if it could not start. */
export function useForgotPassword() {
  return (input: ForgotPasswordInput): Promise<boolean> =>
    runAuthAction('resettingPassword', async () => {
      if (!(await ensureCsrfCookie())) return false;
      await forgotPassword(input);
      return true;
    });
}
