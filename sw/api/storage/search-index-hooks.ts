import type { IndexableType, Table, Transaction } from 'dexie';
import { SearchIndex, type RowSource } from './search-index';
import { BUILD_CHUNK, type Change, type SearchSpec } from './search-entries';

/*
 * One set of search indexes per table object (so per account database), built by reading the
 * table and fed by its Dexie hooks: every successful write is queued into the table's indexes,
 * an aborted transaction drops them, and a per-table write stamp tells caches when they are stale.
 */

interface TableIndexes {
  byName: Map<string, SearchIndex<unknown>>;
  /** Writes seen (successful or aborted): a cache of anything read from the table is current while this is unchanged. */
  writes: number;
}
const tables = new WeakMap<Table, TableIndexes>();
/** Tables written in a transaction: their indexes are dropped if it aborts. */
const written = new WeakMap<IDBTransaction, Set<Table>>();

function record(table: Table, trans: Transaction, change: Change): void {
  const state = tables.get(table);
  if (!state) return;
  state.writes++;
  for (const index of state.byName.values()) index.change(change);
  const idbtrans = trans.idbtrans;
  let touched = written.get(idbtrans);
  if (!touched) {
    const set = new Set<Table>();
    touched = set;
    written.set(idbtrans, set);
    idbtrans.addEventListener('abort', () => {
      for (const t of set) {
        const aborted = tables.get(t);
        if (!aborted) continue;
        aborted.writes++;
        for (const index of aborted.byName.values()) index.invalidate();
      }
    });
  }
  touched.add(table);
}

function watch(table: Table): TableIndexes {
  let state = tables.get(table);
  if (state) return state;
  state = { byName: new Map(), writes: 0 };
  tables.set(table, state);
  table.hook('creating', function (_key, row, trans) {
    this.onsuccess = (key) => record(table, trans, { key, row });
  });
  table.hook('updating', function (_mods, key, _row, trans) {
    this.onsuccess = (row) => record(table, trans, { key, row });
  });
  table.hook('deleting', function (key, _row, trans) {
    this.onsuccess = () => record(table, trans, { key, row: undefined });
  });
  return state;
}

/** A Dexie table as a row source: read in chunks of its primary key, in one transaction. */
function tableSource<T>(table: Table<T>): RowSource<T> {
  return async (visit) => {
    const keyPath = table.schema.primKey.keyPath;
    if (typeof keyPath !== 'string') throw new Error(`search index needs a single-field primary key on ${table.name}`);
    await table.db.transaction('r', table, async () => {
      let last: IndexableType | undefined;
      for (;;) {
        const collection = last === undefined ? table.toCollection() : table.where(':id').above(last);
        const rows = await collection.limit(BUILD_CHUNK).toArray();
        for (const row of rows) visit((row as Record<string, unknown>)[keyPath] as IndexableType, row);
        if (rows.length < BUILD_CHUNK) break;
        last = (rows[rows.length - 1] as Record<string, unknown>)[keyPath] as IndexableType;
      }
    });
  };
}

/** The table's index for this spec (created on first use; call `ready()` before querying). */
export function searchIndexFor<T>(table: Table<T>, dateField: string, spec: SearchSpec<T>): SearchIndex<T> {
  const state = watch(table as Table);
  const name = `${dateField}|${spec.name}`;
  let index = state.byName.get(name) as SearchIndex<T> | undefined;
  if (!index) {
    index = new SearchIndex(tableSource(table), dateField, spec);
    state.byName.set(name, index as SearchIndex<unknown>);
  }
  return index;
}

/**
 * A stamp that changes with every write to the table through this database object (from
 * the first call on). Whatever was read from the table in a transaction that started after
 * the stamp was taken is still exact while the stamp is unchanged.
 */
export function writeStamp(table: Table): number {
  return watch(table).writes;
}

