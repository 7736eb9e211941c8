/**
 * An engine worker process (`npm run worker`, decision 018): runs generations and the free engine
 * calls taken off the Redis queue, with the local engine (ENGINE_THREADS worker processes). Any
 * number may run, on any machine that reaches REDIS_URL. SIGTERM/SIGINT: no new job is taken,
 * running ones may finish for SHUTDOWN_GRACE_SECONDS; a job cut off then is taken by another
 * worker (stalled-job check) or fails and is refunded by the API process waiting for it.
 */
import pino from 'pino';
import { ConfigError, loadConfig } from './config';
import { createEngine } from './modules/actions/engine';
import { connectRedis } from './platform/redis';
import { startEngineWorker } from './queue/engine-worker';

function main() {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const log = pino({ level: config.logLevel });
  if (!config.redisUrl) {
    console.error('REDIS_URL: required by an engine worker (npm run worker)');
    process.exit(1);
  }
  const connection = connectRedis(config.redisUrl, { forQueue: true });
  const engine = createEngine(config.engine);
  const worker = startEngineWorker({
    connection,
    prefix: config.redisPrefix,
    engine,
    concurrency: config.engine.threads,
    timeoutMs: config.engine.timeoutSeconds * 1000,
    lockMs: config.workerLockSeconds * 1000,
    log,
  });
  worker
    .waitUntilReady()
    .then(() => log.info({ concurrency: config.engine.threads }, 'engine worker ready'))
    .catch((error: unknown) => {
      log.error({ err: error }, 'engine worker could not reach Redis');
      process.exit(1);
    });

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    log.info({ signal }, 'engine worker shutting down');
    const force = setTimeout(() => {
      log.warn('jobs still running after the grace period; leaving them to the stalled check');
      process.exit(1);
    }, config.shutdownGraceSeconds * 1000);
    force.unref();
    worker
      .close()
      .then(() => engine.close())
      .then(() => connection.quit())
      .then(
        () => process.exit(0),
        (error: unknown) => {
          log.error({ err: error }, 'engine worker shutdown failed');
          process.exit(1);
        },
      );
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));
}

main();
