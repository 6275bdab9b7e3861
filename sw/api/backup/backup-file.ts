import type { Table } from 'dexie';
import { ApiError } from '../http';
import type { ShopDb } from '../storage/db';
import { LATEST_DB_VERSION } from '../storage/db-version';
import { DEFAULT_DB_NAME } from '../storage/db';
import { orderStore } from '../orders/store/order-store';
import { invoiceNumber } from '../invoices/invoice-ids';
import { backupTableSchemas, UNSAVED_TABLES, type BackupTable } from './row-schemas';

/*
 * The backup file: dexie-export-import's JSON format, as its `exportDB` writes it —
 *   { formatName: 'dexie', formatVersion: 1,
 *     data: { databaseName, databaseVersion, tables: [{ name, schema, rowCount }],
 *             data: [{ tableName, inbound: true, rows: [...] }] } }
 * Rows are the stored rows; values JSON cannot hold are written as Typeson does it (a
 * `$types` map on the row: `{ "bytes": "arraybuffer" }` for a file's bytes, in base64).
 * `databaseName` is the account's database (`shop-admin-<uid>`), `databaseVersion` the
 * schema version (LATEST_DB_VERSION). Everything is checked here before a restore writes
 * anything; the first problem found is the 4xx's message.
 */

export const BACKUP_FORMAT_NAME = 'dexie';
export const BACKUP_FORMAT_VERSION = 1;
/** The largest backup accepted (a 100,000-order shop with its images is well under it). */
export const MAX_BACKUP_BYTES = 512 * 1024 * 1024;

/** A backup checked against this database: every table's rows, ready to write, and how many. */
export interface CheckedBackup {
  rows: Record<BackupTable, object[]>;
  counts: BackupCounts;
}

/** Rows per table, and what the screens call them: orders (not blocks of them). */
export type BackupCounts = Record<Exclude<BackupTable, 'orderBlocks'> | 'orders', number>;

/** The tables counted by row (orders are counted one by one, not by block). */
const countedTables = (Object.keys(backupTableSchemas) as BackupTable[]).filter((name): name is Exclude<BackupTable, 'orderBlocks'> => name !== 'orderBlocks');

const NOT_A_BACKUP = 'This file is not a Shop Admin backup';

const refuse = (message: string, status = 400): never => {
  throw new ApiError(status, message);
};

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The body as text; a declared or actual size over the limit is refused before it is parsed. */
export async function readBackupText(request: Request): Promise<string> {
  if (Number(request.headers.get('content-length') ?? 0) > MAX_BACKUP_BYTES) refuse('This file is larger than a backup can be (512 MB)', 413);
  const text = await request.text();
  if (text.length > MAX_BACKUP_BYTES) refuse('This file is larger than a backup can be (512 MB)', 413);
  if (text.trim() === '') refuse(`${NOT_A_BACKUP}: it is empty`);
  return text;
}

/** The schema string dexie-export-import writes for a table: primary key, then indexes. */
function schemaString(table: Table): string {
  const { primKey, indexes } = table.schema;
  return [primKey.src, ...indexes.map((index) => index.src)].join(',');
}

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

function base64Bytes(text: unknown): ArrayBuffer | undefined {
  if (typeof text !== 'string' || text.length % 4 !== 0 || !BASE64.test(text)) return undefined;
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes.buffer;
}

/** A Typeson key path's parts (`files.0.bytes`; `~1` is a dot and `~0` a tilde within a part). */
const keyPathParts = (path: string): string[] => path.split('.').map((part) => part.replace(/~1/g, '.').replace(/~0/g, '~'));

/**
 * A row as stored, from its JSON form: the values its `$types` names revived. Only what the
 * tables hold is accepted (a file's bytes as `arraybuffer`, a property set to `undefined` as
 * `undef`, a list as `arrayNonindexKeys`); anything else is a row this app did not write.
 * Answers an error message or the row.
 */
function revive(row: unknown): { row: unknown } | { error: string } {
  if (!isObject(row) || !Object.hasOwn(row, '$types')) return { row };
  const { $types: types, ...rest } = row;
  if (types === true) return { row: row.$ };
  if (!isObject(types)) return { error: 'its $types is not a map of values' };
  for (const [path, type] of Object.entries(types)) {
    const parts = keyPathParts(path);
    let parent: unknown = rest;
    // Own properties only: a path through `__proto__` or `constructor` must not reach (and overwrite) a prototype's members.
    for (const part of parts.slice(0, -1)) parent = (isObject(parent) || Array.isArray(parent)) && Object.hasOwn(parent, part) ? (parent as Record<string, unknown>)[part] : undefined;
    const last = parts[parts.length - 1]!;
    if ((!isObject(parent) && !Array.isArray(parent)) || !Object.hasOwn(parent, last)) return { error: `$types names ${path}, which it does not hold` };
    const holder = parent as Record<string, unknown>;
    if (type === 'arraybuffer') {
      const bytes = base64Bytes(holder[last]);
      if (!bytes) return { error: `${path} is not base64` };
      holder[last] = bytes;
    } else if (type === 'undef') {
      holder[last] = undefined;
    } else if (type === 'arrayNonindexKeys') {
      // Typeson names every array so; one with keys other than indexes arrives as an object (no table holds one).
      if (!Array.isArray(holder[last])) return { error: `${path} is not a list` };
    } else {
      return { error: `${path} holds a value of type ${String(type)}, which no table holds` };
    }
  }
  return { row: rest };
}

const describe = (path: readonly PropertyKey[]) => path.map(String).join('.') || '(row)';

/**
 * Parses and checks a backup against this database. Refused (4xx `{ message }`, nothing
 * written): not JSON or cut short; not a dexie export; another format version; not this
 * app's database; another account's (403); another schema version; a table missing, unknown
 * or of another layout; a row count that does not match; a row that fails its schema or
 * repeats another's key; an id counter behind the ids it must stay past.
 */
export function checkBackup(db: ShopDb, text: string): CheckedBackup {
  let file: unknown;
  try {
    file = JSON.parse(text);
  } catch {
    return refuse(`${NOT_A_BACKUP}: it is not valid JSON (damaged, or cut short)`);
  }
  if (!isObject(file) || file.formatName !== BACKUP_FORMAT_NAME || !isObject(file.data)) return refuse(NOT_A_BACKUP);
  if (file.formatVersion !== BACKUP_FORMAT_VERSION) return refuse(`This backup's file format (version ${String(file.formatVersion)}) is not one this app reads (version ${BACKUP_FORMAT_VERSION})`);
  const { databaseName, databaseVersion, tables, data } = file.data;
  if (typeof databaseName !== 'string' || (databaseName !== DEFAULT_DB_NAME && !databaseName.startsWith(`${DEFAULT_DB_NAME}-`))) {
    return refuse(`${NOT_A_BACKUP}: it is a copy of another database (${String(databaseName)})`);
  }
  if (databaseName !== db.name) return refuse('This backup belongs to another account: sign in to that account to restore it', 403);
  if (databaseVersion !== LATEST_DB_VERSION) {
    return refuse(`This backup was made by another version of the app (data version ${String(databaseVersion)}; this app's is ${LATEST_DB_VERSION}), so it cannot be restored here`);
  }
  if (!Array.isArray(tables) || !Array.isArray(data)) return refuse(`${NOT_A_BACKUP}: it lists no tables`);

  const expected = db.tables.filter((table) => !UNSAVED_TABLES.includes(table.name));
  const listed = new Map<string, { schema: unknown; rowCount: unknown }>();
  for (const entry of tables) {
    if (!isObject(entry) || typeof entry.name !== 'string' || listed.has(entry.name)) return refuse(`${NOT_A_BACKUP}: its list of tables is malformed`);
    listed.set(entry.name, { schema: entry.schema, rowCount: entry.rowCount });
  }
  const unknown = [...listed.keys()].filter((name) => !expected.some((table) => table.name === name));
  if (unknown.length > 0) return refuse(`This backup holds tables this app does not have: ${unknown.join(', ')}`);
  const missing = expected.filter((table) => !listed.has(table.name)).map((table) => table.name);
  if (missing.length > 0) return refuse(`This backup is incomplete: it has no ${missing.join(', ')}`);
  for (const table of expected) {
    if (listed.get(table.name)!.schema !== schemaString(table)) return refuse(`This backup's ${table.name} table is laid out differently from this app's`);
  }

  const rows = {} as Record<BackupTable, object[]>;
  const orderIds: number[] = [];
  for (const part of data) {
    if (!isObject(part) || typeof part.tableName !== 'string' || !Array.isArray(part.rows)) return refuse(`${NOT_A_BACKUP}: its data is malformed`);
    const name = part.tableName;
    if (!Object.hasOwn(backupTableSchemas, name) || !listed.has(name)) return refuse(`This backup holds rows of an unknown table (${name})`);
    const table = name as BackupTable;
    if (rows[table]) return refuse(`This backup holds the ${name} table twice`);
    if (part.inbound !== true) return refuse(`This backup's ${name} rows are not stored as this app stores them`);
    if (part.rows.length !== listed.get(name)!.rowCount) return refuse(`This backup is incomplete: ${name} should have ${String(listed.get(name)!.rowCount)} rows and has ${part.rows.length}`);
    const schema = backupTableSchemas[table];
    const primaryKey = db.table(name).schema.primKey;
    const keys = new Set<string>();
    rows[table] = part.rows.map((raw, i) => {
      const revived = revive(raw);
      if ('error' in revived) return refuse(`Row ${i + 1} of ${name} is not valid: ${revived.error}`);
      const parsed = schema.safeParse(revived.row);
      if (!parsed.success) {
        const issue = parsed.error.issues[0]!;
        return refuse(`Row ${i + 1} of ${name} is not valid: ${describe(issue.path)}: ${issue.message}`);
      }
      if (table === 'orderBlocks') orderIds.push(...(parsed.data as { orderIds: number[] }).orderIds);
      // Stored as it is in the file (the schema's output may trim or drop fields: the restore is exact).
      const row = revived.row as Record<string, unknown>;
      const keyPath = primaryKey.keyPath;
      const key = JSON.stringify(Array.isArray(keyPath) ? keyPath.map((path) => row[path]) : row[keyPath as string]);
      if (keys.has(key)) return refuse(`Row ${i + 1} of ${name} repeats the key ${key}`);
      keys.add(key);
      return row;
    });
  }
  const absent = expected.filter((table) => !rows[table.name as BackupTable]).map((table) => table.name);
  if (absent.length > 0) return refuse(`This backup is incomplete: it has no rows for ${absent.join(', ')}`);

  checkCounters(rows, orderIds);
  const counts = Object.fromEntries(countedTables.map((name) => [name, rows[name].length])) as BackupCounts;
  counts.orders = orderIds.length;
  return { rows, counts };
}

/** The id counters must stay past every id in use, or the next order or invoice would take one. */
function checkCounters(rows: Record<BackupTable, object[]>, orderIds: readonly number[]): void {
  const counters = rows.counters as Array<{ name: string; nextId: number }>;
  const next = (name: string) => counters.find((counter) => counter.name === name)?.nextId;
  const highestOrder = orderIds.reduce((max, id) => Math.max(max, id), 0);
  const ordersNext = next('orders');
  if (ordersNext !== undefined && ordersNext <= highestOrder) refuse(`This backup's order id counter (${ordersNext}) is behind its orders (up to ${highestOrder})`);
  const highestInvoice = (rows.invoices as Array<{ id: string }>).reduce((max, invoice) => Math.max(max, invoiceNumber(invoice.id)), 0);
  const invoicesNext = next('invoices');
  if (invoicesNext !== undefined && invoicesNext <= highestInvoice) refuse(`This backup's invoice id counter (${invoicesNext}) is behind its invoices (up to INV-${highestInvoice})`);
}

/** How many rows of each kind this database holds now (the confirmation's "what will be replaced"). */
export async function currentCounts(db: ShopDb): Promise<BackupCounts> {
  const counts = await db.transaction('r', db.tables, () => Promise.all(countedTables.map((name) => db.table(name).count())));
  // Orders from the order store's index (their blocks are not counted by row).
  const orders = await orderStore(db).count();
  return { ...Object.fromEntries(countedTables.map((name, i) => [name, counts[i]!])), orders } as BackupCounts;
}
