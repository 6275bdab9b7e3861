import type { TestProject } from 'vitest/node';
import { startPostgres } from '../../scripts/postgres.mjs';

declare module 'vitest' {
  export interface ProvidedContext {
    postgresUrl: string;
  }
}

/**
 * One real PostgreSQL for the server tests (its own data directory and port, or DATABASE_URL);
 * each test file creates its own database in it (support.ts).
 */
export default async function setup(project: TestProject) {
  const postgres = await startPostgres({ dataDir: '.data/postgres-test', port: Number(process.env.PG_TEST_PORT || 54321) });
  project.provide('postgresUrl', postgres.url);
  return () => postgres.stop();
}
