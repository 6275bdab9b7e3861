import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { ShopDb } from '../../sw/api/storage/db';
import { OrderStore } from '../../sw/api/storage/order-store';
import { DAY_MS, OrderAggregates } from '../../sw/api/orders/order-aggregates';
import { seedOrders } from '../../seed/orders';
import type { Order } from '../../sw/api/schema/order';

const STATUSES = ['delivered', 'shipping', 'new', 'pending', 'return'] as const;
const METHODS = ['Credit Card', 'Paypal', 'Visa Card', 'Master Card'] as const;
// Ten days around 2030-06-01 (few, so days, customers and products collide often).
const FIRST_DAY = Date.parse('2030-06-01T00:00:00.000Z') / DAY_MS;

const orderArb = fc.record({
  day: fc.integer({ min: 0, max: 9 }),
  hour: fc.integer({ min: 0, max: 23 }),
  customer: fc.integer({ min: 1, max: 4 }),
  status: fc.constantFrom(...STATUSES),
  payment: fc.constantFrom(...METHODS),
  items: fc.array(fc.record({ id: fc.integer({ min: 1, max: 3 }), quantity: fc.integer({ min: 1, max: 5 }), cents: fc.integer({ min: 1, max: 10_000 }) }), { minLength: 1, maxLength: 3 }),
});
type OrderShape = typeof orderArb extends fc.Arbitrary<infer T> ? T : never;

function makeOrder(id: number, o: OrderShape): Order {
  const items = o.items.map((item) => ({ id: item.id, name: `P${item.id}`, image: `/p${item.id}.svg`, price: item.cents / 100, quantity: item.quantity }));
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

const fresh = (orders: Iterable<Order>): OrderAggregates => {
  const aggregates = new OrderAggregates();
  for (const order of orders) aggregates.put(order);
  return aggregates;
};

/** A window's figures worked out plainly from the orders (no aggregate). */
function reference(orders: readonly Order[], fromDay: number, toDay: number) {
  const dayOf = (o: Order) => Math.floor(Date.parse(o.createAt) / DAY_MS);
  const inside = orders.filter((o) => dayOf(o) >= fromDay && dayOf(o) < toDay);
  const first = new Map<number, number>();
  for (const o of orders) first.set(o.customer.id, Math.min(first.get(o.customer.id) ?? Infinity, dayOf(o)));
  const customers = new Set(inside.map((o) => o.customer.id));
  return {
    orders: inside.length,
    cents: inside.reduce((sum, o) => sum + Math.round(o.totalAmount * 100), 0),
    customers: customers.size,
    newCustomers: [...first.values()].filter((d) => d >= fromDay && d < toDay).length,
    returningCustomers: [...customers].filter((c) => first.get(c)! < fromDay).length,
    quantity: inside.flatMap((o) => o.items).reduce((sum, item) => sum + item.quantity, 0),
  };
}

function figures(aggregates: OrderAggregates, fromDay: number, toDay: number) {
  const w = aggregates.window(fromDay, toDay);
  return {
    orders: w.orders,
    cents: w.cents,
    customers: w.customers.size,
    newCustomers: w.newCustomers,
    returningCustomers: w.returningCustomers,
    quantity: [...w.products.values()].reduce((sum, p) => sum + p.quantity, 0),
  };
}

const commandArb = fc.oneof(
  fc.record({ kind: fc.constant('put' as const), id: fc.integer({ min: 1, max: 12 }), order: orderArb }),
  fc.record({ kind: fc.constant('remove' as const), id: fc.integer({ min: 1, max: 12 }) }),
);

describe('OrderAggregates', () => {
  it('after any sequence of puts and removes, equal a fresh count of the orders left, and a plain recount of any window', () => {
    fc.assert(
      fc.property(fc.array(commandArb, { maxLength: 60 }), fc.integer({ min: 0, max: 10 }), fc.integer({ min: 0, max: 10 }), (commands, a, b) => {
        const aggregates = new OrderAggregates();
        const model = new Map<number, Order>();
        for (const command of commands) {
          if (command.kind === 'put') {
            const order = makeOrder(command.id, command.order);
            model.set(order.id, order);
            aggregates.put(order);
          } else {
            model.delete(command.id);
            aggregates.remove(command.id);
          }
        }
        expect(aggregates.snapshot()).toEqual(fresh(model.values()).snapshot());
        const [fromDay, toDay] = [FIRST_DAY + Math.min(a, b), FIRST_DAY + Math.max(a, b)];
        expect(figures(aggregates, fromDay, toDay)).toEqual(reference([...model.values()], fromDay, toDay));
        expect(aggregates.sum(fromDay, toDay)).toEqual({ orders: figures(aggregates, fromDay, toDay).orders, cents: figures(aggregates, fromDay, toDay).cents });
      }),
      { numRuns: 300 },
    );
  });

  it('an order whose date does not parse counts nowhere', () => {
    const aggregates = new OrderAggregates();
    aggregates.put({ ...seedOrders[0]!, createAt: 'not a date' });
    expect(aggregates.size).toBe(0);
    expect(aggregates.snapshot()).toEqual(new OrderAggregates().snapshot());
  });
});

const storeCommandArb = fc.oneof(
  fc.record({ kind: fc.constant('insert' as const), orders: fc.array(orderArb, { minLength: 1, maxLength: 120 }) }),
  fc.record({ kind: fc.constant('update' as const), pick: fc.nat(), order: orderArb }),
  fc.record({ kind: fc.constant('updateMany' as const), picks: fc.array(fc.nat(), { minLength: 1, maxLength: 5 }), status: fc.constantFrom(...STATUSES) }),
  fc.record({ kind: fc.constant('remove' as const), pick: fc.nat() }),
  fc.record({ kind: fc.constant('removeMany' as const), picks: fc.array(fc.nat(), { minLength: 1, maxLength: 5 }) }),
  fc.record({ kind: fc.constant('putBack' as const) }),
);

let dbNumber = 0;

describe('OrderStore keeps its aggregates current', () => {
  it('after random writes, its aggregates equal those a restarted worker builds from the blocks', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(storeCommandArb, { minLength: 1, maxLength: 12 }), async (commands) => {
        const indexedDB = new IDBFactory();
        const name = `aggregates-${dbNumber++}`;
        const db = new ShopDb(name, { indexedDB, IDBKeyRange });
        const store = new OrderStore(db);
        // Built first, so that every write below goes through `committed`.
        await store.aggregate('first', (a) => a.size);
        const model = new Map<number, Order>(seedOrders.map((o) => [o.id, o]));
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
          } else if (model.size === 0 || command.kind === 'putBack') {
            if (trashed.length === 0) continue;
            const back = trashed;
            trashed = [];
            await store.putBack([], async () => back, () => new Error('taken'));
            for (const o of back) model.set(o.id, o);
          } else if (command.kind === 'update') {
            const id = pick(command.pick);
            const next = await store.update(id, () => makeOrder(id, command.order));
            model.set(id, next!);
          } else if (command.kind === 'updateMany') {
            const updated = await store.updateMany(command.picks.map(pick), (o) => ({ ...o, status: command.status }), () => new Error('missing'));
            for (const o of updated) model.set(o.id, o);
          } else if (command.kind === 'remove') {
            const removed = await store.remove(pick(command.pick));
            model.delete(removed!.id);
            trashed.push(removed!);
          } else {
            const removed = await store.removeMany(command.picks.map(pick), () => new Error('missing'), { tables: [], write: async () => undefined });
            for (const o of removed) model.delete(o.id);
            trashed.push(...removed);
          }
        }
        const kept = await store.aggregate('snapshot', (a) => a.snapshot());
        expect(kept).toEqual(fresh(model.values()).snapshot());
        const restarted = new OrderStore(new ShopDb(name, { indexedDB, IDBKeyRange }));
        expect(await restarted.aggregate('snapshot', (a) => a.snapshot())).toEqual(kept);
        db.close();
      }),
      { numRuns: 15 },
    );
  });
});
