import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { computeInvoiceTotals } from '../../domain/schema/invoice-totals';
import { computeOrderTotals } from '../../domain/orders/order-totals';
import { invoiceSchema, invoiceStatuses } from '../../domain/schema/invoice';
import { orderSchema, orderStatuses, paymentMethods } from '../../domain/schema/order';
import { productCategories, productColors, productSchema, productSizes } from '../../domain/schema/product';
import { reviewSchema } from '../../domain/schema/review';
import { userSchema, userStatuses } from '../../domain/schema/user';
import { defaultUserImage } from '../../seed/images';
import { seedInvoices } from '../../seed/invoices';
import {
  categoryOptions,
  colorOptions,
  orderStatusOptions,
  orderSummaryCardDefinitions,
  paymentMethodOptions,
  sizeOptions,
  userStatusOptions,
} from '../../seed/lookups';
import { monthLabels, monthlySeries } from '../../seed/monthly-series';
import { seedOrders } from '../../seed/orders';
import { seedProducts } from '../../seed/products';
import { seedReviews } from '../../seed/reviews';
import { seedUsers } from '../../seed/users';

const DAY_MS = 24 * 60 * 60 * 1000;
const RANGE_START = Date.parse('2025-12-01T00:00:00.000Z');
const RANGE_END = Date.parse('2026-11-15T23:59:59.999Z');

function round2(n: number): number {
  return Math.round(n * 100) / 100;
}

function expectUnique(values: readonly unknown[]): void {
  expect(new Set(values).size).toBe(values.length);
}

function expectInRange(iso: string): void {
  const t = Date.parse(iso);
  expect(t).toBeGreaterThanOrEqual(RANGE_START);
  expect(t).toBeLessThanOrEqual(RANGE_END);
}

function countBy<T>(items: readonly T[], key: (item: T) => string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const item of items) counts.set(key(item), (counts.get(key(item)) ?? 0) + 1);
  return counts;
}

function publicFile(urlPath: string): string {
  return fileURLToPath(new URL(`../../public${urlPath}`, import.meta.url));
}

const usersById = new Map(seedUsers.map((u) => [u.id, u]));
const productsById = new Map(seedProducts.map((p) => [p.id, p]));

describe('seed counts and ids', () => {
  it('has the expected number of records', () => {
    expect(seedUsers).toHaveLength(14);
    expect(seedProducts).toHaveLength(15);
    expect(seedOrders).toHaveLength(15);
    expect(seedInvoices).toHaveLength(19);
  });

  it('numbers users, products, orders and reviews 1..n', () => {
    const oneToN = (n: number): number[] => Array.from({ length: n }, (_, i) => i + 1);
    expect(seedUsers.map((u) => u.id)).toEqual(oneToN(14));
    expect(seedProducts.map((p) => p.id)).toEqual(oneToN(15));
    expect(seedOrders.map((o) => o.id)).toEqual(oneToN(15));
    expect(seedReviews.map((r) => r.id)).toEqual(oneToN(seedReviews.length));
  });

  it('has unique ids, emails, codes and invoice numbers', () => {
    expectUnique(seedUsers.map((u) => u.id));
    expectUnique(seedUsers.map((u) => u.email));
    expectUnique(seedProducts.map((p) => p.id));
    expectUnique(seedProducts.map((p) => p.code));
    expectUnique(seedReviews.map((r) => r.id));
    expectUnique(seedOrders.map((o) => o.id));
    expectUnique(seedOrders.map((o) => o.invoiceId));
    expectUnique(seedInvoices.map((i) => i.id));
  });

  it('numbers invoices INV-001..INV-019 and orders #IN0001..#IN0015', () => {
    expect(seedInvoices.map((i) => i.id)).toEqual(
      Array.from({ length: 19 }, (_, i) => `INV-${String(i + 1).padStart(3, '0')}`),
    );
    expect(seedOrders.map((o) => o.invoiceId)).toEqual(
      Array.from({ length: 15 }, (_, i) => `#IN${String(i + 1).padStart(4, '0')}`),
    );
  });
});

describe('seed records pass their schemas', () => {
  it('users', () => {
    for (const u of seedUsers) expect(userSchema.parse(u)).toEqual(u);
  });
  it('products', () => {
    for (const p of seedProducts) expect(productSchema.parse(p)).toEqual(p);
  });
  it('reviews', () => {
    for (const r of seedReviews) expect(reviewSchema.parse(r)).toEqual(r);
  });
  it('orders', () => {
    for (const o of seedOrders) expect(orderSchema.parse(o)).toEqual(o);
  });
  it('invoices', () => {
    for (const i of seedInvoices) expect(invoiceSchema.parse(i)).toEqual(i);
  });
});

describe('users', () => {
  it('spreads statuses and sign-up dates', () => {
    const counts = countBy(seedUsers, (u) => u.status);
    for (const status of userStatuses) expect(counts.get(status) ?? 0).toBeGreaterThanOrEqual(2);
    expectUnique(seedUsers.map((u) => u.createAt));
    for (const u of seedUsers) expectInRange(u.createAt);
  });
});

describe('products and reviews', () => {
  it('covers categories, drafts and stock-outs', () => {
    expect(new Set(seedProducts.map((p) => p.category)).size).toBeGreaterThanOrEqual(7);
    expect(seedProducts.filter((p) => p.status === 'draft').length).toBeGreaterThanOrEqual(3);
    expect(seedProducts.some((p) => p.stock === 0)).toBe(true);
    expectUnique(seedProducts.map((p) => p.createdAt));
    for (const p of seedProducts) {
      expectInRange(p.createdAt);
      expect(p.colors.length).toBeGreaterThan(0);
      expect(p.sizes.length).toBeGreaterThan(0);
      expect(p.features.length).toBeGreaterThanOrEqual(2);
      expect(p.features.length).toBeLessThanOrEqual(4);
      expect(p.images.length).toBeGreaterThanOrEqual(2);
      expect(p.images.length).toBeLessThanOrEqual(3);
      expect(p.offers.length).toBeGreaterThanOrEqual(1);
      expect(p.offers.length).toBeLessThanOrEqual(3);
      expect(p.discount).toBeLessThanOrEqual(30);
      expect(p.stock).toBeLessThanOrEqual(500);
      expect(round2(p.price)).toBe(p.price);
    }
  });

  it('gives every review an existing product, a later date and a real seed user', () => {
    for (const r of seedReviews) {
      const product = productsById.get(r.productId);
      expect(product, `review ${r.id}`).toBeDefined();
      if (!product) continue;
      expect(Date.parse(r.createdAt)).toBeGreaterThan(Date.parse(product.createdAt));
      expect(Date.parse(r.createdAt)).toBeLessThan(Date.parse('2026-11-20T00:00:00.000Z'));
      expect(typeof r.user.id, `review ${r.id} user id`).toBe('number');
      const user = usersById.get(r.user.id as number);
      expect(user, `review ${r.id} user`).toBeDefined();
      expect(r.user).toEqual({ id: user?.id, image: user?.image, name: user?.name });
    }
  });

  it('has 2–4 reviews per product and consistent rating/totalReviews', () => {
    for (const p of seedProducts) {
      const ratings = seedReviews.filter((r) => r.productId === p.id).map((r) => r.rating);
      expect(ratings.length).toBeGreaterThanOrEqual(2);
      expect(ratings.length).toBeLessThanOrEqual(4);
      expect(p.totalReviews).toBe(ratings.length);
      const average = ratings.reduce((s, r) => s + r, 0) / ratings.length;
      expect(p.rating).toBe(Math.round(average * 10) / 10);
    }
  });
});

describe('orders', () => {
  it('adds up via computeOrderTotals', () => {
    for (const o of seedOrders) {
      expect(computeOrderTotals(o)).toEqual({ subTotalAmount: o.subTotalAmount, totalAmount: o.totalAmount });
      const subTotal = round2(o.items.reduce((s, i) => s + i.price * i.quantity, 0));
      expect(o.subTotalAmount).toBe(subTotal);
      expect(o.totalAmount).toBe(round2(subTotal + o.taxAmount + o.shippingChargeAmount - o.discountAmount));
      expect([10, 15]).toContain(o.taxAmount);
      expect(o.discountAmount).toBe(5);
      expect(o.shippingChargeAmount).toBe(10);
    }
  });

  it('references real customers and products', () => {
    for (const o of seedOrders) {
      const user = usersById.get(o.customer.id);
      expect(user, `order ${o.id}`).toBeDefined();
      expect(o.customer).toEqual({ id: user?.id, name: user?.name, email: user?.email, phone: user?.phone });
      expect(o.items.length).toBeGreaterThanOrEqual(1);
      expect(o.items.length).toBeLessThanOrEqual(3);
      for (const item of o.items) {
        const product = productsById.get(item.id);
        expect(product, `order ${o.id} item ${item.id}`).toBeDefined();
        expect(item.name).toBe(product?.title);
        expect(item.image).toBe(product?.featureImage);
        expect(item.quantity).toBeGreaterThanOrEqual(1);
        expect(item.quantity).toBeLessThanOrEqual(4);
      }
    }
  });

  it('spreads statuses, payment methods and dates', () => {
    const statusCounts = countBy(seedOrders, (o) => o.status);
    for (const status of orderStatuses) expect(statusCounts.get(status) ?? 0).toBeGreaterThanOrEqual(2);
    expect(new Set(seedOrders.map((o) => o.payment.paymentMethod))).toEqual(new Set(paymentMethods));
    expectUnique(seedOrders.map((o) => o.createAt));
    for (const o of seedOrders) {
      expectInRange(o.createAt);
      if (o.status === 'delivered') {
        expect(o.deliveredAt).not.toBeNull();
        expect(Date.parse(o.deliveredAt ?? '')).toBeGreaterThan(Date.parse(o.createAt));
      } else {
        expect(o.deliveredAt).toBeNull();
      }
    }
  });
});

describe('invoices', () => {
  it('adds up via computeInvoiceTotals (tax as a percentage of the subtotal)', () => {
    for (const inv of seedInvoices) {
      const lines = inv.products.map(({ id, title, quantity, price, discount }) => ({ id, title, quantity, price, discount }));
      const computed = computeInvoiceTotals({ products: lines, shippingCharge: inv.shippingCharge, taxPercent: inv.taxPercent });
      expect(computed).toEqual({ products: inv.products, subTotal: inv.subTotal, tax: inv.tax, totalAmount: inv.totalAmount });
      for (const line of inv.products) {
        expect(line.total).toBe(round2(line.price * line.quantity * (1 - line.discount / 100)));
        expect(line.discount).toBeGreaterThanOrEqual(0);
        expect(line.discount).toBeLessThanOrEqual(20);
      }
      const sum = inv.products.reduce((s, l) => s + l.total, 0);
      expect(inv.subTotal).toBe(round2(sum));
      expect(inv.tax).toBe(round2((inv.subTotal * inv.taxPercent) / 100));
      expect(inv.totalAmount).toBe(round2(inv.subTotal + inv.tax + inv.shippingCharge));
      expect(inv.products.length).toBeGreaterThanOrEqual(1);
      expect(inv.products.length).toBeLessThanOrEqual(4);
    }
    // Some invoices are taxed and shipped, some not.
    expect(new Set(seedInvoices.map((i) => i.taxPercent > 0)).size).toBe(2);
    expect(new Set(seedInvoices.map((i) => i.shippingCharge > 0)).size).toBe(2);
  });

  it('has sensible dates, statuses and customers', () => {
    expect(new Set(seedInvoices.map((i) => i.status))).toEqual(new Set(invoiceStatuses));
    expectUnique(seedInvoices.map((i) => i.issueDate));
    for (const inv of seedInvoices) {
      expectInRange(inv.issueDate);
      const days = (Date.parse(inv.dueDate) - Date.parse(inv.issueDate)) / DAY_MS;
      expect(days).toBeGreaterThanOrEqual(14);
      expect(days).toBeLessThanOrEqual(30);
      const user = usersById.get(inv.customer.id);
      expect(user, `invoice ${inv.id}`).toBeDefined();
      expect(inv.customer).toEqual({ id: user?.id, name: user?.name, image: user?.image });
      // No CVC, and only the last 4 digits of the card.
      expect(Object.keys(inv.payment).sort()).toEqual(['cardHolder', 'cardNo', 'paymentMethod']);
      expect(inv.payment.cardNo).toMatch(/^[*\s]+\d{4}$/);
    }
  });
});

describe('images', () => {
  it('ships every image path the seed refers to', () => {
    const paths = new Set<string>([defaultUserImage]);
    for (const u of seedUsers) paths.add(u.image);
    for (const p of seedProducts) {
      paths.add(p.featureImage);
      for (const img of p.images) paths.add(img);
    }
    for (const r of seedReviews) paths.add(r.user.image);
    for (const o of seedOrders) for (const item of o.items) paths.add(item.image);
    for (const inv of seedInvoices) paths.add(inv.customer.image);

    for (const p of paths) {
      expect(p.startsWith('/images/'), p).toBe(true);
      expect(existsSync(publicFile(p)), `missing public${p}`).toBe(true);
    }
  });

  it('ships small SVGs with a title and viewBox', () => {
    const files = [
      defaultUserImage,
      ...seedUsers.map((u) => u.image),
      ...seedProducts.map((p) => p.featureImage),
    ];
    for (const f of files) {
      const text = readFileSync(publicFile(f), 'utf8');
      expect(text.length, f).toBeLessThan(2048);
      expect(text).toContain('xmlns="http://www.w3.org/2000/svg"');
      expect(text).toMatch(/viewBox="[^"]+"/);
      expect(text).toMatch(/<title>[^<]+<\/title>/);
    }
  });
});

describe('lookups', () => {
  const values = (options: ReadonlyArray<{ value: string }>): string[] => options.map((o) => o.value);

  it('match the schema enums', () => {
    expect(values(userStatusOptions)).toEqual([...userStatuses]);
    expect(values(orderStatusOptions)).toEqual([...orderStatuses]);
    expect(values(paymentMethodOptions)).toEqual([...paymentMethods]);
    expect(values(colorOptions)).toEqual([...productColors]);
    expect(values(sizeOptions)).toEqual([...productSizes]);
    expect(values(categoryOptions)).toEqual([...productCategories]);
    expect(paymentMethodOptions.map((o) => o.title)).toEqual([...paymentMethods]);
  });

  it('have unique ids', () => {
    for (const options of [userStatusOptions, orderStatusOptions, paymentMethodOptions, colorOptions, sizeOptions, categoryOptions]) {
      expectUnique(options.map((o) => o.id));
    }
  });

  it('define one summary card per order status plus the total', () => {
    expect(orderSummaryCardDefinitions.map((c) => c.status)).toEqual([null, 'new', 'pending', 'shipping', 'delivered', 'return']);
    expectUnique(orderSummaryCardDefinitions.map((c) => c.id));
    for (const c of orderSummaryCardDefinitions) expect(c.color).toMatch(/^#[0-9a-f]{6}$/i);
  });
});

describe('monthly series', () => {
  it('has one value per month', () => {
    expect(monthLabels).toHaveLength(12);
    expect(monthlySeries).toHaveLength(12);
    for (const v of monthlySeries) expect(v).toBeGreaterThan(0);
  });
});

describe('computeOrderTotals / computeInvoiceTotals', () => {
  it('avoid floating-point drift', () => {
    const items = [{ id: 1, name: 'A', image: '/a.svg', price: 0.1, quantity: 3 }];
    expect(computeOrderTotals({ items, taxAmount: 0.2, discountAmount: 0, shippingChargeAmount: 0 })).toEqual({
      subTotalAmount: 0.3,
      totalAmount: 0.5,
    });
    const result = computeInvoiceTotals({
      products: [{ id: 1, title: 'A', quantity: 3, price: 19.99, discount: 10 }],
      shippingCharge: 0,
      taxPercent: 0,
    });
    expect(result.products[0]?.total).toBe(53.97);
    expect(result.totalAmount).toBe(53.97);
  });
});
