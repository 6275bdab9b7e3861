import type Dexie from 'dexie';
import type { DBCore, DBCoreMutateRequest, DBCoreMutateResponse, DBCoreTable, DBCoreTransaction, Middleware } from 'dexie';
import type { ShopDb } from './db';
import type { User } from '../schema/user';

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

/** The rows a write replaces or deletes, by position in the request (undefined: none), or all of them for a range. */
async function rowsBefore(users: DBCoreTable, req: DBCoreMutateRequest): Promise<unknown[]> {
  const { trans } = req;
  switch (req.type) {
    case 'add':
      return [];
    case 'put': {
      const keys = req.keys ?? req.values.map((value) => users.schema.primaryKey.extractKey?.(value));
      const known = keys.map((key, i) => [key, i] as const).filter(([key]) => key !== undefined && key !== null);
      const rows = await users.getMany({ trans, keys: known.map(([key]) => key) });
      const before = new Array<unknown>(keys.length);
      known.forEach(([, i], n) => (before[i] = rows[n]));
      return before;
    }
    case 'delete':
      return users.getMany({ trans, keys: req.keys });
    case 'deleteRange':
      return (await users.query({ trans, values: true, query: { index: users.schema.primaryKey, range: req.range } })).result;
  }
}

/** The count changes of a write that succeeded at these positions. */
function countChanges(req: DBCoreMutateRequest, before: readonly unknown[], res: DBCoreMutateResponse): Map<string, number> {
  const changes = new Map<string, number>();
  const failed = (i: number) => res.failures[i] !== undefined;
  if (req.type === 'deleteRange') {
    for (const row of before) adjust(changes, countryOfUser(row), -1);
  } else if (req.type === 'delete') {
    before.forEach((row, i) => failed(i) || adjust(changes, countryOfUser(row), -1));
  } else {
    req.values.forEach((value, i) => {
      if (failed(i)) return;
      adjust(changes, countryOfUser(before[i]), -1);
      adjust(changes, countryOfUser(value), 1);
    });
  }
  return changes;
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
              const before = await rowsBefore(table, req);
              const res = await table.mutate(req);
              const changes = countChanges(req, before, res);
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
