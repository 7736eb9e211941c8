import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, describe, expect, it } from 'vitest';
import { TEST_REDIS_URL, redisForTests } from '../test-support/redis';
import { connectRedis } from './redis';
import { createRedisRateLimiter } from './redis-rate-limiter';

const hasRedis = await redisForTests();

describe.runIf(hasRedis)('the Redis rate limiter', () => {
  const connections = [connectRedis(TEST_REDIS_URL), connectRedis(TEST_REDIS_URL)];
  afterAll(() => Promise.all(connections.map((redis) => redis.quit())));
  // Two connections stand for two API processes; each test has keys of its own.
  const prefix = `roomcraft:test:${randomBytes(4).toString('hex')}:`;
  const [one, two] = connections.map((redis) => createRedisRateLimiter(redis, prefix));
  if (!one || !two) throw new Error('two limiters');

  it('counts hits per key within a window and forgets them after it', async () => {
    const first = await one.hit('a', 300);
    expect(first.count).toBe(1);
    expect(first.retryAfterMs).toBeGreaterThan(200);
    expect((await two.hit('a', 300)).count).toBe(2);
    expect(await one.peek('b')).toEqual({ count: 0, retryAfterMs: 0 });
    await sleep(350);
    expect((await two.peek('a')).count).toBe(0);
    expect((await one.hit('a', 300)).count).toBe(1);
  });

  it('resets a key, or takes one hit back, on demand', async () => {
    await one.hit('r', 10_000);
    await two.hit('r', 10_000);
    await one.release('r');
    expect((await two.peek('r')).count).toBe(1);
    await two.reset('r');
    expect((await one.peek('r')).count).toBe(0);
    await one.release('r');
    expect((await one.peek('r')).count).toBe(0);
  });

  it('gives every one of many concurrent hits from two processes its own count', async () => {
    const counts = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        (i % 2 ? one : two).hit('c', 10_000).then((state) => state.count),
      ),
    );
    expect(counts.sort((a, b) => a - b)).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
  });
});
