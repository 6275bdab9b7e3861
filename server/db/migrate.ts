import { fileURLToPath } from 'node:url';
import { runner } from 'node-pg-migrate';

/** Where the migrations live: plain SQL files, `-- Up Migration` / `-- Down Migration`. */
export const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations', import.meta.url));

interface Log {
  info: (message: string) => void;
}

/**
 * Brings the database's schema up to date. Run at every start; node-pg-migrate takes an
 * advisory lock, so server copies starting together apply each migration once.
 */
export async function migrate(databaseUrl: string, log?: Log): Promise<string[]> {
  const applied = await runner({
    databaseUrl,
    dir: MIGRATIONS_DIR,
    direction: 'up',
    migrationsTable: 'pgmigrations',
    checkOrder: true,
    // A second copy starting at the same time waits for the first, then finds nothing to do.
    advisoryLockMode: 'wait',
    verbose: false,
    log: () => {},
  });
  const names = applied.map((migration) => migration.name);
  if (names.length && log) log.info(`applied migrations: ${names.join(', ')}`);
  return names;
}
