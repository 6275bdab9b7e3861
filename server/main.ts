/**
 * The shop server's entry: settings from the environment (config.ts), migrations, listen, and a
 * graceful stop on SIGTERM/SIGINT (event streams end, requests in flight finish, pool closes).
 * Run with `npm run server` (tsx).
 */
import { buildApp } from './app';
import { ConfigError, readConfig } from './config';
import { createPool } from './db/pool';
import { ensureDemoShop } from './demo-shop';

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
  await seedDemoShop(app, config.authEmulator);
  await app.listen({ port: config.port, host: config.host });
  if (config.authEmulator) app.log.warn('Auth emulator mode: unsigned tokens of the demo project are accepted');
}

/**
 * SHOP_SERVER_DEMO_OWNER="<uid> <email>" (npm run start:team) gives that account a seeded
 * "Demo Shop"; only in emulator mode, where the account is the emulator's demo account.
 */
async function seedDemoShop(app: Awaited<ReturnType<typeof buildApp>>, authEmulator: boolean) {
  const owner = process.env.SHOP_SERVER_DEMO_OWNER;
  if (!owner) return;
  if (!authEmulator) throw new Error('SHOP_SERVER_DEMO_OWNER is for emulator mode only');
  const [uid, email] = owner.split(' ');
  const pool = createPool(process.env.DATABASE_URL!, app.log, { max: 1 });
  try {
    const { shopId, created } = await ensureDemoShop(pool, { uid: uid!, email: email ?? null });
    app.log.info(`Demo Shop ${shopId} ${created ? 'seeded' : 'already there'} for ${email ?? uid}`);
  } finally {
    await pool.end();
  }
}

main().catch((error) => {
  console.error('shop server failed to start:', error);
  process.exit(1);
});
