import {
  LOGIN_FAILURE_WINDOW_MINUTES,
  LOGIN_MAX_FAILURES_PER_ACCOUNT,
  LOGIN_MAX_FAILURES_PER_IP,
  LOGIN_MAX_FAILURES_PER_MINUTE,
  messages,
} from '@roomcraft/contracts';
import { throttled } from '../../http/errors';
import type { RateLimiter } from '../../platform/rate-limiter';

interface Limit {
  key: string;
  max: number;
  windowMs: number;
  /** Whether a right password forgets the earlier failures (only where the guesser is known). */
  clearedBySuccess: boolean;
}

/**
 * Password guessing is capped three ways: per account and address (5 a minute), per account from
 * any address, and per address at any account. Each attempt is counted before the password is
 * checked, so parallel guesses cannot all slip in before the first failure is recorded; a right
 * password then takes its own count back. The keys use the address as typed, so an unknown
 * account is throttled exactly like a known one.
 */
export class PasswordAttempts {
  constructor(private readonly limiter: RateLimiter) {}

  /**
   * Counts one attempt at the account's password from the address; throws 429 when any limit is
   * already spent. Answers what to call when the password proves right.
   */
  async admit(account: string, ip: string) {
    const window = LOGIN_FAILURE_WINDOW_MINUTES * 60_000;
    const limits: Limit[] = [
      {
        key: `password:${account}|${ip}`,
        max: LOGIN_MAX_FAILURES_PER_MINUTE,
        windowMs: 60_000,
        clearedBySuccess: true,
      },
      {
        key: `password-account:${account}`,
        max: LOGIN_MAX_FAILURES_PER_ACCOUNT,
        windowMs: window,
        clearedBySuccess: false,
      },
      {
        key: `password-ip:${ip}`,
        max: LOGIN_MAX_FAILURES_PER_IP,
        windowMs: window,
        clearedBySuccess: false,
      },
    ];
    const states = await Promise.all(
      limits.map((limit) => this.limiter.hit(limit.key, limit.windowMs)),
    );
    const over = states
      .filter((state, index) => state.count > (limits[index]?.max ?? 0))
      .map((state) => state.retryAfterMs);
    if (over.length > 0) throw throttled(messages.loginThrottled, Math.max(...over));
    return async () => {
      await Promise.all(
        limits.map((limit) =>
          limit.clearedBySuccess ? this.limiter.reset(limit.key) : this.limiter.release(limit.key),
        ),
      );
    };
  }
}
