import { redisAnswers } from '../platform/redis';

export const TEST_REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/**
 * Whether the tests that need Redis can run; prints one clear line when they cannot (no Redis
 * answers at TEST_REDIS_URL or 127.0.0.1:6379), as the PostgreSQL tests do.
 */
export async function redisForTests(): Promise<boolean> {
  if (await redisAnswers(TEST_REDIS_URL)) return true;
  console.warn(`Redis is not reachable at ${TEST_REDIS_URL}: SKIPPING the Redis tests`);
  return false;
}
