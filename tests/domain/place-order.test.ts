import { describe, expect, it } from 'vitest';
import type { Mutation, MutationContext, ShopRecord } from '../../domain/sync/mutation';
import { mutationRole } from '../../domain/sync/apply-mutation';
import { seedProducts } from '../../seed/products';
import { seedReviews } from '../../seed/reviews';
import { seedUsers } from '../../seed/users';
import { orderLine } from '../../domain/writes/place-order';
import type { Product } from '../../domain/schema/product';
import { applyAndCommit, memoryShop, refusalOf } from './support/memory-shop';

/* The two writes added for customers: placing an order (POST /api/orders) and editing a review (PUT /api/reviews). */

const NOW = '2026-11-26T12:00:00.000Z';
const ctx: MutationContext = { now: NOW, caller: { uid: 'uid-a', email: 'a@example.com', name: 'Ada', picture: null } };
const shop = () => memoryShop({ users: seedUsers as unknown as ShopRecord[], products: seedProducts as unknown as ShopRecord[], reviews: seedReviews as unknown as ShopRecord[] });
const mutation = (name: string, body: unknown, query: Record<string, string> = {}): Mutation => ({ id: 1, name, query, body });
const payment = { paymentMethod: 'Paypal', cardNumber: '**** 4242' };

describe('POST /api/orders', () => {
  it('makes the order from the customer record and the products as they are: discounted prices, status new, placed now', async () => {
    const product = seedProducts.find((p) => p.status === 'published' && p.discount > 0 && p.stock >= 2)!;
    const customer = seedUsers[0]!;
    const { status, answer, created } = await applyAndCommit(shop(), mutation('POST /api/orders', { customerId: customer.id, items: [{ productId: product.id, quantity: 2 }], payment }), ctx);
    expect(status).toBe(201);
    const price = Math.round(product.price * 100 * (1 - product.discount / 100)) / 100;
    expect((answer as { order: unknown }).order).toMatchObject({
      id: created[0]!.id,
      invoiceId: expect.stringMatching(/^#IN\d{4,}$/),
      status: 'new',
      createAt: NOW,
      customer: { id: customer.id, name: customer.name, email: customer.email, phone: customer.phone },
      shipping: customer.address,
      items: [{ id: product.id, name: product.title, price, quantity: 2 }],
      subTotalAmount: Math.round(price * 200) / 100,
      statusHistory: [{ step: 'placed', at: NOW }],
    });
    expect(mutationRole('POST /api/orders')).toBe('staff');
  });

  it('refuses a draft or unknown product alike, more than the stock, a product twice, an unknown customer', async () => {
    const draft = seedProducts.find((p) => p.status === 'draft')!;
    const published = seedProducts.find((p) => p.status === 'published')!;
    const place = (items: unknown, customerId = 1) => refusalOf(shop(), mutation('POST /api/orders', { customerId, items, payment }), ctx);
    expect(await place([{ productId: draft.id, quantity: 1 }])).toMatchObject({ status: 409, message: `Product ${draft.id} is not for sale` });
    expect(await place([{ productId: 99999, quantity: 1 }])).toMatchObject({ status: 409, message: 'Product 99999 is not for sale' });
    expect(await place([{ productId: published.id, quantity: published.stock + 1 }])).toMatchObject({ status: 409, message: expect.stringMatching(/Not enough/) });
    expect(await place([{ productId: published.id, quantity: 1 }, { productId: published.id, quantity: 1 }])).toMatchObject({ status: 400 });
    expect(await place([{ productId: published.id, quantity: 1 }], 99999)).toMatchObject({ status: 400, message: expect.stringMatching(/customerId: User not found/) });
    expect(await refusalOf(shop(), mutation('POST /api/orders', { items: [{ productId: published.id, quantity: 1 }], payment }), ctx)).toMatchObject({ status: 400 });
  });
});

describe('orderLine over a customer’s view of a product (no stock, inStock instead: scope.ts viewFor)', () => {
  const { stock: _stock, ...published } = seedProducts.find((p) => p.status === 'published' && p.stock > 0)!;
  it('refuses a product not in stock as the server would, and leaves the count of one in stock to the server', () => {
    expect(() => orderLine({ ...published, inStock: false } as unknown as Product, published.id, 1)).toThrow(`Not enough of "${published.title}" in stock for 1`);
    expect(orderLine({ ...published, inStock: true } as unknown as Product, published.id, 1000)).toMatchObject({ id: published.id, quantity: 1000 });
  });
});

describe('PUT /api/reviews', () => {
  it("edits a review's rating and text; the product's rating follows", async () => {
    const review = seedReviews[0]!;
    const memory = shop();
    const { answer } = await applyAndCommit(memory, mutation('PUT /api/reviews', { rating: 1, review: 'Changed my mind' }, { id: String(review.id) }), ctx);
    expect(answer).toMatchObject({ review: { id: review.id, rating: 1, review: 'Changed my mind', user: review.user }, product: { id: review.productId } });
    const reviews = memory.live('reviews').filter((r) => r.productId === review.productId) as unknown as Array<{ rating: number }>;
    const product = memory.live('products').find((p) => p.id === review.productId) as unknown as { rating: number; totalReviews: number };
    expect(product.totalReviews).toBe(reviews.length);
    expect(product.rating).toBeCloseTo(reviews.reduce((sum, r) => sum + r.rating, 0) / reviews.length, 1);
    expect(await refusalOf(memory, mutation('PUT /api/reviews', { rating: 1, review: 'x', productId: 3 }, { id: String(review.id) }), ctx)).toMatchObject({ status: 400 });
    expect(mutationRole('PUT /api/reviews')).toBe('admin');
  });
});
