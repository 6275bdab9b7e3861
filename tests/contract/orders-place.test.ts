import { describe, it, expect, beforeEach } from 'vitest';
import { createTestApi } from './support/harness';
import { seedOrders } from '../../seed/orders';
import { seedProducts } from '../../seed/products';
import { seedUsers } from '../../seed/users';
import { byId, expectError, expectFieldError, expectNow, freezeClock } from './support/helpers';

/*
 * `POST /api/orders`: an order placed for a customer, by the rule the shop server applies
 * (domain/writes/place-order.ts): the customer and each line from the stored records, status new.
 */

let api: ReturnType<typeof createTestApi>;
beforeEach(() => {
  api = createTestApi();
});

const payment = { paymentMethod: 'Paypal', cardNumber: '**** 4242' };
const customer = byId(seedUsers, 1);
const soldOut = seedProducts.find((product) => product.status === 'published' && product.stock === 0)!;
const draft = seedProducts.find((product) => product.status === 'draft')!;

describe('POST /api/orders (place an order)', () => {
  freezeClock();

  it('201 { order }: the customer from their record, each line from its product (its discount off), status new, the next number', async () => {
    const res = await api.call('POST', '/api/orders', { customerId: customer.id, items: [{ productId: 1, quantity: 2 }, { productId: 3, quantity: 1 }], payment });
    expect(res.status).toBe(201);
    const order = res.body.order;
    const one = byId(seedProducts, 1);
    const three = byId(seedProducts, 3);
    expect(order).toMatchObject({
      id: Math.max(...seedOrders.map((o) => o.id)) + 1,
      invoiceId: `#IN${String(seedOrders.length + 1).padStart(4, '0')}`,
      status: 'new',
      deliveredAt: null,
      customer: { id: customer.id, name: customer.name, email: customer.email, phone: customer.phone },
      billing: customer.address,
      shipping: customer.address,
      payment: { id: order.id, ...payment },
      items: [
        { id: 1, name: one.title, image: one.featureImage, price: Math.round(one.price * 100 * (1 - one.discount / 100)) / 100, quantity: 2 },
        { id: 3, name: three.title, image: three.featureImage, price: three.price, quantity: 1 },
      ],
      statusHistory: [{ step: 'placed', at: expect.any(String) }],
    });
    expectNow(order.createAt);
    expect(order.subTotalAmount).toBeCloseTo(order.items[0].price * 2 + order.items[1].price, 2);
    expect((await api.call('GET', `/api/orders?id=${order.id}`)).body.order).toEqual(order);
    expect((await api.call('GET', '/api/orders')).body.meta.total).toBe(seedOrders.length + 1);
    expect(api.changes).toContain('orders');
    // The next one takes the next number; stock is not moved.
    const next = await api.call('POST', '/api/orders', { customerId: customer.id, items: [{ productId: 1, quantity: 1 }], payment, billing: 'Elsewhere 1' });
    expect(next.body.order).toMatchObject({ id: order.id + 1, invoiceId: `#IN${String(seedOrders.length + 2).padStart(4, '0')}`, billing: 'Elsewhere 1', shipping: customer.address });
    expect((await api.call('GET', '/api/products?id=1')).body.product.stock).toBe(one.stock);
  });

  it('409 for a product not for sale (a draft, or none) and for more than its stock; nothing is stored', async () => {
    expectError(await api.call('POST', '/api/orders', { customerId: 1, items: [{ productId: draft.id, quantity: 1 }], payment }), 409, `Product ${draft.id} is not for sale`);
    expectError(await api.call('POST', '/api/orders', { customerId: 1, items: [{ productId: 99999, quantity: 1 }], payment }), 409, 'Product 99999 is not for sale');
    expectError(await api.call('POST', '/api/orders', { customerId: 1, items: [{ productId: soldOut.id, quantity: 1 }], payment }), 409, `Not enough of "${soldOut.title}" in stock for 1`);
    expect((await api.call('GET', '/api/orders')).body.meta.total).toBe(seedOrders.length);
  });

  it('400 for an unknown customer, a malformed body, a product named twice', async () => {
    expectFieldError(await api.call('POST', '/api/orders', { customerId: 99999, items: [{ productId: 1, quantity: 1 }], payment }), 'customerId');
    expectFieldError(await api.call('POST', '/api/orders', { customerId: 1, items: [], payment }), 'items');
    expectFieldError(await api.call('POST', '/api/orders', { customerId: 1, items: [{ productId: 1, quantity: 0 }], payment }), 'items.0.quantity');
    expectFieldError(await api.call('POST', '/api/orders', { customerId: 1, items: [{ productId: 1, quantity: 1 }, { productId: 1, quantity: 2 }], payment }), 'items.1.productId');
    expectFieldError(await api.call('POST', '/api/orders', { customerId: 1, items: [{ productId: 1, quantity: 1 }], payment, status: 'delivered' }), 'status');
    expect((await api.call('GET', '/api/orders')).body.meta.total).toBe(seedOrders.length);
  });
});
