import { describe, expect, it } from 'vitest';
import { createMemoryRateLimiter } from './rate-limiter';

describe('the memory rate limiter', () => {
  it('counts hits per key within a window and forgets them after it', () => {
    let now = 0;
    const limiter = createMemoryRateLimiter(() => now);
    expect(limiter.hit('a', 1000)).toEqual({ count: 1, retryAfterMs: 1000 });
    now = 400;
    expect(limiter.hit('a', 1000)).toEqual({ count: 2, retryAfterMs: 600 });
    expect(limiter.peek('b')).toEqual({ count: 0, retryAfterMs: 0 });
    now = 1000;
    expect(limiter.peek('a').count).toBe(0);
    expect(limiter.hit('a', 1000).count).toBe(1);
  });

  it('resets a key on demand', () => {
    const limiter = createMemoryRateLimiter(() => 0);
    limiter.hit('a', 1000);
    limiter.reset('a');
    expect(limiter.peek('a').count).toBe(0);
  });
});
