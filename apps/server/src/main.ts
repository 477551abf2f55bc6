// Process entry: read the configuration, build the app, listen, and shut down gracefully on a signal.
import { checkServingConfig, ConfigError, loadConfig, testClockRequested } from './platform/config.ts';
import { buildApp } from './app.ts';
import { offsetClock } from './platform/clock.ts';
import { publicUrlPortWarning } from './platform/public-url.ts';
import { registerTestClockRoutes } from './platform/test-clock-routes.ts';

async function main(): Promise<void> {
  let config;
  let testClock = false;
  try {
    config = loadConfig();
    checkServingConfig(config);
    testClock = testClockRequested();
  } catch (err) {
    if (err instanceof ConfigError) {
      process.stderr.write(`tradewind: ${err.message}\n`);
      process.exit(78); // EX_CONFIG
    }
    throw err;
  }
  const clock = testClock ? offsetClock() : undefined;
  const { app } = await buildApp(config, { clock });
  const publicUrlWarning = publicUrlPortWarning(config);
  if (publicUrlWarning) app.log.warn({ publicUrl: config.publicUrl, port: config.port }, publicUrlWarning);
  if (clock) {
    registerTestClockRoutes(app, clock);
    app.log.warn('TEST_CLOCK=1: the clock moves on POST /test/clock (a test build)');
  }
  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    app.close().then(
      () => process.exit(0),
      (err: unknown) => {
        app.log.error({ err }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
  await app.listen({ port: config.port, host: config.host });
}

main().catch((err: unknown) => {
  process.stderr.write(`tradewind: failed to start: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
