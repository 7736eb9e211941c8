import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';

async function main() {
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
  const app = await buildApp({ config });

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    // Running generations get SHUTDOWN_GRACE_SECONDS, then are refunded (app.ts); other
    // requests finish; a hung one cannot keep the process alive forever.
    const force = setTimeout(() => process.exit(1), (config.shutdownGraceSeconds + 15) * 1000);
    force.unref();
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  app.log.info(`Roomcraft is running at ${config.appUrl} (data in ${config.dataDir})`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
