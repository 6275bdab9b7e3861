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
 * "Demo Shop"; SHOP_SERVER_DEMO_CUSTOMER="<uid> <email>" seats that account as the shop's demo
 * customer (server/demo-shop.ts). Only in emulator mode, where the accounts are the emulator's.
 */
async function seedDemoShop(app: Awaited<ReturnType<typeof buildApp>>, authEmulator: boolean) {
  const owner = process.env.SHOP_SERVER_DEMO_OWNER;
  if (process.env.SHOP_SERVER_DEMO_CUSTOMER && !authEmulator) throw new Error('SHOP_SERVER_DEMO_CUSTOMER is for emulator mode only');
  if (!owner) return;
  if (!authEmulator) throw new Error('SHOP_SERVER_DEMO_OWNER is for emulator mode only');
  const [uid, email] = owner.split(' ');
  const [customerUid, customerEmail] = (process.env.SHOP_SERVER_DEMO_CUSTOMER ?? '').split(' ');
  const customer = customerUid && customerEmail ? { uid: customerUid, email: customerEmail } : undefined;
  const pool = createPool(process.env.DATABASE_URL!, app.log, { max: 1 });
  try {
    const { shopId, created, customerSeated } = await ensureDemoShop(pool, { uid: uid!, email: email ?? null }, customer);
    app.log.info(`Demo Shop ${shopId} ${created ? 'seeded' : 'already there'} for ${email ?? uid}${customerSeated ? `; ${customerEmail} is its demo customer` : ''}`);
  } finally {
    await pool.end();
  }
}

main().catch((error) => {
  console.error('shop server failed to start:', error);
  process.exit(1);
});
