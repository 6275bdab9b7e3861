import type Dexie from 'dexie';
import type { DBCore, DBCoreMutateRequest, DBCoreMutateResponse, DBCoreTable, DBCoreTransaction, Middleware } from 'dexie';
import type { ShopDb } from './db';
import type { User } from '../../../domain/schema/user';

/*
 * How many users each country has (the analytics dashboard's "customers by country"), stored
 * in the `derived` table under `users|countries` and kept current inside the transaction of
 * every users write, whichever module makes it: a Dexie middleware right above IndexedDB sees
 * each write to `users` (add, put, delete, a range delete or clear; single or bulk) and adds
 * the `derived` table to every read-write transaction over `users`, so the count changes in
 * the same transaction as the rows (an aborted write takes its count change with it).
 *
 * The record is written by a new database's seed; an account from before it existed gets it
 * on the first read (`userCountries`: one read of every user, in one transaction with the
 * write of the record). Until then writes leave it alone. Writes made by a version upgrade
 * are not seen (an upgrade that changes users must delete the record: it is then rebuilt).
 * Two writes of the same user started together in one transaction (without awaiting the
 * first) could each see the row as it was before both; the API's writes await each other.
 */

export const USER_COUNTRIES_KEY = 'users|countries';
const USERS = 'users';
const DERIVED = 'derived';

type CountriesRecord = { key: string; counts: Array<[string, number]> };

/** A user's country: the last comma-separated part of their address (seed users have the country alone). */
export function countryOf(address: unknown): string | null {
  if (typeof address !== 'string') return null;
  const parts = address.split(',');
  const country = parts[parts.length - 1]!.trim();
  return country === '' ? null : country;
}

const countryOfUser = (user: unknown): string | null => countryOf((user as Partial<User> | undefined)?.address);

/** The record for these users (a new database's seed, or a rebuild). */
export function userCountriesRecord(users: Iterable<unknown>): CountriesRecord {
  const counts = new Map<string, number>();
  for (const user of users) adjust(counts, countryOfUser(user), 1);
  return { key: USER_COUNTRIES_KEY, counts: [...counts] };
}

function adjust(counts: Map<string, number>, country: string | null, by: number): void {
  if (country === null) return;
  const next = (counts.get(country) ?? 0) + by;
  if (next === 0) counts.delete(country);
  else counts.set(country, next);
}

/** Per database object: users writes seen so far (a cached count is current while this is unchanged). */
const writesSeen = new WeakMap<Dexie, { writes: number }>();
/** Per transaction: the counts as its writes have left them (null: not kept), read once. */
const inTransaction = new WeakMap<DBCoreTransaction, Promise<Map<string, number> | null>>();

const isUpgrade = (trans: DBCoreTransaction): boolean => (trans as unknown as IDBTransaction).mode === 'versionchange';

/** The primary keys a put or delete names, by position (undefined: a key the database will generate). */
function keysOf(users: DBCoreTable, req: DBCoreMutateRequest & { type: 'put' | 'delete' }): unknown[] {
  if (req.type === 'delete') return req.keys;
  return req.keys ?? req.values.map((value) => users.schema.primaryKey.extractKey?.(value));
}

/** A key as a Map key (IndexedDB keys are numbers, strings, dates, binary or arrays of them). */
const keyId = (key: unknown): string => JSON.stringify(key);

/**
 * What a write does to the counts, given the rows it may replace or delete as stored before
 * it (read first, in its transaction). The request's operations are replayed in order, so a
 * key named twice in one request counts once: its second operation sees what the first left.
 */
async function countChanges(users: DBCoreTable, req: DBCoreMutateRequest, write: () => Promise<DBCoreMutateResponse>): Promise<{ res: DBCoreMutateResponse; changes: Map<string, number> }> {
  const changes = new Map<string, number>();
  const { trans } = req;
  if (req.type === 'deleteRange') {
    const { result: rows } = await users.query({ trans, values: true, query: { index: users.schema.primaryKey, range: req.range } });
    const res = await write();
    for (const row of rows) adjust(changes, countryOfUser(row), -1);
    return { res, changes };
  }
  const keys = req.type === 'add' ? [] : keysOf(users, req);
  const named = [...new Map(keys.filter((key) => key !== undefined && key !== null).map((key) => [keyId(key), key])).values()];
  const stored = named.length === 0 ? [] : await users.getMany({ trans, keys: named });
  const rows = new Map<string, unknown>(named.map((key, i) => [keyId(key), stored[i]]));
  const res = await write();
  const length = req.type === 'delete' ? req.keys.length : req.values.length;
  for (let i = 0; i < length; i++) {
    if (res.failures[i] !== undefined) continue;
    const key = keys[i];
    const id = key === undefined || key === null ? undefined : keyId(key);
    if (id !== undefined) adjust(changes, countryOfUser(rows.get(id)), -1);
    const value = req.type === 'delete' ? undefined : req.values[i];
    if (value !== undefined) adjust(changes, countryOfUser(value), 1);
    if (id !== undefined) rows.set(id, value);
  }
  return { res, changes };
}

/** Applies the changes to the transaction's counts and stores them (in the same transaction). */
async function storeChanges(derived: DBCoreTable, trans: DBCoreTransaction, changes: ReadonlyMap<string, number>): Promise<void> {
  let counts = inTransaction.get(trans);
  if (!counts) {
    counts = derived.get({ trans, key: USER_COUNTRIES_KEY }).then((record: CountriesRecord | undefined) => (record ? new Map(record.counts) : null));
    inTransaction.set(trans, counts);
  }
  const current = await counts;
  if (!current) return;
  for (const [country, by] of changes) adjust(current, country, by);
  // Each write puts the whole (small) record: the last put holds every change made before it.
  const record: CountriesRecord = { key: USER_COUNTRIES_KEY, counts: [...current] };
  await derived.mutate({ trans, type: 'put', values: [record] });
}

/**
 * The middleware (level -2: below Dexie's own, so its requests go straight to IndexedDB and
 * need no Dexie transaction zone).
 */
function userCountriesMiddleware(seen: { writes: number }): Middleware<DBCore> {
  return {
    stack: 'dbcore',
    name: 'UserCountries',
    level: -2,
    create(down) {
      return {
        ...down,
        transaction(stores, mode, options) {
          const scope = mode === 'readwrite' && stores.includes(USERS) && !stores.includes(DERIVED) ? [...stores, DERIVED] : stores;
          return down.transaction(scope, mode, options);
        },
        table(name) {
          const table = down.table(name);
          if (name !== USERS) return table;
          return {
            ...table,
            async mutate(req) {
              seen.writes++;
              if (isUpgrade(req.trans)) return table.mutate(req);
              const { res, changes } = await countChanges(table, req, () => table.mutate(req));
              if (changes.size > 0) await storeChanges(down.table(DERIVED), req.trans, changes);
              return res;
            },
          };
        },
      };
    },
  };
}

/** Installs the upkeep on a database object (its constructor calls this). */
export function keepUserCountries(db: Dexie): void {
  const seen = { writes: 0 };
  writesSeen.set(db, seen);
  db.use(userCountriesMiddleware(seen));
}

const cached = new WeakMap<Dexie, { writes: number; counts: ReadonlyMap<string, number> }>();

/**
 * Users per country (every user, whatever the period), from the stored record: read once,
 * then kept in memory until the next users write. Built from every user when absent.
 */
export async function userCountries(db: ShopDb): Promise<ReadonlyMap<string, number>> {
  const seen = writesSeen.get(db);
  if (!seen) throw new Error('keepUserCountries was not installed on this database');
  const writes = seen.writes;
  const known = cached.get(db);
  if (known && known.writes === writes) return known.counts;
  let record = (await db.derived.get(USER_COUNTRIES_KEY)) as CountriesRecord | undefined;
  if (!record) {
    record = await db.transaction('rw', db.users, db.derived, async () => {
      const stored = (await db.derived.get(USER_COUNTRIES_KEY)) as CountriesRecord | undefined;
      if (stored) return stored;
      const built = userCountriesRecord(await db.users.toArray());
      await db.derived.put(built);
      return built;
    });
  }
  const counts = new Map(record.counts);
  cached.set(db, { writes, counts });
  return counts;
}
