import pg from 'pg';
import type { FastifyBaseLogger } from 'fastify';

export type Pool = pg.Pool;
export type PoolClient = pg.PoolClient;

/** The connection pool. A broken idle connection is logged, never a crash (the database may restart under us). */
export function createPool(connectionString: string, log: Pick<FastifyBaseLogger, 'warn'>, { max = 20, statementTimeoutMs }: { max?: number; statementTimeoutMs?: number } = {}): pg.Pool {
  const pool = new pg.Pool({
    connectionString,
    max,
    connectionTimeoutMillis: 3_000,
    idleTimeoutMillis: 30_000,
    // No statement holds a connection (and its locks) for ever: it is cancelled and answered 503.
    ...(statementTimeoutMs ? { statement_timeout: statementTimeoutMs } : {}),
  });
  pool.on('error', (error) => log.warn({ err: error }, 'idle database connection lost'));
  // A connection lost while checked out (PostgreSQL stopped mid-request) emits 'error' with no
  // listener, which would end the process; its query fails in any case (answered 503).
  pool.on('connect', (client) => client.on('error', (error) => log.warn({ err: error }, 'database connection lost')));
  return pool;
}

const DOWN_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  '57P01', // admin_shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now (starting up, shutting down)
  '08000',
  '08001',
  '08003',
  '08004',
  '08006',
  '53300', // too_many_connections
  '53000', // insufficient_resources
  '53100', // disk_full
  '53200', // out_of_memory
  '25006', // read_only_sql_transaction (the database made read-only for a while)
]);

/** Whether an error says the database cannot be reached (answered 503, retried by the client), not that the request was wrong. */
export function isDatabaseDown(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (typeof code === 'string' && DOWN_CODES.has(code)) return true;
  if (error instanceof AggregateError) return error.errors.some(isDatabaseDown);
  return typeof message === 'string' && /Connection terminated|timeout exceeded when trying to connect|connection error|Client was closed|terminating connection/i.test(message);
}

/** Deadlocks and serialization failures: the transaction is safe to run again. */
export const isRetryable = (error: unknown): boolean => ['40P01', '40001'].includes((error as { code?: string })?.code ?? '');

/** A statement cancelled by the statement timeout (or an operator): worth trying again later, not the request's fault. */
export const isStatementCancelled = (error: unknown): boolean => (error as { code?: string })?.code === '57014';

export const isUniqueViolation = (error: unknown): boolean => (error as { code?: string })?.code === '23505';

/**
 * PostgreSQL refused the values themselves (class 22, a data exception; a check; a value past a
 * limit, such as an index row too large): the write's data is at fault, not the server, so it is
 * refused like a rule, never retried.
 */
export function isDataError(error: unknown): boolean {
  const code = (error as { code?: unknown })?.code;
  return typeof code === 'string' && (code.startsWith('22') || code === '23514' || code === '54000' || code === '54001');
}

/**
 * Runs `work` in one transaction on one connection. A connection that failed mid-way is
 * destroyed rather than returned to the pool.
 */
export async function inTransaction<T>(pool: pg.Pool, work: (client: pg.PoolClient) => Promise<T>, begin = 'BEGIN'): Promise<T> {
  const client = await pool.connect();
  let broken: Error | undefined;
  try {
    await client.query(begin);
    const result = await work(client);
    await client.query('COMMIT');
    return result;
  } catch (error) {
    try {
      await client.query('ROLLBACK');
    } catch (rollbackError) {
      broken = rollbackError as Error;
    }
    if (isDatabaseDown(error)) broken ??= error as Error;
    throw error;
  } finally {
    client.release(broken);
  }
}

/** `inTransaction`, run again (a few times) after a deadlock or serialization failure. */
export async function retryingTransaction<T>(pool: pg.Pool, work: (client: pg.PoolClient) => Promise<T>, attempts = 5): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await inTransaction(pool, work);
    } catch (error) {
      if (!isRetryable(error) || attempt >= attempts) throw error;
    }
  }
}

/** Whether the database answers a trivial statement (the health check). */
export async function databaseAnswers(pool: pg.Pool): Promise<void> {
  await pool.query('SELECT 1');
}
