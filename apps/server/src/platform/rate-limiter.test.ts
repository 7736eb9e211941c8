import { describe, expect, it } from 'vitest';
import { createMemoryRateLimiter } from './rate-limiter';

describe('the memory rate limiter', () => {
  it('counts hits per key within a window and forgets them after it', async () => {
    let now = 0;
    const limiter = createMemoryRateLimiter(() => now);
    expect(await limiter.hit('a', 1000)).toEqual({ count: 1, retryAfterMs: 1000 });
    now = 400;
    expect(await limiter.hit('a', 1000)).toEqual({ count: 2, retryAfterMs: 600 });
    expect(await limiter.peek('b')).toEqual({ count: 0, retryAfterMs: 0 });
    now = 1000;
    expect((await limiter.peek('a')).count).toBe(0);
    expect((await limiter.hit('a', 1000)).count).toBe(1);
  });

  it('resets a key, or takes one hit back, on demand', async () => {
    const limiter = createMemoryRateLimiter(() => 0);
    await limiter.hit('a', 1000);
    await limiter.hit('a', 1000);
    await limiter.release('a');
    expect((await limiter.peek('a')).count).toBe(1);
    await limiter.reset('a');
    expect((await limiter.peek('a')).count).toBe(0);
  });

  it('gives every one of many concurrent hits its own count', async () => {
    const limiter = createMemoryRateLimiter(() => 0);
    const counts = await Promise.all(
      Array.from({ length: 40 }, () => limiter.hit('a', 1000).then((state) => state.count)),
    );
    expect(counts.sort((a, b) => a - b)).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
  });
});
