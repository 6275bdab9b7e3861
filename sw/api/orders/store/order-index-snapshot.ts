import type { IndexableType } from 'dexie';
import type { ShopDb } from '../../storage/db';
import { blockOf, decodeBlock } from './order-blocks';
import { listOrder, lowerBound, type Entry } from '../../storage/search-entries';
import type { Order } from '../../../../domain/schema/order';

/*
 * The order index (search-index.ts) persisted, so a restarted worker loads it instead of
 * decoding every order block (at 100,000 orders ~60 MB of JSON). Records in the `derived`
 * table, by key:
 *
 * - `orderIndex|head` `{ version, dbVersion, nextId, blocks, total, keys, dates, parts, dirty }`:
 *   present when the records below are complete and the head is kept current by every order
 *   write (in its transaction). `total` is how many orders the index lists; `keys`/`dates`
 *   the first HEAD_SIZE of them in list order (newest first), so a restarted worker answers
 *   the list's first pages from this one record while the whole index loads. `dbVersion`
 *   (the schema version it was written under), `nextId` (the order id counter) and `blocks`
 *   (how many order blocks are stored) detect a snapshot left stale by a write that did not
 *   go through the order store (a schema upgrade, a restore): it is then not used, and the
 *   index is built from the blocks and saved again.
 * - `orderIndex|part|N` (N < head.parts): the whole index in list order, PART_SIZE entries a
 *   record (as columns: ids as a Float64Array, each text column joined into one string, a
 *   column equal to an earlier one stored once), as of the last save; `head.dirty` lists the
 *   blocks written since. Saved from the index once writes pause (order-store.ts). A load
 *   reads the parts, drops their entries of dirty blocks and merges in those blocks' orders,
 *   read and decoded from the blocks themselves: a write (an import's 50 blocks a call
 *   included) pays for one head record, not for any entry.
 *
 * Absent head (a database from before the snapshot, or one dropped as stale): writes leave
 * the records alone, and the first list builds the index from the blocks and saves them all.
 */

/**
 * Bump when the records' layout or meaning changes: stored ones of another version are
 * rebuilt. 2: no per-block segments (version 1 rewrote one per written block).
 */
const VERSION = 2;
const PREFIX = 'orderIndex|';
const HEAD_KEY = `${PREFIX}head`;
/** Version 1's per-block segments: deleted when a snapshot is saved. */
const LEGACY_SEGMENT_PREFIX = `${PREFIX}block|`;
const legacySegmentRange = [LEGACY_SEGMENT_PREFIX, `${LEGACY_SEGMENT_PREFIX}\uffff`] as const;
const PART_PREFIX = `${PREFIX}part|`;
const partKey = (part: number): string => `${PART_PREFIX}${String(part).padStart(6, '0')}`;
const partRange = [PART_PREFIX, `${PART_PREFIX}\uffff`] as const;
/** Entries per part record (a part's text columns stay a few MB). */
const PART_SIZE = 65_536;

/** Entries kept in the head record: the list's first pages (a page is at most 100 rows). */
export const HEAD_SIZE = 256;

/** Joins a text column; a column with this character in it is stored as JSON instead. */
const SEPARATOR = '\u0001';

/** A column: joined text, numbers, JSON (with the positions of undefined values), or the same as column `same`. */
type Column = { s: string } | { f: Float64Array } | { j: string; u: number[] } | { same: number };

interface HeadRecord {
  key: string;
  version: number;
  dbVersion: number;
  nextId: number | null;
  /** Order blocks stored. */
  blocks: number;
  total: number;
  keys: IndexableType[];
  dates: IndexableType[];
  /** Part records holding the index in list order as of the last save (0: none). */
  parts: number;
  /** Blocks written since the parts were saved (their entries in the parts are out of date). */
  dirty: number[];
}

/** Entries as columns. */
interface Columns {
  n: number;
  facets: number;
  cols: Column[];
}

/** A run of the index's entries in list order. */
interface PartRecord extends Columns {
  key: string;
}

type DerivedRecord = { key: string } & Record<string, unknown>;

/** A value a column cannot hold exactly (the snapshot is then not kept). */
class Unencodable extends Error {}

function sameValues(a: ArrayLike<unknown>, b: ArrayLike<unknown>): boolean {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

function encodeColumn(values: unknown[], earlier: ReadonlyArray<unknown[]>): Column {
  for (let c = 0; c < earlier.length; c++) if (sameValues(values, earlier[c]!)) return { same: c };
  if (values.every((v) => typeof v === 'string' && !v.includes(SEPARATOR))) return { s: values.join(SEPARATOR) };
  if (values.every((v) => typeof v === 'number')) return { f: Float64Array.from(values as number[]) };
  const u: number[] = [];
  values.forEach((v, i) => {
    if (v === undefined) u.push(i);
    else if (!(v === null || typeof v === 'string' || typeof v === 'boolean' || (typeof v === 'number' && Number.isFinite(v)))) throw new Unencodable();
  });
  return { j: JSON.stringify(values), u };
}

function decodeColumn(column: Column, n: number, decoded: ReadonlyArray<ArrayLike<unknown>>): ArrayLike<unknown> {
  let values: ArrayLike<unknown> | undefined;
  if ('same' in column) values = decoded[column.same];
  else if ('s' in column) values = column.s.split(SEPARATOR);
  else if ('f' in column) values = column.f;
  else {
    const parsed = JSON.parse(column.j) as unknown[];
    for (const at of column.u) {
      if (!Number.isInteger(at) || at < 0 || at >= parsed.length) throw new Error('bad column');
      parsed[at] = undefined;
    }
    values = parsed;
  }
  if (values?.length !== n) throw new Error('bad column');
  return values;
}

function encodeColumns(entries: readonly Entry[]): Columns {
  const facets = entries[0]?.facets.length ?? 0;
  const width = entries.length === 0 ? 0 : 4 + facets + entries[0]!.sorts.length;
  if (entries.some((entry) => entry.facets.length !== facets || 4 + facets + entry.sorts.length !== width)) throw new Unencodable();
  const columns: unknown[][] = [];
  const cols: Column[] = [];
  for (let c = 0; c < width; c++) {
    // Column by column (no array per entry: a million entries are saved at once).
    const field = c < 4 ? (['key', 'date', 'status', 'text'] as const)[c]! : null;
    const values = field !== null ? entries.map((entry) => entry[field]) : c < 4 + facets ? entries.map((entry) => entry.facets[c - 4]) : entries.map((entry) => entry.sorts[c - 4 - facets]);
    cols.push(encodeColumn(values, columns));
    columns.push(values);
  }
  return { n: entries.length, facets, cols };
}

/** Decodes entries into `into`; throws on anything malformed (the snapshot is then rebuilt). */
function decodeColumns(record: Columns, into: Entry[]): void {
  const { n, facets, cols } = record;
  if (!Number.isInteger(n) || n < 0 || !Array.isArray(cols)) throw new Error('bad part');
  if (n === 0) return;
  if (cols.length < 4 + facets) throw new Error('bad part');
  const decoded: Array<ArrayLike<unknown>> = [];
  for (const column of cols) decoded.push(decodeColumn(column, n, decoded));
  const [keys, dates, statuses, texts] = decoded as [ArrayLike<IndexableType>, ArrayLike<IndexableType>, ArrayLike<unknown>, ArrayLike<unknown>];
  const facetColumns = decoded.slice(4, 4 + facets);
  const sortColumns = decoded.slice(4 + facets) as Array<ArrayLike<Entry['sorts'][number]>>;
  const facetCount = facetColumns.length;
  const sortCount = sortColumns.length;
  // Plain loops: this runs for every order when a restarted worker loads the index.
  for (let i = 0; i < n; i++) {
    const key = keys[i]!;
    const text = texts[i];
    if (typeof key !== 'number' || typeof text !== 'string') throw new Error('bad part');
    const entryFacets = new Array<unknown>(facetCount);
    for (let c = 0; c < facetCount; c++) entryFacets[c] = facetColumns[c]![i];
    const sorts = new Array<Entry['sorts'][number]>(sortCount);
    for (let c = 0; c < sortCount; c++) sorts[c] = sortColumns[c]![i];
    into.push({ key, date: dates[i]!, status: statuses[i], text, facets: entryFacets, sorts });
  }
}

/** The head's list: exact first entries of the list (all of them when `keys.length === total`). */
interface Head {
  total: number;
  items: Array<Pick<Entry, 'key' | 'date'>>;
}

/**
 * Takes an entry out of the head (it was listed) and/or puts one in. The head stays the
 * exact first entries of the list: a removed one leaves the rest exact; a new one goes in
 * only where it belongs among them (or anywhere when the head holds the whole list).
 */
function changeHead(head: Head, before: Pick<Entry, 'key' | 'date'> | null, after: Pick<Entry, 'key' | 'date'> | null): void {
  if (before) {
    head.total--;
    const at = head.items.findIndex((item) => item.key === before.key);
    if (at >= 0) head.items.splice(at, 1);
  }
  if (after) {
    const whole = head.items.length === head.total;
    head.total++;
    const last = head.items[head.items.length - 1];
    if (whole || (last !== undefined && listOrder(after, last) < 0)) {
      head.items.splice(lowerBound(head.items, after, listOrder), 0, { key: after.key, date: after.date });
      if (head.items.length > HEAD_SIZE) head.items.length = HEAD_SIZE;
    }
  }
}

/** A change an order write makes: the order before (absent: added) and after (absent: deleted). */
export interface IndexChange {
  before?: Order | undefined;
  after?: Order | undefined;
}

/** An order block a write wrote or deleted. */
export interface WrittenBlock {
  id: number;
}

/** What a restarted worker can answer the list's first pages from. */
export interface HeadPage {
  total: number;
  keys: number[];
  dates: IndexableType[];
}

export class OrderIndexSnapshot {
  /** The last load's phases (ms): reading the records, decoding them (dirty blocks included), merging; and what it read. */
  lastLoad: { read: number; decode: number; merge: number; parts: number; blocks: number } | null = null;

  constructor(
    private readonly db: ShopDb,
    /** The index's entry of an order (null: not listed): what a load makes of a dirty block's orders. */
    private readonly entryOf: (order: Order) => Entry | null,
    /** Where an order is in list order (null: not listed): all the head needs, cheaper than its entry. */
    private readonly listedAs: (order: Order) => Pick<Entry, 'key' | 'date'> | null,
  ) {}

  private isCurrent(record: DerivedRecord | undefined): record is DerivedRecord & HeadRecord {
    const head = record as HeadRecord | undefined;
    return (
      head?.version === VERSION &&
      head.dbVersion === this.db.verno &&
      Number.isInteger(head.blocks) &&
      Number.isInteger(head.total) &&
      Array.isArray(head.keys) &&
      Array.isArray(head.dates) &&
      Array.isArray(head.dirty) &&
      Number.isInteger(head.parts)
    );
  }

  /**
   * Inside an order write's transaction (over orderBlocks and derived; counters too when
   * `nextId` is given), after its blocks' writes are issued (requests run in the order they
   * are made, so the count of blocks, asked here, sees them): rewrites the head (the changed orders
   * in or out of its first entries, the block count, the written blocks added to the dirty
   * list). One record, whatever the write's size: the written blocks' entries are made by
   * the next load, or saved in the parts once writes pause. Does nothing when no current
   * snapshot is stored.
   */
  async write(blocks: readonly WrittenBlock[], changes: readonly IndexChange[], nextId?: number): Promise<void> {
    const { db } = this;
    const [stored, blockCount] = await Promise.all([db.derived.get(HEAD_KEY), db.orderBlocks.count()]);
    if (!this.isCurrent(stored)) return;
    const head: Head = { total: stored.total, items: stored.keys.map((key, i) => ({ key, date: stored.dates[i]! })) };
    for (const { before, after } of changes) {
      changeHead(head, before ? this.listedAs(before) : null, after ? this.listedAs(after) : null);
    }
    const dirty = new Set(stored.dirty);
    for (const block of blocks) dirty.add(block.id);
    await db.derived.put(this.headRecord(head, nextId ?? stored.nextId, blockCount, stored.parts, [...dirty]));
  }

  private headRecord(head: Head, nextId: number | null, blocks: number, parts: number, dirty: number[]): DerivedRecord {
    const record: HeadRecord = {
      key: HEAD_KEY,
      version: VERSION,
      dbVersion: this.db.verno,
      nextId,
      blocks,
      total: head.total,
      keys: head.items.map((item) => item.key),
      dates: head.items.map((item) => item.date),
      parts,
      dirty,
    };
    return record as unknown as DerivedRecord;
  }

  /**
   * The stored head when it is current and agrees with the blocks' count and the id counter
   * (one record and a key count read): the list's first pages without the index. Null: none.
   */
  async head(): Promise<(HeadPage & { dirty: number; parts: number }) | null> {
    const { db } = this;
    return db.transaction('r', db.derived, db.orderBlocks, db.counters, async () => {
      const stored = await db.derived.get(HEAD_KEY);
      if (!this.isCurrent(stored)) return null;
      const [blocks, counter] = await Promise.all([db.orderBlocks.count(), db.counters.get('orders')]);
      if (blocks !== stored.blocks || (counter?.nextId ?? null) !== stored.nextId) return null;
      if (stored.keys.length !== stored.dates.length || stored.keys.length > stored.total) return null;
      if (!stored.keys.every((key) => typeof key === 'number')) return null;
      return { total: stored.total, keys: stored.keys as number[], dates: stored.dates, dirty: stored.dirty.length, parts: stored.parts };
    });
  }

  /**
   * Every stored entry in list order (the index checks it), or null when no current snapshot
   * is stored or it does not agree with the blocks (count, counter, total). Reads the parts
   * and the dirty blocks, in one transaction.
   */
  async load(): Promise<Entry[] | null> {
    const { db } = this;
    const started = performance.now();
    const read = await db.transaction('r', db.derived, db.orderBlocks, db.counters, async () => {
      const stored = await db.derived.get(HEAD_KEY);
      if (!this.isCurrent(stored)) return null;
      const [blocks, counter, parts, dirtyBlocks] = await Promise.all([
        db.orderBlocks.count(),
        db.counters.get('orders'),
        db.derived.bulkGet(Array.from({ length: stored.parts }, (_, i) => partKey(i))),
        db.orderBlocks.bulkGet(stored.dirty),
      ]);
      return { stored, blocks, counter, parts: parts as unknown as Array<PartRecord | undefined>, dirtyBlocks };
    });
    if (!read) return null;
    const { stored, blocks, counter, parts, dirtyBlocks } = read;
    if (blocks !== stored.blocks || (counter?.nextId ?? null) !== stored.nextId) return null;
    const readAt = performance.now();
    const fresh: Entry[] = [];
    for (const block of dirtyBlocks) {
      if (!block) continue;
      for (const order of decodeBlock(block)) {
        const entry = this.entryOf(order);
        if (entry) fresh.push(entry);
      }
    }
    const listed: Entry[] = [];
    for (const part of parts) {
      if (!part) return null;
      decodePart(part, listed);
    }
    const decodedAt = performance.now();
    // The parts' entries of blocks written since they were saved are replaced by those blocks' orders.
    const dirty = new Set(stored.dirty);
    const kept = dirty.size === 0 ? listed : listed.filter((entry) => !dirty.has(blockOf(entry.key as number)));
    const entries = merge(kept, fresh.sort(listOrder));
    if (entries.length !== stored.total) return null;
    this.lastLoad = { read: readAt - started, decode: decodedAt - readAt, merge: performance.now() - decodedAt, parts: parts.length, blocks: stored.dirty.length };
    return entries;
  }

  /**
   * Saves the whole snapshot from a built index (its entries in list order), in one
   * transaction that checks every entry's block is stored. Skipped (no head) when an entry
   * cannot be stored exactly.
   */
  async save(listed: readonly Entry[]): Promise<void> {
    const { db } = this;
    const blocksListed = new Set<number>();
    for (const entry of listed) {
      if (typeof entry.key !== 'number') return;
      blocksListed.add(blockOf(entry.key));
    }
    const parts = partRecords(listed);
    if (parts === null) return;
    await db.transaction('rw', db.derived, db.orderBlocks, db.counters, async () => {
      const [blockIds, counter] = await Promise.all([db.orderBlocks.toCollection().primaryKeys(), db.counters.get('orders')]);
      await db.derived.delete(HEAD_KEY);
      await db.derived.where('key').between(...legacySegmentRange, true, true).delete();
      await db.derived.where('key').between(...partRange, true, true).delete();
      const stored = new Set(blockIds);
      if ([...blocksListed].some((block) => !stored.has(block))) return; // the index is not the blocks': keep none
      await db.derived.bulkPut(parts as unknown as DerivedRecord[]);
      const head: Head = { total: listed.length, items: listed.slice(0, HEAD_SIZE).map(({ key, date }) => ({ key, date })) };
      await db.derived.put(this.headRecord(head, counter?.nextId ?? null, blockIds.length, parts.length, []));
    });
  }

  /**
   * Saves the parts (and refills the head) from a built index that is current (its entries
   * in list order, `listed`): the dirty list empties. Does nothing when no snapshot is kept.
   */
  async saveParts(listed: readonly Entry[]): Promise<void> {
    const records = partRecords(listed);
    if (records === null) return;
    await this.writeParts(listed, records);
  }

  /**
   * The parts of `listed`, encoded one at a time with a pause for other work between them
   * (1,000,000 entries take seconds to encode: the worker keeps answering meanwhile). Null
   * when an entry cannot be stored exactly.
   */
  async encodeParts(listed: readonly Entry[]): Promise<PartRecord[] | null> {
    const parts: PartRecord[] = [];
    for (let at = 0, part = 0; at < listed.length; at += PART_SIZE, part++) {
      if (part > 0) await new Promise((resolve) => setTimeout(resolve, 0));
      try {
        parts.push(encodePart(part, listed.slice(at, at + PART_SIZE)));
      } catch (error) {
        if (error instanceof Unencodable) return null;
        throw error;
      }
    }
    return parts;
  }

  /** Writes parts encoded from `listed` (which must still be the index: the caller checks no write came since) and empties the dirty list; answers whether it did (not when no snapshot is kept). */
  async writeParts(listed: readonly Entry[], records: readonly PartRecord[]): Promise<boolean> {
    const { db } = this;
    return db.transaction('rw', db.derived, async () => {
      const stored = await db.derived.get(HEAD_KEY);
      if (!this.isCurrent(stored) || stored.total !== listed.length) return false;
      await db.derived.where('key').between(...partRange, true, true).delete();
      await db.derived.bulkPut(records as unknown as DerivedRecord[]);
      const head: Head = { total: listed.length, items: listed.slice(0, HEAD_SIZE).map(({ key, date }) => ({ key, date })) };
      await db.derived.put(this.headRecord(head, stored.nextId, stored.blocks, records.length, []));
      return true;
    });
  }

  /** Marks the snapshot stale: the next load builds the index from the blocks (and saves it again). */
  async drop(): Promise<void> {
    await this.db.derived.delete(HEAD_KEY);
  }
}

/** The parts of `listed`, encoded at once; null when an entry cannot be stored exactly. */
function partRecords(listed: readonly Entry[]): PartRecord[] | null {
  const parts: PartRecord[] = [];
  try {
    for (let at = 0, part = 0; at < listed.length; at += PART_SIZE, part++) parts.push(encodePart(part, listed.slice(at, at + PART_SIZE)));
  } catch (error) {
    if (error instanceof Unencodable) return null;
    throw error;
  }
  return parts;
}

/** Part `part` of the index in list order, holding these entries. */
export const encodePart = (part: number, entries: readonly Entry[]): PartRecord => ({ key: partKey(part), ...encodeColumns(entries) });

/** A part's entries; throws on anything malformed. */
export const decodePart = (record: PartRecord, into: Entry[]): void => decodeColumns(record, into);

/** Two lists in list order as one. */
function merge(a: readonly Entry[], b: readonly Entry[]): Entry[] {
  if (b.length === 0) return a as Entry[];
  const merged = new Array<Entry>(a.length + b.length);
  let i = 0;
  let j = 0;
  let k = 0;
  while (i < a.length && j < b.length) merged[k++] = listOrder(a[i]!, b[j]!) <= 0 ? a[i++]! : b[j++]!;
  while (i < a.length) merged[k++] = a[i++]!;
  while (j < b.length) merged[k++] = b[j++]!;
  return merged;
}
