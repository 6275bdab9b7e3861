import pg from 'pg';
import type { Pool } from './pool';

/*
 * The PostgreSQL channel through which the server copies tell each other a shop's newest
 * committed version (LISTEN/NOTIFY): a notice's payload is `<shopId> <version>`, and when the
 * writes it stands for touched few enough scope keys (domain/sync/scope.ts) ` <keys as JSON>`:
 * only those keys' customers hear of it. Without them, every stream of the shop does.
 */

export const CHANNEL = 'shop_versions';

/** A connection of its own for LISTEN, which holds it for as long as it listens (never one of the pool's). */
export const listenConnection = (connectionString: string): pg.Client => new pg.Client({ connectionString, connectionTimeoutMillis: 3_000 });

/** Starts receiving the channel's notices on `client` (as its 'notification' events; parseNotice reads them). */
export async function listenForVersions(client: pg.Client): Promise<void> {
  await client.query(`LISTEN ${CHANNEL}`);
}

/** The most characters of scope keys a notice carries (PostgreSQL's payload is at most 8,000 bytes): beyond, it names none. */
export const MAX_NOTICE_SCOPES_LENGTH = 4_000;

/** A notice's shop, version and the scope keys it touched (undefined: any); undefined for a payload that is not one. */
export function parseNotice(payload: string | undefined): { shopId: string; version: number; scopes?: string[] } | undefined {
  const [shopId, version, ...rest] = (payload ?? '').split(' ');
  if (!shopId || !version) return undefined;
  let scopes: unknown;
  try {
    scopes = rest.length ? JSON.parse(rest.join(' ')) : undefined;
  } catch {
    scopes = undefined;
  }
  const named = Array.isArray(scopes) && scopes.every((scope) => typeof scope === 'string') ? (scopes as string[]) : undefined;
  return { shopId, version: Number(version), ...(named ? { scopes: named } : {}) };
}

/** Tells every listening copy that the shop is at `version`, and which scope keys brought it there when known (outside a transaction: delivered at once). */
export async function notifyVersion(db: Pick<Pool, 'query'>, shopId: string, version: number, scopes?: readonly string[]): Promise<void> {
  const named = scopes ? JSON.stringify(scopes) : undefined;
  const payload = named !== undefined && named.length <= MAX_NOTICE_SCOPES_LENGTH ? `${shopId} ${version} ${named}` : `${shopId} ${version}`;
  await db.query({ name: 'notify-version', text: 'SELECT pg_notify($1, $2)', values: [CHANNEL, payload] });
}
