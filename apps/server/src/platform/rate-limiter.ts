export interface RateLimitState {
  /** Hits counted in the current window, including this one for `hit`. */
  count: number;
  /** Milliseconds until the window resets. */
  retryAfterMs: number;
}

/**
 * The one store every limit of the app counts in: fixed windows per key. Each call is atomic on
 * its own (a limit is decided on the count `hit` answers, never on a `peek` before the work), and
 * async, so a Redis store (INCR + PEXPIRE NX in one MULTI; DECR; DEL) can take the place of the
 * in-memory default when the app runs as several processes (decision 010).
 */
export interface RateLimiter {
  /** Counts one event under the key and answers the count in the current window. */
  hit(key: string, windowMs: number): Promise<RateLimitState>;
  peek(key: string): Promise<RateLimitState>;
  /** Takes back one event counted by `hit` (one that turned out not to count, e.g. a success). */
  release(key: string): Promise<void>;
  reset(key: string): Promise<void>;
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

  // Each method does its work synchronously before its promise settles: nothing interleaves.
  return {
    hit(key, windowMs) {
      sweep();
      const entry = live(key) ?? { count: 0, resetAt: now() + windowMs };
      entry.count += 1;
      windows.set(key, entry);
      return Promise.resolve({ count: entry.count, retryAfterMs: entry.resetAt - now() });
    },
    peek(key) {
      const entry = live(key);
      return Promise.resolve(
        entry
          ? { count: entry.count, retryAfterMs: entry.resetAt - now() }
          : { count: 0, retryAfterMs: 0 },
      );
    },
    release(key) {
      const entry = live(key);
      if (entry) entry.count = Math.max(0, entry.count - 1);
      return Promise.resolve();
    },
    reset(key) {
      windows.delete(key);
      return Promise.resolve();
    },
  };
}
