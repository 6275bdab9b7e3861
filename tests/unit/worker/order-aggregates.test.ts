import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { ShopDb } from '../../../sw/api/storage/db';
import { OrderStore } from '../../../sw/api/orders/store/order-store';
import { orderAggregateRecords } from '../../../sw/api/orders/store/order-derived';
import { decodeBlock } from '../../../sw/api/orders/store/order-blocks';
import { AggregateUpdate, buildAggregates } from '../../../sw/api/orders/order-aggregate-writes';
import { OrderTotals } from '../../../sw/api/orders/order-aggregate-reads';
import {
  monthOfDay,
  type AggregateChanges,
  type AggregateSource,
  type CustomerSummary,
  type MonthTotals,
  type ProductInfo,
} from '../../../sw/api/orders/order-aggregates';
import { seedOrders } from '../../../seed/orders';
import { DAY_MS } from '../../../domain/units';
import type { Order } from '../../../domain/schema/order';

const STATUSES = ['delivered', 'shipping', 'new', 'pending', 'return'] as const;
const METHODS = ['Credit Card', 'Paypal', 'Visa Card', 'Master Card'] as const;
// Days around the end of May 2030 (few, so days, customers and products collide often, and a
// month boundary runs through them).
const FIRST_DAY = Date.parse('2030-05-27T00:00:00.000Z') / DAY_MS;
const DAYS = 10;

const orderArb = fc.record({
  day: fc.integer({ min: 0, max: DAYS - 1 }),
  // Few hours: orders often tie on their instant, and the id decides.
  hour: fc.integer({ min: 0, max: 2 }),
  customer: fc.integer({ min: 1, max: 4 }),
  status: fc.constantFrom(...STATUSES),
  payment: fc.constantFrom(...METHODS),
  items: fc.array(fc.record({ id: fc.integer({ min: 1, max: 3 }), quantity: fc.integer({ min: 1, max: 5 }), cents: fc.integer({ min: 1, max: 10_000 }), name: fc.constantFrom('A', 'B') }), {
    minLength: 1,
    maxLength: 3,
  }),
});
type OrderShape = typeof orderArb extends fc.Arbitrary<infer T> ? T : never;

function makeOrder(id: number, o: OrderShape): Order {
  const items = o.items.map((item) => ({ id: item.id, name: `P${item.id}${item.name}`, image: `/p${item.id}.svg`, price: item.cents / 100, quantity: item.quantity }));
  const subTotal = o.items.reduce((sum, item) => sum + item.cents * item.quantity, 0) / 100;
  return {
    id,
    invoiceId: `#IN${String(id).padStart(4, '0')}`,
    createAt: new Date((FIRST_DAY + o.day) * DAY_MS + o.hour * 3_600_000).toISOString(),
    deliveredAt: null,
    customer: { id: o.customer, name: `C${o.customer}`, email: 'c@example.com', phone: '+1 555 0100' },
    billing: 'b',
    shipping: 's',
    status: o.status,
    payment: { id: 1, paymentMethod: o.payment, cardNumber: '**** 1234' },
    items,
    subTotalAmount: subTotal,
    totalAmount: subTotal,
    taxAmount: 0,
    discountAmount: 0,
    shippingChargeAmount: 0,
  };
}

/** Aggregates "stored" in memory: an update reads copies, as it would read records afresh. */
class MemoryRecords implements AggregateSource {
  months_ = new Map<number, MonthTotals>();
  blocks = new Map<number, Map<number, CustomerSummary>>();
  products_ = new Map<number, ProductInfo>();

  async months(indexes: readonly number[]) {
    return indexes.map((i) => (this.months_.has(i) ? structuredClone(this.months_.get(i)!) : undefined));
  }
  async monthsFrom(index: number) {
    return [...this.months_].filter(([i]) => i >= index).map(([i, m]): [number, MonthTotals] => [i, structuredClone(m)]);
  }
  async customerBlocks(blocks: readonly number[]) {
    return blocks.map((b) => (this.blocks.has(b) ? structuredClone(this.blocks.get(b)!) : undefined));
  }
  async products() {
    return structuredClone(this.products_);
  }
  store(changes: AggregateChanges): void {
    for (const [i, m] of changes.months) if (m) this.months_.set(i, m);
    else this.months_.delete(i);
    for (const [b, s] of changes.customerBlocks) if (s) this.blocks.set(b, s);
    else this.blocks.delete(b);
    if (changes.products) this.products_ = changes.products;
  }
}

const sortedEntries = <K extends number | string, V>(map: ReadonlyMap<K, V>, f: (v: V) => unknown = (v) => v) =>
  [...map.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([k, v]) => [k, f(v)]);

/** Months, customer blocks and products in a canonical form (maps sorted by key). */
function canonical(months: ReadonlyMap<number, MonthTotals>, blocks: ReadonlyMap<number, ReadonlyMap<number, CustomerSummary>>, products: ReadonlyMap<number, ProductInfo>) {
  return {
    months: sortedEntries(months, (m) => ({
      latest: Array.from(m.latest),
      days: sortedEntries(m.days, (d) => ({
        orders: d.orders,
        cents: d.cents,
        firstOrders: d.firstOrders,
        byStatus: sortedEntries(d.byStatus),
        byPayment: sortedEntries(d.byPayment),
        customers: sortedEntries(d.customers),
        products: sortedEntries(d.products),
      })),
    })),
    customers: sortedEntries(blocks, (b) => sortedEntries(b)),
    products: sortedEntries(products),
  };
}

const built = (orders: readonly Order[]) => {
  const records = new MemoryRecords();
  records.store(buildAggregates(orders));
  return records;
};

/** A window's figures worked out plainly from the orders (no aggregate). */
function reference(orders: readonly Order[], fromDay: number, toDay: number) {
  const dayOf = (o: Order) => Math.floor(Date.parse(o.createAt) / DAY_MS);
  const inside = orders.filter((o) => dayOf(o) >= fromDay && dayOf(o) < toDay);
  const first = new Map<number, number>();
  for (const o of orders) first.set(o.customer.id, Math.min(first.get(o.customer.id) ?? Infinity, dayOf(o)));
  const customers = new Set(inside.map((o) => o.customer.id));
  const latest = [...inside].sort((a, b) => Date.parse(b.createAt) - Date.parse(a.createAt) || b.id - a.id).slice(0, 5);
  return {
    orders: inside.length,
    cents: inside.reduce((sum, o) => sum + Math.round(o.totalAmount * 100), 0),
    customers: customers.size,
    newCustomers: [...first.values()].filter((d) => d >= fromDay && d < toDay).length,
    returningCustomers: [...customers].filter((c) => first.get(c)! < fromDay).length,
    quantity: inside.flatMap((o) => o.items).reduce((sum, item) => sum + item.quantity, 0),
    latest: latest.map((o) => o.id),
  };
}

function figures(totals: OrderTotals, fromDay: number, toDay: number) {
  const w = totals.window(fromDay, toDay);
  return {
    orders: w.orders,
    cents: w.cents,
    customers: w.customers.size,
    newCustomers: w.newCustomers,
    returningCustomers: w.returningCustomers,
    quantity: [...w.products.values()].reduce((sum, p) => sum + p.quantity, 0),
    latest: totals.latest(fromDay * DAY_MS, toDay * DAY_MS, 5),
  };
}

const commandArb = fc.oneof(
  fc.record({ kind: fc.constant('put' as const), orders: fc.array(fc.record({ id: fc.integer({ min: 1, max: 12 }), order: orderArb }), { minLength: 1, maxLength: 4 }) }),
  fc.record({ kind: fc.constant('remove' as const), ids: fc.array(fc.integer({ min: 1, max: 12 }), { minLength: 1, maxLength: 4 }) }),
);

describe('AggregateUpdate', () => {
  it('after any sequence of writes, the stored aggregates equal a build from the orders left, and any window a plain recount', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(commandArb, { maxLength: 40 }), fc.integer({ min: 0, max: DAYS }), fc.integer({ min: 0, max: DAYS }), async (commands, a, b) => {
        const records = new MemoryRecords();
        const model = new Map<number, Order>();
        for (const command of commands) {
          // One write: each id once (as the store's writes are), its old figures out, its new ones in.
          const update = new AggregateUpdate(records);
          if (command.kind === 'put') {
            const orders = new Map(command.orders.map(({ id, order }) => [id, makeOrder(id, order)]));
            await update.apply([...orders].map(([id, after]) => ({ before: model.get(id), after })));
            for (const [id, order] of orders) model.set(id, order);
          } else {
            const ids = [...new Set(command.ids)].filter((id) => model.has(id));
            await update.apply(ids.map((id) => ({ before: model.get(id) })));
            for (const id of ids) model.delete(id);
          }
          records.store(update.changes());
        }
        const rebuilt = built([...model.values()].sort((x, y) => x.id - y.id));
        expect(canonical(records.months_, records.blocks, new Map())).toEqual(canonical(rebuilt.months_, rebuilt.blocks, new Map()));
        const [fromDay, toDay] = [FIRST_DAY + Math.min(a, b), FIRST_DAY + Math.max(a, b)];
        const totals = new OrderTotals(records.months_, records.products_);
        expect(figures(totals, fromDay, toDay)).toEqual(reference([...model.values()], fromDay, toDay));
        expect(totals.sum(fromDay, toDay)).toEqual({ orders: figures(totals, fromDay, toDay).orders, cents: figures(totals, fromDay, toDay).cents });
      }),
      { numRuns: 300 },
    );
  });

  it('a customer whose first order goes gets the next one as first, found in a later month', async () => {
    const at = (id: number, day: number) => makeOrder(id, { day, hour: 0, customer: 1, status: 'new', payment: 'Paypal', items: [{ id: 1, quantity: 1, cents: 100, name: 'A' }] });
    const first = at(1, 0); // 2030-05-27
    const later = at(2, 8); // 2030-06-04: another month
    const records = built([first, later]);
    const update = new AggregateUpdate(records);
    await update.apply([{ before: first }]);
    records.store(update.changes());
    expect(records.blocks.get(0)).toEqual(new Map([[1, { first: FIRST_DAY + 8, orders: 1 }]]));
    expect(canonical(records.months_, records.blocks, new Map())).toEqual(canonical(built([later]).months_, built([later]).blocks, new Map()));
  });

  it('monthOfDay is the UTC calendar month Date gives, from year 0 to 9999 (leap years, centuries, eras)', () => {
    const wrong: number[] = [];
    for (let day = -719_528 - 400; day <= 2_932_896 + 400; day += 3) {
      const date = new Date(day * DAY_MS);
      if (monthOfDay(day) !== date.getUTCFullYear() * 12 + date.getUTCMonth()) wrong.push(day);
    }
    expect(wrong).toEqual([]);
  });

  it('an order whose date does not parse counts nowhere', () => {
    const changes = buildAggregates([{ ...seedOrders[0]!, createAt: 'not a date' }]);
    expect(changes.months.size).toBe(0);
    expect(changes.customerBlocks.size).toBe(0);
  });
});

// ---------------------------------------------------------------------------------------
// The store: every write keeps the stored records, which equal a build from the blocks.

const storeCommandArb = fc.oneof(
  fc.record({ kind: fc.constant('insert' as const), orders: fc.array(orderArb, { minLength: 1, maxLength: 120 }) }),
  fc.record({ kind: fc.constant('update' as const), pick: fc.nat(), order: orderArb }),
  fc.record({ kind: fc.constant('updateMany' as const), picks: fc.array(fc.nat(), { minLength: 1, maxLength: 5 }), status: fc.constantFrom(...STATUSES) }),
  fc.record({ kind: fc.constant('remove' as const), pick: fc.nat() }),
  fc.record({ kind: fc.constant('removeMany' as const), picks: fc.array(fc.nat(), { minLength: 1, maxLength: 5 }) }),
  fc.record({ kind: fc.constant('putBack' as const) }),
  fc.record({ kind: fc.constant('failedWrite' as const), pick: fc.nat() }),
);

/** The stored `orders|…` records but the products' (see `productsAsWritten`), in a canonical form. */
async function storedRecords(db: ShopDb) {
  return recordsCanonical(await db.derived.where('key').startsWith('orders|').toArray());
}

type Row = readonly unknown[];
const byFirst = (rows: readonly Row[]): Row[] => [...rows].sort((a, b) => (a[0]! < b[0]! ? -1 : a[0]! > b[0]! ? 1 : 0));

/**
 * Records as comparable values: JSON decoded with its lists in key order (a month's days by
 * day, each day's pair lists by key; customers by id), typed arrays as arrays. The products
 * record is left out: it holds what the lines last written said, so it depends on the order
 * of the writes (checked against a model of that instead).
 */
function recordsCanonical(records: ReadonlyArray<{ key: string } & Record<string, unknown>>) {
  return [...records]
    .filter((record) => record.key !== 'orders|products')
    .sort((a, b) => (a.key < b.key ? -1 : 1))
    .map((record) => {
      if (typeof record.days === 'string') {
        const days = (JSON.parse(record.days) as Row[]).map((day) => day.map((part, i) => (i >= 4 ? byFirst(part as Row[]) : part)));
        return { key: record.key, days: byFirst(days), latest: Array.from(record.latest as Float64Array) };
      }
      if (typeof record.json === 'string') return { key: record.key, rows: byFirst(JSON.parse(record.json) as Row[]) };
      return record;
    });
}

/** The stored products record as a map: product id → [name, image]. */
async function storedProducts(db: ShopDb): Promise<Map<number, [string, string]>> {
  const record = await db.derived.get('orders|products');
  return new Map((JSON.parse(String(record?.json ?? '[]')) as Array<[number, string, string]>).map(([id, name, image]) => [id, [name, image]]));
}

/** Notes what these orders' lines say of their products, in write order (the last one written wins). */
function noteProducts(products: Map<number, [string, string]>, orders: readonly Order[]): void {
  for (const order of orders) for (const item of order.items) products.set(item.id, [item.name, item.image]);
}

let dbNumber = 0;

describe('OrderStore keeps the stored aggregates current', () => {
  it('after random writes (a failed one too), the records equal a build from the blocks, and a restarted worker reads the same figures', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(storeCommandArb, { minLength: 1, maxLength: 12 }), fc.integer({ min: 0, max: DAYS }), fc.integer({ min: 0, max: DAYS }), async (commands, a, b) => {
        const indexedDB = new IDBFactory();
        const name = `aggregates-${dbNumber++}`;
        const db = new ShopDb(name, { indexedDB, IDBKeyRange });
        const store = new OrderStore(db);
        const [fromDay, toDay] = [FIRST_DAY + Math.min(a, b), FIRST_DAY + Math.max(a, b)];
        const read = (s: OrderStore, key: string) => s.aggregate(key, [fromDay, toDay], (totals) => figures(totals, fromDay, toDay));
        // Read once first, so that the cache of months is in use while the writes come.
        await read(store, 'first');
        const model = new Map<number, Order>(seedOrders.map((o) => [o.id, o]));
        const products = new Map<number, [string, string]>();
        noteProducts(products, [...seedOrders].sort((x, y) => x.id - y.id));
        let trashed: Order[] = [];
        const ids = () => [...model.keys()];
        const pick = (n: number) => ids()[n % ids().length]!;
        for (const command of commands) {
          if (command.kind === 'insert') {
            const orders = command.orders.map((o) => {
              const { id: _id, ...rest } = makeOrder(1, o);
              return rest;
            });
            const copies = structuredClone(orders);
            const { firstId } = await store.insertMany(orders);
            copies.forEach((o, i) => model.set(firstId + i, { ...o, id: firstId + i }));
            noteProducts(products, copies.map((o, i) => ({ ...o, id: firstId + i })));
          } else if (model.size === 0 || command.kind === 'putBack') {
            if (trashed.length === 0) continue;
            const back = trashed;
            trashed = [];
            await store.putBack([], async () => back, () => new Error('taken'));
            for (const o of back) model.set(o.id, o);
            noteProducts(products, back);
          } else if (command.kind === 'update') {
            const id = pick(command.pick);
            const next = await store.update(id, () => makeOrder(id, command.order));
            model.set(id, next!);
            noteProducts(products, [next!]);
          } else if (command.kind === 'updateMany') {
            const updated = await store.updateMany(command.picks.map(pick), (o) => ({ ...o, status: command.status }), () => new Error('missing'));
            for (const o of updated) model.set(o.id, o);
            noteProducts(products, updated);
          } else if (command.kind === 'remove') {
            const removed = await store.remove(pick(command.pick));
            model.delete(removed!.id);
            trashed.push(removed!);
          } else if (command.kind === 'removeMany') {
            const removed = await store.removeMany(command.picks.map(pick), () => new Error('missing'), { tables: [], write: async () => undefined });
            for (const o of removed) model.delete(o.id);
            trashed.push(...removed);
          } else {
            // A delete whose transaction fails after the aggregates were written: nothing changes.
            const failing = store.removeMany([pick(command.pick)], () => new Error('missing'), {
              tables: [],
              write: async () => {
                throw new Error('the trash is full');
              },
            });
            await expect(failing).rejects.toThrow('the trash is full');
          }
        }
        const orders = [...model.values()].sort((x, y) => x.id - y.id);
        expect((await db.orderBlocks.toArray()).flatMap(decodeBlock)).toEqual(orders);
        expect(await storedRecords(db)).toEqual(recordsCanonical(orderAggregateRecords(orders)));
        expect(await storedProducts(db)).toEqual(products);
        const expected = reference(orders, fromDay, toDay);
        expect(await read(store, 'after')).toEqual(expected);
        const restarted = new OrderStore(new ShopDb(name, { indexedDB, IDBKeyRange }));
        expect(await read(restarted, 'restarted')).toEqual(expected);
        db.close();
      }),
      { numRuns: 15 },
    );
  });

  it('an account without the records gets them built from the blocks on the first read; writes before it leave them alone', async () => {
    const indexedDB = new IDBFactory();
    const db = new ShopDb('aggregates-upgrade', { indexedDB, IDBKeyRange });
    // As an account from before the records existed: none of them. (Customer 99 has no sample order.)
    await db.derived.clear();
    const store = new OrderStore(db);
    const order = makeOrder(1, { day: 3, hour: 1, customer: 99, status: 'new', payment: 'Paypal', items: [{ id: 1, quantity: 2, cents: 500, name: 'A' }] });
    const { id: _id, ...draft } = order;
    const { firstId } = await store.insertMany([draft]);
    expect(await db.derived.count()).toBe(0);
    const day = FIRST_DAY + 3;
    const window = (s: OrderStore) => s.aggregate('w', [day, day + 1], (totals) => figures(totals, day, day + 1));
    expect(await window(store)).toEqual({ orders: 1, cents: 1000, customers: 1, newCustomers: 1, returningCustomers: 0, quantity: 2, latest: [firstId] });
    const all = [...seedOrders, { ...order, id: firstId }].sort((x, y) => x.id - y.id);
    expect(await storedRecords(db)).toEqual(recordsCanonical(orderAggregateRecords(all)));
    // From then on, writes keep them.
    await store.remove(firstId);
    expect(await window(new OrderStore(new ShopDb('aggregates-upgrade', { indexedDB, IDBKeyRange })))).toEqual({
      orders: 0,
      cents: 0,
      customers: 0,
      newCustomers: 0,
      returningCustomers: 0,
      quantity: 0,
      latest: [],
    });
    db.close();
  });

  it('a new database holds the records of its sample orders', async () => {
    const db = new ShopDb('aggregates-seed', { indexedDB: new IDBFactory(), IDBKeyRange });
    expect(await storedRecords(db)).toEqual(recordsCanonical(orderAggregateRecords(seedOrders)));
    expect(await db.derived.get('orders|state')).toEqual({ key: 'orders|state', version: 1 });
    db.close();
  });
});
