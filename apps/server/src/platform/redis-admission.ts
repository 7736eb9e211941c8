import type { Redis } from 'ioredis';
import { randomUUID } from 'node:crypto';
import type { GenerationAdmission } from './admission';

// Tickets in a sorted set scored by their expiry: a process that dies holding one cannot keep
// its place for longer than a generation may last.
const ENTER = `
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', ARGV[1])
if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[3]) then return 0 end
redis.call('ZADD', KEYS[1], ARGV[2], ARGV[4])
return 1`;

/**
 * Generation admission shared by every API process (decision 018): at most `limit` paid
 * generations are admitted at once across the deployment (waiting on the queue or running).
 */
export function createRedisAdmission(
  redis: Redis,
  options: { limit: number; ticketTtlMs: number; key: string },
): GenerationAdmission {
  const { key } = options;
  return {
    async enter() {
      const ticket = randomUUID();
      const now = Date.now();
      const admitted = await redis.eval(
        ENTER,
        1,
        key,
        String(now),
        String(now + options.ticketTtlMs),
        String(options.limit),
        ticket,
      );
      if (Number(admitted) !== 1) return undefined;
      return async () => {
        await redis.zrem(key, ticket);
      };
    },
  };
}
