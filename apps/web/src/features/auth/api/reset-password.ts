import { messageSchema, type ResetPasswordInput } from '@roomcraft/contracts';
import { ensureCsrfCookie, request } from '@/lib/api-client';
import { runAuthAction } from '../store/auth-store';

export async function resetPassword(input: ResetPasswordInput): Promise<void> {
  await request('POST', '/auth/reset-password', messageSchema, { body: input, notify: false });
}

/** Sets a new password with the emailed token; true once done, false if it could not start. */
export function useResetPassword() {
  return (input: ResetPasswordInput): Promise<boolean> =>
    runAuthAction('resettingPassword', async () => {
      if (!(await ensureCsrfCookie())) return false;
      await resetPassword(input);
      return true;
    });
}
