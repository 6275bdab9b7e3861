import { describe, it, expect, beforeEach } from 'vitest';
import { createTestApi } from './support/harness';
import { seedOrders } from '../../seed/orders';
import type { Order } from '../../domain/schema/order';
import { NOW, byId, expectError, expectNow, expectedMeta, freezeClock, matchesText, newestFirst, pageOf, qs, round2 } from './support/helpers';

const sorted = newestFirst(seedOrders, (o) => o.createAt);
const searchFields = (o: Order) => [o.invoiceId, o.customer.name];

let api: ReturnType<typeof createTestApi>;
beforeEach(() => {
  api = createTestApi();
});

async function orderCount(): Promise<number> {
  return (await api.call('GET', '/api/orders')).body.meta.total;
}
async function getOrder(id: number) {
  return (await api.call('GET', `/api/orders?id=${id}`)).body.order;
}

describe('GET /api/orders (list)', () => {
  it('answers page 1 by default: the 10 newest orders by createAt, with meta', async () => {
    const res = await api.call('GET', '/api/orders');
    expect(res.status).toBe(200);
    expect(res.body.orders).toEqual(pageOf(sorted, 1));
    expect(res.body.meta).toEqual(expectedMeta(1, seedOrders.length));
    expect(res.body.meta.total).toBe(15);
  });

  it('page 2 holds the rest', async () => {
    const res = await api.call('GET', '/api/orders?page=2');
    expect(res.body.orders).toEqual(pageOf(sorted, 2));
    expect(res.body.orders).toHaveLength(seedOrders.length - 10);
    expect(res.body.meta).toEqual(expectedMeta(2, seedOrders.length));
  });

  it('a page beyond the end is an empty list with correct meta', async () => {
    const res = await api.call('GET', '/api/orders?page=5');
    expect(res.status).toBe(200);
    expect(res.body.orders).toEqual([]);
    expect(res.body.meta).toEqual(expectedMeta(5, seedOrders.length));
  });

  const searches: Array<[string, string]> = [
    ['invoiceId', '#in0003'],
    ['invoiceId, partial', 'IN001'],
    ['customer name', 'AMELIA'],
    ['customer name, partial', 'lin ch'],
  ];
  for (const [field, term] of searches) {
    it(`search is a case-insensitive substring match (${field}: ${term})`, async () => {
      const expected = sorted.filter((o) => matchesText(term, searchFields(o)));
      expect(expected.length).toBeGreaterThan(0);
      const res = await api.call('GET', `/api/orders${qs({ search: term })}`);
      expect(res.status).toBe(200);
      expect(res.body.orders).toEqual(pageOf(expected, 1));
      expect(res.body.meta).toEqual(expectedMeta(1, expected.length));
    });
  }

  it('search does not match on other fields (customer email)', async () => {
    const res = await api.call('GET', `/api/orders${qs({ search: byId(seedOrders, 1).customer.email })}`);
    expect(res.status).toBe(200);
    expect(res.body.orders).toEqual([]);
    expect(res.body.meta.total).toBe(0);
  });

  for (const status of ['delivered', 'shipping', 'new', 'pending', 'return']) {
    it(`status=${status} filters on the lowercase value`, async () => {
      const expected = sorted.filter((o) => o.status === status);
      expect(expected.length).toBeGreaterThan(0);
      const res = await api.call('GET', `/api/orders${qs({ status })}`);
      expect(res.body.orders).toEqual(pageOf(expected, 1));
      expect(res.body.meta).toEqual(expectedMeta(1, expected.length));
    });
  }

  it('status is accepted case-insensitively', async () => {
    const res = await api.call('GET', '/api/orders?status=Shipping');
    expect(res.status).toBe(200);
    expect(res.body.orders).toEqual(sorted.filter((o) => o.status === 'shipping'));
  });

  it("status 'all' or empty means no filter", async () => {
    for (const status of ['all', '']) {
      const res = await api.call('GET', `/api/orders${qs({ status })}`);
      expect(res.body.orders).toEqual(pageOf(sorted, 1));
      expect(res.body.meta.total).toBe(seedOrders.length);
    }
  });

  it('an unknown status is a 400 naming status', async () => {
    const res = await api.call('GET', '/api/orders?status=cancelled');
    expectError(res, 400);
    expect(res.body.message).toContain('status');
  });

  it('payment filters on the exact method', async () => {
    const expected = sorted.filter((o) => o.payment.paymentMethod === 'Paypal');
    expect(expected.length).toBeGreaterThan(0);
    const res = await api.call('GET', `/api/orders${qs({ payment: 'Paypal' })}`);
    expect(res.status).toBe(200);
    expect(res.body.orders).toEqual(expected);
    expect(res.body.meta).toEqual(expectedMeta(1, expected.length));
  });

  it('payment with a space in the method works', async () => {
    const expected = sorted.filter((o) => o.payment.paymentMethod === 'Credit Card');
    const res = await api.call('GET', `/api/orders${qs({ payment: 'Credit Card' })}`);
    expect(res.body.orders).toEqual(expected);
  });

  it('an unknown payment method is a 400', async () => {
    expectError(await api.call('GET', `/api/orders${qs({ payment: 'Bitcoin' })}`), 400);
  });

  it('status, payment and search combine', async () => {
    const byStatusAndPayment = sorted.filter((o) => o.status === 'delivered' && o.payment.paymentMethod === 'Credit Card');
    expect(byStatusAndPayment.length).toBeGreaterThan(1);
    const res = await api.call('GET', `/api/orders${qs({ status: 'delivered', payment: 'Credit Card' })}`);
    expect(res.body.orders).toEqual(byStatusAndPayment);
    expect(res.body.meta.total).toBe(byStatusAndPayment.length);

    const term = byStatusAndPayment[0]?.customer.name ?? '';
    const expected = byStatusAndPayment.filter((o) => matchesText(term, searchFields(o)));
    expect(expected.length).toBeLessThan(byStatusAndPayment.length);
    const narrowed = await api.call('GET', `/api/orders${qs({ status: 'delivered', payment: 'Credit Card', search: term.toUpperCase() })}`);
    expect(narrowed.body.orders).toEqual(expected);
    expect(narrowed.body.meta).toEqual(expectedMeta(1, expected.length));
  });

  it('search combines with paging', async () => {
    const expected = sorted.filter((o) => matchesText('#IN', searchFields(o)));
    expect(expected.length).toBeGreaterThan(10);
    const res = await api.call('GET', `/api/orders${qs({ search: '#in', page: 2 })}`);
    expect(res.body.orders).toEqual(pageOf(expected, 2));
    expect(res.body.meta).toEqual(expectedMeta(2, expected.length));
  });
});

describe('GET /api/orders?id=', () => {
  it('answers {order} for a known id', async () => {
    const res = await api.call('GET', '/api/orders?id=4');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ order: byId(seedOrders, 4) });
  });

  it('answers 200 {order:false} for an unknown id', async () => {
    const res = await api.call('GET', '/api/orders?id=999');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ order: false });
  });

  it("a non-numeric id is a 400 starting 'Invalid request'", async () => {
    expectError(await api.call('GET', '/api/orders?id=abc'), 400, /^Invalid request/);
  });
});

describe('PATCH /api/orders', () => {
  freezeClock();

  it('merges the supplied fields into the order and returns {order}; the status change is appended to its history', async () => {
    const before = byId(seedOrders, 13);
    expect(before.status).toBe('new');
    const res = await api.call('PATCH', '/api/orders?id=13', { status: 'shipping' });
    expect(res.status).toBe(200);
    const after = { ...before, status: 'shipping', statusHistory: [...before.statusHistory!, { step: 'shipped', at: NOW }] };
    expect(res.body).toEqual({ order: after });
    expect(api.changes).toEqual(['orders']);
    expect(await getOrder(13)).toEqual(after);
  });

  it('recomputes subTotalAmount and totalAmount when items change', async () => {
    const before = byId(seedOrders, 1);
    const items = [
      { id: 1, name: 'Classic Denim Jacket', image: '/images/products/product-01.svg', price: 10.5, quantity: 3 },
      { id: 5, name: 'Leather Card Wallet', image: '/images/products/product-05.svg', price: 4.25, quantity: 2 },
    ];
    const res = await api.call('PATCH', '/api/orders?id=1', { items });
    expect(res.status).toBe(200);
    const subTotal = round2(items.reduce((sum, i) => sum + i.price * i.quantity, 0));
    const total = round2(subTotal + before.taxAmount + before.shippingChargeAmount - before.discountAmount);
    expect(res.body.order.items).toEqual(items);
    expect(res.body.order.subTotalAmount).toBeCloseTo(subTotal, 2);
    expect(res.body.order.totalAmount).toBeCloseTo(total, 2);
    expect(res.body.order.subTotalAmount).not.toBeCloseTo(before.subTotalAmount, 2);
    // Fields not in the patch stay as they were.
    expect(res.body.order).toMatchObject({
      status: before.status,
      customer: before.customer,
      invoiceId: before.invoiceId,
      createAt: before.createAt,
      taxAmount: before.taxAmount,
    });
    expect(await getOrder(1)).toEqual(res.body.order);
  });

  it('recomputes totalAmount when a charge changes', async () => {
    const before = byId(seedOrders, 2);
    const res = await api.call('PATCH', '/api/orders?id=2', { shippingChargeAmount: 25 });
    expect(res.status).toBe(200);
    expect(res.body.order.subTotalAmount).toBeCloseTo(before.subTotalAmount, 2);
    expect(res.body.order.totalAmount).toBeCloseTo(
      round2(before.subTotalAmount + before.taxAmount + 25 - before.discountAmount),
      2,
    );
  });

  const rejected: Array<[string, Record<string, unknown>]> = [
    ['a client-sent totalAmount', { totalAmount: 1 }],
    ['a client-sent subTotalAmount', { subTotalAmount: 1 }],
    ['a client-sent id', { id: 2 }],
    ['an unknown key', { colour: 'red' }],
  ];
  for (const [what, body] of rejected) {
    it(`${what} is a 400, and nothing changes`, async () => {
      expectError(await api.call('PATCH', '/api/orders?id=1', { status: 'pending', ...body }), 400);
      expect(api.changes).toEqual([]);
      expect(await getOrder(1)).toEqual(byId(seedOrders, 1));
    });
  }

  it("status 'delivered' on a non-delivered order sets deliveredAt", async () => {
    const before = byId(seedOrders, 8);
    expect(before.status).not.toBe('delivered');
    expect(before.deliveredAt).toBeNull();
    const res = await api.call('PATCH', '/api/orders?id=8', { status: 'delivered' });
    expect(res.status).toBe(200);
    expect(res.body.order.status).toBe('delivered');
    expectNow(res.body.order.deliveredAt);
    expect((await getOrder(8)).deliveredAt).toBe(res.body.order.deliveredAt);
  });

  it("status 'delivered' on an already delivered order keeps its deliveredAt", async () => {
    const before = byId(seedOrders, 1);
    const res = await api.call('PATCH', '/api/orders?id=1', { status: 'delivered' });
    expect(res.status).toBe(200);
    expect(res.body.order.deliveredAt).toBe(before.deliveredAt);
  });

  it("an unknown id is 404 'Order not found'", async () => {
    expectError(await api.call('PATCH', '/api/orders?id=999', { status: 'shipping' }), 404, 'Order not found');
    expect(api.changes).toEqual([]);
    expect(await orderCount()).toBe(15);
  });

  it("without the id param is 400 'Invalid request'", async () => {
    expectError(await api.call('PATCH', '/api/orders', { status: 'shipping' }), 400, 'Invalid request');
    expect(api.changes).toEqual([]);
  });

  it("without a body is 400 'Invalid request'", async () => {
    expectError(await api.call('PATCH', '/api/orders?id=1'), 400, 'Invalid request');
    expect(api.changes).toEqual([]);
    expect(await getOrder(1)).toEqual(byId(seedOrders, 1));
  });

  it('an invalid status is a 400 naming status, and nothing changes', async () => {
    const res = await api.call('PATCH', '/api/orders?id=1', { status: 'lost' });
    expectError(res, 400);
    expect(res.body.message).toContain('status');
    expect(api.changes).toEqual([]);
    expect(await getOrder(1)).toEqual(byId(seedOrders, 1));
  });
});

describe('DELETE /api/orders', () => {
  it('removes the order and returns {order}', async () => {
    const res = await api.call('DELETE', '/api/orders?id=6');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ order: byId(seedOrders, 6) });
    expect(api.changes).toEqual(['orders']);
    expect(await getOrder(6)).toBe(false);
    expect(await orderCount()).toBe(14);
  });

  it("an unknown id is 404 'Order not found'", async () => {
    expectError(await api.call('DELETE', '/api/orders?id=999'), 404, 'Order not found');
    expect(api.changes).toEqual([]);
    expect(await orderCount()).toBe(15);
  });

  it("without the id param is 400 'Invalid request'", async () => {
    expectError(await api.call('DELETE', '/api/orders'), 400, 'Invalid request');
    expect(api.changes).toEqual([]);
    expect(await orderCount()).toBe(15);
  });
});

describe('order lookups', () => {
  for (const path of ['/api/orders/statues', '/api/orders/statuses']) {
    it(`GET ${path} lists the order status options`, async () => {
      const res = await api.call('GET', path);
      expect(res.status).toBe(200);
      expect(res.body.map((o: { value: string }) => o.value)).toEqual(['delivered', 'shipping', 'new', 'pending', 'return']);
      for (const option of res.body) {
        expect(Object.keys(option).sort()).toEqual(['id', 'title', 'value']);
      }
    });
  }

  it('GET /api/orders/payment-methods lists the 4 methods', async () => {
    const res = await api.call('GET', '/api/orders/payment-methods');
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(4);
    expect(res.body.map((o: { title: string }) => o.title)).toEqual(['Credit Card', 'Paypal', 'Visa Card', 'Master Card']);
    for (const option of res.body) {
      expect(Object.keys(option).sort()).toEqual(['id', 'title', 'value']);
    }
  });

  const cardStatus: Record<string, Order['status'] | null> = {
    'Total Orders': null,
    'New Orders': 'new',
    'Pending Orders': 'pending',
    'Shipping Orders': 'shipping',
    'Delivered Orders': 'delivered',
    'Cancelled Orders': 'return',
  };
  const countOf = (orders: readonly Order[], status: Order['status'] | null) =>
    status === null ? orders.length : orders.filter((o) => o.status === status).length;

  it('GET /api/orders/histories answers the 6 summary cards, counted from the data', async () => {
    const res = await api.call('GET', '/api/orders/histories');
    expect(res.status).toBe(200);
    expect(res.body.map((c: { title: string }) => c.title)).toEqual(Object.keys(cardStatus));
    for (const card of res.body) {
      expect(Object.keys(card).sort()).toEqual(['color', 'icon', 'id', 'title', 'totalOrder']);
      expect(card.totalOrder).toBe(countOf(seedOrders, cardStatus[card.title] ?? null));
    }
    expect(res.body[0].totalOrder).toBe(15);
    expect(res.body[5].totalOrder).toBe(seedOrders.filter((o) => o.status === 'return').length);
    expect(res.body[5].totalOrder).toBeGreaterThan(0);
  });

  it('the summary counts follow writes', async () => {
    const target = sorted.find((o) => o.status === 'new');
    expect(target).toBeDefined();
    await api.call('PATCH', `/api/orders?id=${target?.id}`, { status: 'shipping' });
    await api.call('DELETE', `/api/orders?id=${sorted.find((o) => o.status === 'return')?.id}`);
    const res = await api.call('GET', '/api/orders/histories');
    const count = (title: string) => res.body.find((c: { title: string }) => c.title === title).totalOrder;
    expect(count('Total Orders')).toBe(14);
    expect(count('New Orders')).toBe(countOf(seedOrders, 'new') - 1);
    expect(count('Shipping Orders')).toBe(countOf(seedOrders, 'shipping') + 1);
    expect(count('Cancelled Orders')).toBe(countOf(seedOrders, 'return') - 1);
    expect(count('Delivered Orders')).toBe(countOf(seedOrders, 'delivered'));
  });

});
