export interface RateLimitState {
  /** Hits counted in the current window, including this one for `hit`. */
  count: number;
  /** Milliseconds until the window resets. */
  retryAfterMs: number;
}

/**
 * Counts events per key in fixed windows. The embedded default keeps counts in memory (one
 * process); a Redis implementation of the same interface serves a scaled-out deployment.
 */
export interface RateLimiter {
  hit(key: string, windowMs: number): RateLimitState;
  peek(key: string): RateLimitState;
  reset(key: string): void;
}

export function createMemoryRateLimiter(now: () => number = Date.now): RateLimiter {
  const windows = new Map<string, { count: number; resetAt: number }>();
  let lastSweep = now();

  const live = (key: string) => {
    const entry = windows.get(key);
    if (entry && entry.resetAt <= now()) {
      windows.delete(key);
      return undefined;
    }
    return entry;
  };
  // Expired keys would otherwise accumulate under a flood of distinct emails or IPs.
  const sweep = () => {
    const time = now();
    if (time - lastSweep < 60_000) return;
    lastSweep = time;
    for (const [key, entry] of windows) if (entry.resetAt <= time) windows.delete(key);
  };

  return {
    hit(key, windowMs) {
      sweep();
      const entry = live(key) ?? { count: 0, resetAt: now() + windowMs };
      entry.count += 1;
      windows.set(key, entry);
      return { count: entry.count, retryAfterMs: entry.resetAt - now() };
    },
    peek(key) {
      const entry = live(key);
      return entry
        ? { count: entry.count, retryAfterMs: entry.resetAt - now() }
        : { count: 0, retryAfterMs: 0 };
    },
    reset(key) {
      windows.delete(key);
    },
  };
}
