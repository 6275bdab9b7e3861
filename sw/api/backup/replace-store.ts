import type { Table } from 'dexie';
import type { ShopDb } from '../storage/db';
import { orderStore } from '../orders/store/order-store';
import { decodeBlock, type OrderBlock } from '../orders/store/order-blocks';
import { orderAggregateRecords } from '../orders/store/order-derived';
import { SYNC_TABLES } from './row-schemas';
import { userCountriesRecord } from '../storage/user-countries';

/** Rows by table name: every table not named is left empty. */
export type StoreRows = Partial<Record<string, readonly object[]>>;

/**
 * The `derived` records for these rows, as a new database's seed builds them: the orders'
 * aggregates and the users per country (a restore rebuilds them rather than trust a file).
 */
export function derivedRecords(rows: StoreRows): object[] {
  const orders = ((rows.orderBlocks ?? []) as OrderBlock[]).flatMap(decodeBlock);
  return [...orderAggregateRecords(orders), userCountriesRecord(rows.users ?? [])];
}

/**
 * Replaces every table of the account's database with `rows`, in ONE transaction: all of it
 * or, if anything fails, none of it. Run through the order store, so no order operation
 * comes between, and so it forgets its index, blocks and aggregates afterwards. The other
 * in-memory state follows the writes by itself: the list indexes and their caches through
 * the tables' Dexie hooks (an aborted transaction drops them), the users-per-country count
 * through its middleware (user-countries.ts; `derived` is written last, so the rebuilt
 * record is what stays).
 */
export function replaceStore(db: ShopDb, rows: StoreRows): Promise<void> {
  return orderStore(db).replaceAll(() =>
    db.transaction('rw', db.tables, async () => {
      // `derived` last: the users-per-country upkeep rewrites its record with each users write.
      // The sync's tables are the device's, not the shop's: a restore leaves them (row-schemas.ts).
      const tables = [...db.tables.filter((table) => table.name !== db.derived.name && !SYNC_TABLES.includes(table.name)), db.derived as Table];
      for (const table of tables) {
        await table.clear();
        const tableRows = rows[table.name];
        if (tableRows && tableRows.length > 0) await table.bulkAdd([...tableRows]);
      }
    }),
  );
}
