import { dataOf, verificationResendSchema } from '@roomcraft/contracts';
import { ApiError, request } from '@/lib/api-client';

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
    );
    return data.retry_after === 0
      ? { outcome: 'already-verified' }
      : { outcome: 'sent', retryAfter: data.retry_after };
  } catch (error) {
    if (error instanceof ApiError && error.status === 429) {
      // A throttled answer carries the same retry_after beside its message.
      const throttled = verificationResendSchema.safeParse(error.body);
      if (throttled.success)
        return { outcome: 'throttled', retryAfter: throttled.data.retry_after };
    }
    throw error;
  }
}
