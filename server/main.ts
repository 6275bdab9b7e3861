/**
 * The shop server's entry: settings from the environment (config.ts), migrations, listen, and a
 * graceful stop on SIGTERM/SIGINT (event streams end, requests in flight finish, pool closes).
 * Run with `npm run server` (tsx).
 */
import { buildApp } from './app';
import { ConfigError, readConfig } from './config';

async function main() {
  let config;
  try {
    config = readConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`shop server: ${error.message}`);
      process.exit(2);
    }
    throw error;
  }
  const app = await buildApp({
    ...config,
    logger: { level: process.env.LOG_LEVEL || 'info' },
  });
  let stopping = false;
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.on(signal, () => {
      if (stopping) return;
      stopping = true;
      app.log.info(`${signal}: stopping`);
      const force = setTimeout(() => process.exit(1), 10_000);
      force.unref();
      app.close().then(
        () => process.exit(0),
        (error) => {
          app.log.error({ err: error }, 'error while stopping');
          process.exit(1);
        },
      );
    });
  }
  await app.listen({ port: config.port, host: config.host });
  if (config.authEmulator) app.log.warn('Auth emulator mode: unsigned tokens of the demo project are accepted');
}

main().catch((error) => {
  console.error('shop server failed to start:', error);
  process.exit(1);
});
