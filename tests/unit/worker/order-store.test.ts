import { describe, expect, it } from 'vitest';
import Dexie from 'dexie';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { ShopDb } from '../../../sw/api/storage/db';
import { OrderStore, orderStore } from '../../../sw/api/orders/store/order-store';
import { ORDERS_PER_BLOCK, blockOf, decodeBlock, packOrders } from '../../../sw/api/orders/store/order-blocks';
import { seedOrders } from '../../../seed/orders';
import { seedUsers } from '../../../seed/users';
import type { Order } from '../../../domain/schema/order';
import { AMOUNTS, DATES, METHODS, NAMES, STATUSES, random, randomOrder, randomQuery, referencePage, type Random } from '../support/random-orders';

function freshDb(name: string, indexedDB = new IDBFactory()): ShopDb {
  return new ShopDb(name, { indexedDB, IDBKeyRange });
}

/** Every order as stored: the blocks read straight from IndexedDB and decoded. */
async function storedOrders(db: ShopDb): Promise<Order[]> {
  return (await db.orderBlocks.toArray()).flatMap(decodeBlock);
}

const newOrders = (r: Random, count: number, counter: { n: number }) => Array.from({ length: count }, () => randomOrder(r, counter.n++));

describe('order blocks', () => {
  it('packs orders by id into blocks of ORDERS_PER_BLOCK, each in id order', () => {
    const orders = Array.from({ length: 250 }, (_, i) => ({ ...seedOrders[0]!, id: 250 - i }));
    const blocks = packOrders(orders);
    expect(blocks.map((b) => b.id)).toEqual([0, 1, 2]);
    expect(blocks.map((b) => decodeBlock(b).length)).toEqual([ORDERS_PER_BLOCK - 1, ORDERS_PER_BLOCK, 51]);
    for (const block of blocks) {
      const ids = decodeBlock(block).map((o) => o.id);
      expect(ids).toEqual([...ids].sort((a, b) => a - b));
      expect(ids.every((id) => blockOf(id) === block.id)).toBe(true);
    }
  });

  it('a new database holds the 15 sample orders in block 0 and the next id is 16', async () => {
    const db = freshDb('blocks-seed');
    expect(await storedOrders(db)).toEqual([...seedOrders].sort((a, b) => a.id - b.id));
    expect(await db.counters.get('orders')).toEqual({ name: 'orders', nextId: 16 });
    db.close();
  });
});

describe('OrderStore answers as the contract defines (random data and writes)', () => {
  for (const seed of [1, 2, 3]) {
    it(`seed ${seed}`, async () => {
      const r = random(seed * 104_729);
      const db = freshDb(`order-store-${seed}`);
      const store = orderStore(db);
      const counter = { n: 100 };
      // The model: what the store must hold after each write.
      const model = new Map<number, Order>(seedOrders.map((o) => [o.id, o]));
      const insert = async (count: number) => {
        const orders = newOrders(r, count, counter);
        const copies = orders.map((o) => structuredClone(o));
        const { firstId, lastId } = await store.insertMany(orders);
        expect(lastId - firstId + 1).toBe(count);
        copies.forEach((o, i) => model.set(firstId + i, { ...o, id: firstId + i }));
      };
      await insert(250);

      for (let round = 0; round < 30; round++) {
        const ids = [...model.keys()];
        // Few orders left: insert (op 5 empties a whole block at a time).
        const op = round === 0 ? -1 : ids.length < 150 ? 0 : r.int(6);
        if (op === 0) await insert(1 + r.int(180)); // often across block boundaries
        else if (op === 1) {
          const id = r.pick(ids);
          const changed = await store.update(id, (o) => ({
            ...o,
            status: r.pick(STATUSES),
            createAt: r.pick(DATES),
            payment: { ...o.payment, paymentMethod: r.pick(METHODS) },
            customer: { ...o.customer, name: r.pick(NAMES) },
            totalAmount: r.pick(AMOUNTS),
            deliveredAt: r.pick([null, ...DATES]),
          }));
          model.set(id, changed!);
        } else if (op === 2) {
          const id = r.pick(ids);
          expect((await store.remove(id))?.id).toBe(id);
          model.delete(id);
        } else if (op === 3) {
          // A change that fails (as a PATCH that does not validate): nothing is written.
          await expect(
            store.update(r.pick(ids), () => {
              throw new Error('invalid');
            }),
          ).rejects.toThrow('invalid');
        } else if (op === 4) {
          const missing = counter.n + 10_000;
          expect(await store.remove(missing)).toBeUndefined();
          expect(await store.update(missing, (o) => o)).toBeUndefined();
        } else if (op === 5) {
          // Empty a whole block: its record goes.
          const block = blockOf(r.pick(ids));
          for (const id of ids) if (blockOf(id) === block) await store.remove(id).then(() => model.delete(id));
          expect(await db.orderBlocks.get(block)).toBeUndefined();
        }

        const where = `seed ${seed}, round ${round}, op ${op}`;
        const all = [...model.values()].sort((a, b) => a.id - b.id);
        expect(await storedOrders(db), where).toEqual(all);
        expect(await store.count(), where).toBe(all.length);
        const status = r.pick(STATUSES);
        expect(await store.count(status), where).toBe(all.filter((o) => o.status === status).length);
        const someId = r.pick([...model.keys(), 99_999]);
        expect(await store.get(someId), where).toEqual(model.get(someId));
        for (let k = 0; k < 6; k++) {
          const q = randomQuery(r, all.length, { dateRange: true });
          expect(await store.list(q), `${where}, ${JSON.stringify(q)}`).toEqual(referencePage(all, q));
          const { page: _page, pageSize: _pageSize, ...filters } = q;
          const every = referencePage(all, { ...filters, page: 1, pageSize: all.length + 1 }).rows.map((o) => o.id);
          expect(await store.ids(filters), `${where}, ids ${JSON.stringify(filters)}`).toEqual({ ids: every, total: every.length });
        }
      }
      db.close();
      // Hundreds of writes and checks: 5–8 s alone, over 30 s beside the rest of the suite on a loaded machine.
    }, 120_000);
  }
});

describe('OrderStore runs operations one at a time, in the order asked', () => {
  it('each list, asked without waiting, sees exactly the writes asked before it', async () => {
    const db = freshDb('order-store-order');
    const store = orderStore(db);
    const r = random(31);
    const model = new Map<number, Order>(seedOrders.map((o) => [o.id, o]));
    const expected: unknown[] = [];
    const answers: Array<Promise<unknown>> = [];
    let nextId = 16;
    for (let i = 0; i < 12; i++) {
      const q = { page: 1 + (i % 2), status: i % 3 === 0 ? undefined : 'return' };
      if (i % 4 === 3) {
        const orders = newOrders(r, 30, { n: 500 + 30 * i });
        orders.forEach((o, k) => model.set(nextId + k, { ...structuredClone(o), id: nextId + k }));
        nextId += orders.length;
        answers.push(store.insertMany(orders).then(() => undefined));
      } else if (i % 4 === 2) {
        model.delete(i);
        answers.push(store.remove(i).then(() => undefined));
      } else {
        const change = { status: 'return' as const, createAt: DATES[i]! };
        model.set(1 + i, { ...model.get(1 + i)!, ...change });
        answers.push(store.update(1 + i, (o) => ({ ...o, ...change })).then(() => undefined));
      }
      expected.push(undefined, referencePage([...model.values()], q));
      answers.push(store.list(q));
    }
    // The index is built by the first list, while writes are queued behind it.
    expect(await Promise.all(answers)).toEqual(expected);
    db.close();
  });
});

describe('OrderStore reads only what a query needs', () => {
  it('a page reads at most its own blocks (none when cached); the index is built once from all blocks', async () => {
    const db = freshDb('order-store-reads');
    await orderStore(db).insertMany(newOrders(random(5), 5_000, { n: 100 }));
    const blockCount = await db.orderBlocks.count();
    expect(blockCount).toBe(51);
    // A fresh store over the same database: empty cache, index not built.
    const store = new OrderStore(db);
    const reads = async (query: () => Promise<unknown>) => {
      const before = store.stats.blocksRead;
      await query();
      return store.stats.blocksRead - before;
    };
    expect(await reads(() => store.list({ page: 1 }))).toBeLessThanOrEqual(10);
    expect(await reads(() => store.list({ page: 400 }))).toBeLessThanOrEqual(10);
    expect(await reads(() => store.list({ page: 400 }))).toBe(0);
    expect(await reads(() => store.list({ page: 3, status: 'new', payment: 'Paypal', search: 'an' }))).toBeLessThanOrEqual(10);
    expect(await reads(() => store.count('pending'))).toBe(0);
    // 5,015 orders are 51 blocks: all the queries above together read fewer.
    expect(store.stats.blocksRead).toBeLessThan(blockCount);
    db.close();
  });

  it('a write updates the cached block: the next read sees it without reading IndexedDB', async () => {
    const db = freshDb('order-store-cache');
    const store = orderStore(db);
    expect((await store.get(3))?.status).not.toBe('return');
    const before = store.stats.blocksRead;
    await store.update(3, (o) => ({ ...o, status: 'return' }));
    expect((await store.get(3))?.status).toBe('return');
    expect(store.stats.blocksRead).toBe(before);
    // And it is what IndexedDB holds.
    expect((await storedOrders(db)).find((o) => o.id === 3)?.status).toBe('return');
    db.close();
  });
});

describe('order ids', () => {
  it('are never reused, even after the highest one is deleted and the database reopened', async () => {
    const indexedDB = new IDBFactory();
    const db = freshDb('order-ids', indexedDB);
    const r = random(9);
    expect(await orderStore(db).insertMany(newOrders(r, 3, { n: 1 }))).toEqual({ firstId: 16, lastId: 18 });
    await orderStore(db).remove(18);
    expect(await orderStore(db).insertMany(newOrders(r, 1, { n: 5 }))).toEqual({ firstId: 19, lastId: 19 });
    db.close();
    const reopened = freshDb('order-ids', indexedDB);
    await orderStore(reopened).remove(19);
    expect(await orderStore(reopened).insertMany(newOrders(r, 2, { n: 7 }))).toEqual({ firstId: 20, lastId: 21 });
    reopened.close();
  });
});

describe('upgrading a version 1 database (one record per order)', () => {
  it('moves every order into blocks with its id, drops the old table, and goes on past the highest id', async () => {
    const indexedDB = new IDBFactory();
    // The database as version 1 of the app left it.
    const old = new Dexie('upgrade-me', { indexedDB, IDBKeyRange });
    old.version(1).stores({
      users: '++id, createAt, status, [status+createAt]',
      products: '++id, createdAt, status, [status+createdAt]',
      reviews: '++id, productId, createdAt',
      orders: '++id, createAt, status, [status+createAt]',
      invoices: 'id, issueDate, status, [status+issueDate]',
    });
    const r = random(77);
    await old.table('orders').bulkAdd(seedOrders);
    await old.table('orders').bulkAdd(newOrders(r, 230, { n: 100 }));
    await old.table('orders').bulkDelete([5, 120, 121]);
    await old.table('users').bulkAdd(seedUsers.slice(0, 3));
    const before: Order[] = await old.table('orders').toArray();
    old.close();

    const db = freshDb('upgrade-me', indexedDB);
    await db.open();
    expect(db.verno).toBeGreaterThanOrEqual(6);
    expect(db.tables.map((t) => t.name)).not.toContain('orders');
    // Version 4's tables start empty; the shop's data is kept.
    expect(await db.files.count()).toBe(0);
    expect(await db.trash.count()).toBe(0);
    expect(await db.activity.count()).toBe(0);
    expect(await db.users.toArray()).toEqual(seedUsers.slice(0, 3));
    expect(new Set(await storedOrders(db))).toEqual(new Set(before));
    expect((await storedOrders(db)).length).toBe(before.length);
    const store = orderStore(db);
    for (const q of [{ page: 1 }, { page: 7, status: 'new' }, { page: 1, search: 'ann' }]) {
      expect(await store.list(q)).toEqual(referencePage(before, q));
    }
    const highest = Math.max(...before.map((o) => o.id));
    expect((await store.insertMany(newOrders(r, 1, { n: 900 }))).firstId).toBe(highest + 1);
    db.close();
  });
});
