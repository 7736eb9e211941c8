import {
  VERIFICATION_RESEND_SECONDS,
  dataOf,
  verificationResendSchema,
} from '@roomcraft/contracts';
import { ApiError, request } from '@/lib/api-client';
import { notify } from '@/lib/notify';

export type ResendOutcome =
  { outcome: 'sent' | 'throttled'; retryAfter: number } | { outcome: 'already-verified' };

/**
 * Asks for a new verification email. Sent and throttled answers both say how long to wait
 * before the next request; a wait of 0 means the address is already verified.
 */
export async function resendVerification(): Promise<ResendOutcome> {
  try {
    const { data } = await request(
      'POST',
      '/auth/email/verification-notification',
      dataOf(verificationResendSchema),
      // Being asked to wait is no failure: the email sent at sign-up is on its way.
      { notify: false },
    );
    return data.retry_after === 0
      ? { outcome: 'already-verified' }
      : { outcome: 'sent', retryAfter: data.retry_after };
  } catch (error) {
    if (error instanceof ApiError && error.status === 429) {
      // A throttled answer carries the same retry_after beside its message.
      const throttled = verificationResendSchema.safeParse(error.body);
      return {
        outcome: 'throttled',
        retryAfter: throttled.success ? throttled.data.retry_after : VERIFICATION_RESEND_SECONDS,
      };
    }
    // The client has dealt with a lost session (401) and an expired page (419) itself.
    if (error instanceof ApiError && error.status !== 401 && error.status !== 419)
      notify('negative', error.message);
    throw error;
  }
}
