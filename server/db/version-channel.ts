import pg from 'pg';
import type { Pool } from './pool';

/*
 * The PostgreSQL channel through which the server copies tell each other a shop's newest
 * committed version (LISTEN/NOTIFY): a notice's payload is `<shopId> <version>`.
 */

export const CHANNEL = 'shop_versions';

/** A connection of its own for LISTEN, which holds it for as long as it listens (never one of the pool's). */
export const listenConnection = (connectionString: string): pg.Client => new pg.Client({ connectionString, connectionTimeoutMillis: 3_000 });

/** Starts receiving the channel's notices on `client` (as its 'notification' events; parseNotice reads them). */
export async function listenForVersions(client: pg.Client): Promise<void> {
  await client.query(`LISTEN ${CHANNEL}`);
}

/** A notice's shop and version; undefined for a payload that is not one. */
export function parseNotice(payload: string | undefined): { shopId: string; version: number } | undefined {
  const [shopId, version] = (payload ?? '').split(' ');
  return shopId && version ? { shopId, version: Number(version) } : undefined;
}

/** Tells every listening copy that the shop is at `version` (outside a transaction: delivered at once). */
export async function notifyVersion(db: Pick<Pool, 'query'>, shopId: string, version: number): Promise<void> {
  await db.query({ name: 'notify-version', text: 'SELECT pg_notify($1, $2)', values: [CHANNEL, `${shopId} ${version}`] });
}
