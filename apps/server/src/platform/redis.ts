import { Redis } from 'ioredis';

/**
 * A Redis connection for limits, admission and the generation queue. `maxRetriesPerRequest: null`
 * is what BullMQ's blocking connections need; commands wait for a reconnection instead of failing.
 */
export function connectRedis(url: string, options: { forQueue?: boolean } = {}) {
  return new Redis(url, {
    maxRetriesPerRequest: options.forQueue ? null : 2,
    enableReadyCheck: true,
    connectionName: `roomcraft:${process.pid}`,
  });
}

/** Whether a Redis server answers at the URL within a moment (tests skip without one). */
export async function redisAnswers(url: string) {
  const probe = new Redis(url, {
    lazyConnect: true,
    connectTimeout: 1000,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  try {
    await probe.connect();
    await probe.ping();
    return true;
  } catch {
    return false;
  } finally {
    probe.disconnect();
  }
}
