import type { ShopDb } from '../../sw/api/storage/db';
import type { createTestApi } from '../contract/support/harness';

type Api = ReturnType<typeof createTestApi>;

/** Bytes (an uploaded file's) as hex, so a dump is plain text that compares exactly. */
function replacer(_key: string, value: unknown): unknown {
  if (value instanceof ArrayBuffer) return { bytes: Buffer.from(value).toString('hex') };
  if (ArrayBuffer.isView(value)) return { bytes: Buffer.from(value.buffer, value.byteOffset, value.byteLength).toString('hex') };
  return value;
}

/**
 * Every row of every table of the account's database, as text per table (rows in primary-key
 * order, fields as stored): two dumps are equal only if nothing was added, removed or changed.
 */
export async function dumpTables(db: ShopDb): Promise<Record<string, string>> {
  return db.transaction('r', db.tables, async () => {
    const dump: Record<string, string> = {};
    for (const table of db.tables) dump[table.name] = JSON.stringify(await table.toArray(), replacer);
    return dump;
  });
}

/** The tables whose contents differ between two dumps (empty: the store is unchanged). */
export function changedTables(before: Record<string, string>, after: Record<string, string>): string[] {
  const names = new Set([...Object.keys(before), ...Object.keys(after)]);
  return [...names].filter((name) => before[name] !== after[name]);
}

/** The lists whose totals the in-memory indexes answer (not in the tables: they could drift on their own). */
const INDEXED_LISTS = ['/api/users', '/api/products', '/api/orders', '/api/invoices', '/api/tickets'] as const;

/**
 * What the in-memory indexes answer: each big list's total and every id in its order, the
 * order store's summary cards and a status-filtered page. A bad request must leave these as
 * they were too (an index updated by a write that was then rolled back would show here).
 */
export async function indexAnswers(api: Api): Promise<string> {
  const answers: unknown[] = [];
  for (const path of INDEXED_LISTS) {
    const ids = await api.call('GET', `${path}/ids`);
    const page = await api.call('GET', `${path}?pageSize=1000`);
    answers.push(path, ids.status, ids.body, page.body?.meta);
  }
  answers.push((await api.call('GET', '/api/orders/histories')).body);
  answers.push((await api.call('GET', '/api/orders?status=pending&sort=totalAmount')).body?.meta);
  return JSON.stringify(answers);
}

/** Object.prototype's own keys: a request must never add one (prototype pollution). */
export const prototypeKeys = (): string[] => Reflect.ownKeys(Object.prototype).map(String).sort();
