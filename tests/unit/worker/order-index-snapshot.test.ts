import { describe, expect, it } from 'vitest';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { ShopDb } from '../../../sw/api/storage/db';
import { OrderStore, orderStore } from '../../../sw/api/orders/store/order-store';
import { blockOf, decodeBlock, encodeBlock } from '../../../sw/api/orders/store/order-blocks';
import { HEAD_SIZE, decodePart, encodePart } from '../../../sw/api/orders/store/order-index-snapshot';
import type { Entry } from '../../../sw/api/storage/search-entries';
import { restoreOrders, trashOrders } from '../../../sw/api/orders/order-trash';
import type { Order } from '../../../domain/schema/order';
import { AMOUNTS, DATES, METHODS, NAMES, STATUSES, random, randomOrder, randomQuery, referencePage, type Random } from '../support/random-orders';

const openDb = (name: string, indexedDB: IDBFactory): ShopDb => new ShopDb(name, { indexedDB, IDBKeyRange });

/** Every order as stored, in id order. */
async function storedOrders(db: ShopDb): Promise<Order[]> {
  return (await db.orderBlocks.toArray()).flatMap(decodeBlock);
}

const snapshotKeys = async (db: ShopDb): Promise<string[]> => (await db.derived.toCollection().primaryKeys()).filter((key) => key.startsWith('orderIndex|'));

const newOrders = (r: Random, count: number, counter: { n: number }) => Array.from({ length: count }, () => randomOrder(r, counter.n++));

/**
 * A restarted worker: a new database object over the same IndexedDB, so a new order store
 * with an empty index. Checks its first plain page, then random queries, against the orders.
 */
async function checkRestarted(name: string, indexedDB: IDBFactory, r: Random, where: string, expectSource: 'snapshot' | 'rows') {
  const db = openDb(name, indexedDB);
  const store = orderStore(db);
  const all = await storedOrders(db);
  expect(await store.list({ page: 1 }), `${where}: first page`).toEqual(referencePage(all, { page: 1 }));
  for (let k = 0; k < 5; k++) {
    const q = randomQuery(r, all.length, { dateRange: true });
    expect(await store.list(q), `${where}, ${JSON.stringify(q)}`).toEqual(referencePage(all, q));
  }
  const { page: _page, pageSize: _pageSize, ...filters } = randomQuery(r, all.length);
  const every = referencePage(all, { ...filters, page: 1, pageSize: all.length + 1 }).rows.map((o) => o.id);
  expect(await store.ids(filters), where).toEqual({ ids: every, total: every.length });
  expect(store.indexSource, where).toBe(expectSource);
  return { db, store };
}

describe('the stored order index (snapshot)', () => {
  it('parts round-trip every kind of value exactly (undefined, null, numbers, text with the separator)', () => {
    const entries: Entry[] = [
      { key: 201, date: '2026-01-01T00:00:00.000Z', status: 'new', text: '\u0000#in1\u0000ann', facets: ['Paypal'], sorts: ['2026-01-01T00:00:00.000Z', '#IN1', 'Ann', 10, 'new', 'Paypal', null] },
      { key: 202, date: '2026-01-02T00:00:00+02:00', status: 'new', text: '\u0000a\u0001b', facets: [undefined], sorts: ['2026-01-02T00:00:00+02:00', undefined, 'A\u0001B', -0, 'new', undefined, '2026-02-01T00:00:00.000Z'] },
    ];
    const decoded: Entry[] = [];
    decodePart(structuredClone(encodePart(0, entries)), decoded);
    expect(decoded).toEqual(entries);
    expect(decoded[1]!.facets).toEqual([undefined]);
    expect(decoded[1]!.sorts[1]).toBeUndefined();
    expect(decoded[0]!.sorts[6]).toBeNull();
    // A column of another length than the part's is refused (a corrupt record).
    expect(() => decodePart({ ...encodePart(0, entries), n: 3 }, [])).toThrow();
  });

  for (const seed of [1, 2]) {
    it(`after every kind of write (create, bulk, update, bulk status, delete, bulk delete, restore) a restarted worker loads it and answers exactly (seed ${seed})`, async () => {
      const indexedDB = new IDBFactory();
      const name = `snapshot-writes-${seed}`;
      const r = random(seed * 7_919);
      const db = openDb(name, indexedDB);
      const store = orderStore(db);
      // The first list builds the index from the blocks and saves the snapshot; writes keep it from then on.
      await store.list({ page: 1 });
      expect(store.indexSource).toBe('rows');
      await store.ids({});
      expect((await snapshotKeys(db)).length).toBeGreaterThan(0);
      const counter = { n: 100 };
      await store.insertMany(newOrders(r, 420, counter));
      for (let round = 0; round < 10; round++) {
        const ids = (await storedOrders(db)).map((o) => o.id);
        const op = round % 6;
        if (op === 0) await store.insertMany(newOrders(r, 1 + r.int(150), counter));
        else if (op === 1) {
          await store.update(r.pick(ids), (o) => ({ ...o, status: r.pick(STATUSES), createAt: r.pick(DATES), customer: { ...o.customer, name: r.pick(NAMES) }, totalAmount: r.pick(AMOUNTS) }));
        } else if (op === 2) {
          const some = [...new Set(Array.from({ length: 30 }, () => r.pick(ids)))];
          await store.updateMany(some, (o) => ({ ...o, status: r.pick(STATUSES), payment: { ...o.payment, paymentMethod: r.pick(METHODS) } }), () => new Error('missing'));
        } else if (op === 3) {
          await store.remove(r.pick(ids));
        } else if (op === 4) {
          // A whole block and a few more to the trash, then some of them back.
          const block = blockOf(r.pick(ids));
          const gone = [...new Set([...ids.filter((id) => blockOf(id) === block), r.pick(ids), r.pick(ids)])];
          await trashOrders(db, gone);
          await restoreOrders(db, gone.filter((_, i) => i % 2 === 0));
        } else {
          // The newest orders deleted: the head runs short and is refilled from the index.
          const all = referencePage(await storedOrders(db), { page: 1, pageSize: 1_000_000 }).rows;
          await trashOrders(db, all.slice(0, HEAD_SIZE + 5).map((o) => o.id));
        }
        const restarted = await checkRestarted(name, indexedDB, r, `seed ${seed}, round ${round}, op ${op}`, 'snapshot');
        restarted.db.close();
      }
      db.close();
    });
  }

  it('a restarted worker answers the first page from the stored head, before the index loads, and then loads the index reading only the blocks written since the parts were saved', async () => {
    const indexedDB = new IDBFactory();
    const db = openDb('snapshot-head', indexedDB);
    const counter = { n: 100 };
    await orderStore(db).insertMany(newOrders(random(3), 2_000, counter));
    await orderStore(db).list({ page: 1 });
    await orderStore(db).ids({});
    const { firstId, lastId } = await orderStore(db).insertMany(newOrders(random(5), 250, counter));
    db.close();
    // Closed right after the import (before the store's save after a pause): its blocks are the dirty ones.
    const written = blockOf(lastId) - blockOf(firstId) + 1;
    const restarted = openDb('snapshot-head', indexedDB);
    const store = orderStore(restarted);
    const all = await storedOrders(restarted);
    expect(await store.list({ page: 1 })).toEqual(referencePage(all, { page: 1 }));
    expect(await store.list({ page: 3, pageSize: 20 })).toEqual(referencePage(all, { page: 3, pageSize: 20 }));
    expect(store.stats.headAnswers).toBeGreaterThanOrEqual(1);
    // A search needs the whole index: loaded from the snapshot, reading the import's blocks (not every block).
    const blocksBefore = store.stats.blocksRead;
    expect(await store.list({ page: 1, search: 'an' })).toEqual(referencePage(all, { page: 1, search: 'an' }));
    expect(store.indexSource).toBe('snapshot');
    expect(store.stats.blocksRead - blocksBefore).toBeLessThanOrEqual(10);
    expect(store.takeLoadTiming()).toContain(`1 parts, ${written} dirty blocks`);
    expect(written).toBeLessThan(await restarted.orderBlocks.count());
    restarted.close();
  });

  it('an import writes only the head (no record per block); a worker restarted right after it answers exactly, and saves the parts so the next restart reads no block', async () => {
    const indexedDB = new IDBFactory();
    const name = 'snapshot-import';
    const r = random(23);
    const db = openDb(name, indexedDB);
    const store = orderStore(db);
    await store.list({ page: 1 });
    await store.ids({});
    const before = await snapshotKeys(db);
    const parts = (await db.derived.bulkGet(before)).map((record) => JSON.stringify(record && { ...record, key: record.key }));
    // An import: several calls in a row, as POST /api/orders/bulk makes them (no pause between).
    const counter = { n: 100 };
    for (let call = 0; call < 4; call++) await store.insertMany(newOrders(r, 700, counter));
    expect(await snapshotKeys(db)).toEqual(before);
    // Only the head changed: the parts are as saved before the import.
    const after = await db.derived.bulkGet(before);
    before.forEach((key, i) => {
      if (key !== 'orderIndex|head') expect(JSON.stringify(after[i]), key).toBe(parts[i]);
    });
    const head = (await db.derived.get('orderIndex|head')) as unknown as { dirty: number[]; total: number };
    expect(head.total).toBe((await storedOrders(db)).length);
    expect(head.dirty.length).toBeGreaterThanOrEqual(28);
    // The store's save once writes pause (3 s): the parts again, the dirty list empty, the same answers.
    await new Promise((resolve) => setTimeout(resolve, 3_500));
    await store.count();
    const idle = (await db.derived.get('orderIndex|head')) as unknown as { dirty: number[]; total: number };
    expect(idle).toMatchObject({ dirty: [], total: head.total });
    db.close();
    (await checkRestarted(name, indexedDB, r, 'after the save once idle', 'snapshot')).db.close();
    // Another import, and a restart before the store's save: the import's blocks are the dirty ones.
    const later = openDb(name, indexedDB);
    await orderStore(later).insertMany(newOrders(r, 700, counter));
    later.close();

    const restarted = await checkRestarted(name, indexedDB, r, 'right after the import', 'snapshot');
    // Its load merged the import's blocks in; then (in the store's queue) it saved the parts again.
    await restarted.store.count();
    const saved = (await restarted.db.derived.get('orderIndex|head')) as unknown as { dirty: number[] };
    expect(saved.dirty).toEqual([]);
    restarted.db.close();
    const again = await checkRestarted(name, indexedDB, r, 'restarted again', 'snapshot');
    expect(again.store.takeLoadTiming()).toContain('0 dirty blocks');
    again.db.close();
  });

  it('a snapshot of the layout before (version 1, with a record per block) is rebuilt, its per-block records removed', async () => {
    const indexedDB = new IDBFactory();
    const name = 'snapshot-v1';
    const r = random(29);
    const db = openDb(name, indexedDB);
    await orderStore(db).insertMany(newOrders(r, 300, { n: 100 }));
    await orderStore(db).list({ page: 1 });
    await orderStore(db).ids({});
    await db.derived.update('orderIndex|head', { version: 1 });
    await db.derived.put({ key: 'orderIndex|block|0000000001', block: 1, n: 0, facets: 0, cols: [] });
    db.close();
    const restarted = await checkRestarted(name, indexedDB, r, 'version 1', 'rows');
    await restarted.store.count();
    expect((await snapshotKeys(restarted.db)).sort()).toEqual(['orderIndex|head', 'orderIndex|part|000000']);
    restarted.db.close();
    (await checkRestarted(name, indexedDB, r, 'version 1, rebuilt', 'snapshot')).db.close();
  });

  it('a snapshot left stale by a write that bypassed the store is detected and rebuilt from the blocks', async () => {
    const indexedDB = new IDBFactory();
    const name = 'snapshot-stale';
    const r = random(11);
    const db = openDb(name, indexedDB);
    await orderStore(db).list({ page: 1 });
    await orderStore(db).insertMany(newOrders(r, 600, { n: 100 }));
    // An order's date changed straight in its block (as a restore or an upgrade might): the
    // counts agree, so the restarted worker loads the snapshot, and the page's rows show it is stale.
    const newest = referencePage(await storedOrders(db), { page: 1 }).rows[0]!;
    const block = (await db.orderBlocks.get(blockOf(newest.id)))!;
    const orders = decodeBlock(block).map((o) => (o.id === newest.id ? { ...o, createAt: '2001-01-01T00:00:00.000Z' } : o));
    await db.orderBlocks.put(encodeBlock(block.id, orders));
    db.close();
    const restarted = await checkRestarted(name, indexedDB, r, 'date changed in a block', 'rows');
    restarted.db.close();
    // Rebuilt and saved again: the next restart loads it.
    (await checkRestarted(name, indexedDB, r, 'after the rebuild', 'snapshot')).db.close();

    // A block deleted behind the store's back: the counts disagree, the snapshot is not used.
    const again = openDb(name, indexedDB);
    await again.orderBlocks.delete((await again.orderBlocks.toCollection().primaryKeys())[2]!);
    again.close();
    (await checkRestarted(name, indexedDB, r, 'a block deleted', 'rows')).db.close();

    // The id counter moved (orders added behind the store's back).
    const counted = openDb(name, indexedDB);
    await counted.counters.put({ name: 'orders', nextId: 99_999 });
    counted.close();
    (await checkRestarted(name, indexedDB, r, 'counter moved', 'rows')).db.close();
  });

  it('a corrupt snapshot (a wrong total or block count, another schema version, a part missing or garbled) is not used: the index is rebuilt and saved again', async () => {
    const indexedDB = new IDBFactory();
    const name = 'snapshot-corrupt';
    const r = random(13);
    const db = openDb(name, indexedDB);
    await orderStore(db).list({ page: 1 });
    await orderStore(db).insertMany(newOrders(r, 500, { n: 100 }));
    db.close();
    // Loaded once and saved in list order again: no dirty block left.
    (await checkRestarted(name, indexedDB, r, 'before any corruption', 'snapshot')).db.close();
    const corruptions: Array<[string, (db: ShopDb) => Promise<unknown>]> = [
      // A dirty block is read from the blocks: listing one that was not written costs time, not exactness.
      ['a dirty block that was not written', async (d) => d.derived.update('orderIndex|head', { dirty: [2, 3] })],
      ['a wrong block count', async (d) => d.derived.update('orderIndex|head', { blocks: 2 })],
      ['a wrong total', async (d) => d.derived.update('orderIndex|head', { total: 3 })],
      ['another schema version', async (d) => d.derived.update('orderIndex|head', { dbVersion: 7 })],
      ['a part missing', async (d) => d.derived.delete('orderIndex|part|000000')],
      ['a part garbled', async (d) => d.derived.update('orderIndex|part|000000', { n: 3 })],
      // Parts out of list order: still every entry, so they are used, sorted on load.
      [
        'a part out of order',
        async (d) => {
          const part = (await d.derived.get('orderIndex|part|000000'))!;
          const entries: Entry[] = [];
          decodePart(part as unknown as Parameters<typeof decodePart>[0], entries);
          await d.derived.put(encodePart(0, entries.reverse()) as unknown as typeof part);
        },
      ],
    ];
    for (const [what, corrupt] of corruptions) {
      const broken = openDb(name, indexedDB);
      await corrupt(broken);
      broken.close();
      const source = what === 'a part out of order' || what === 'a dirty block that was not written' ? 'snapshot' : 'rows';
      (await checkRestarted(name, indexedDB, r, what, source)).db.close();
      (await checkRestarted(name, indexedDB, r, `${what}, then restarted again`, 'snapshot')).db.close();
    }
  });

  it('an account from the current schema version without a snapshot builds the index from the blocks once, saves it, and loads it after a restart', async () => {
    const indexedDB = new IDBFactory();
    const name = 'snapshot-upgrade';
    const r = random(17);
    const db = openDb(name, indexedDB);
    // As the app before the snapshot left an account: orders written, no orderIndex record.
    await orderStore(db).insertMany(newOrders(r, 700, { n: 100 }));
    await orderStore(db).remove(20);
    expect(await snapshotKeys(db)).toEqual([]);
    db.close();
    const first = await checkRestarted(name, indexedDB, r, 'first start', 'rows');
    expect(first.store.stats.headAnswers).toBe(0);
    first.db.close();
    const blocks = await openDb(name, indexedDB).orderBlocks.count();
    const second = await checkRestarted(name, indexedDB, r, 'second start', 'snapshot');
    expect(second.store.stats.headAnswers).toBe(1);
    // The head and the index in list order (one part), whatever the number of blocks.
    expect(blocks).toBeGreaterThan(1);
    expect((await snapshotKeys(second.db)).sort()).toEqual(['orderIndex|head', 'orderIndex|part|000000']);
    second.db.close();
  });

  it('a fresh store over an open database follows the writes another store object made (the snapshot is per database)', async () => {
    const indexedDB = new IDBFactory();
    const db = openDb('snapshot-two-stores', indexedDB);
    await orderStore(db).list({ page: 1 });
    await orderStore(db).insertMany(newOrders(random(19), 300, { n: 100 }));
    const second = new OrderStore(db);
    const all = await storedOrders(db);
    expect(await second.list({ page: 2 })).toEqual(referencePage(all, { page: 2 }));
    expect(second.stats.headAnswers).toBe(1);
    db.close();
  });
});
