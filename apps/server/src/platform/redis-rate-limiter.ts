import type { Redis } from 'ioredis';
import type { RateLimiter } from './rate-limiter';

// One round trip each, atomic on the server: the count and the window's remaining time.
const HIT = `
local count = redis.call('INCR', KEYS[1])
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {count, ttl}`;
const PEEK = `
local count = tonumber(redis.call('GET', KEYS[1]) or '0')
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then ttl = 0 end
return {count, ttl}`;
const RELEASE = `
local count = tonumber(redis.call('GET', KEYS[1]) or '0')
if count > 0 then redis.call('DECR', KEYS[1]) end
return 0`;

/**
 * The limiter store in Redis (decision 018): fixed windows as counters that expire with their
 * window, so every API process counts in the same place and N processes enforce one limit.
 */
export function createRedisRateLimiter(redis: Redis, prefix = 'roomcraft:limit:'): RateLimiter {
  const state = (answer: unknown) => {
    const [count, ttl] = answer as [number, number];
    return { count, retryAfterMs: ttl };
  };
  return {
    async hit(key, windowMs) {
      return state(await redis.eval(HIT, 1, prefix + key, String(windowMs)));
    },
    async peek(key) {
      const answer = state(await redis.eval(PEEK, 1, prefix + key));
      return answer.count === 0 ? { count: 0, retryAfterMs: 0 } : answer;
    },
    async release(key) {
      await redis.eval(RELEASE, 1, prefix + key);
    },
    async reset(key) {
      await redis.del(prefix + key);
    },
  };
}
