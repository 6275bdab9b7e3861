import { describe, expect, it } from 'vitest';
import { hasDeliveredProduct } from '../../../domain/orders/customer-review';
import { computeOrderTotals } from '../../../domain/orders/order-totals';
import { orderLine } from '../../../domain/writes/place-order';
import type { Order } from '../../../domain/schema/order';
import type { Product } from '../../../domain/schema/product';
import { seedProducts } from '../../../seed/products';
import type { ShopProduct } from '../../../src/features/portal-shop/api';
import {
  addToCart,
  cartCount,
  cartStorageKey,
  cartView,
  MAX_CART_QUANTITY,
  maskedCard,
  parseCart,
  refusalAdvice,
  removeFromCart,
  setCartQuantity,
} from '../../../src/features/portal-shop/data/cart';
import { isInStock, salePrice } from '../../../src/features/portal-shop/data/format';
import { ticketFromForm } from '../../../src/features/portal-support/ticket-values';

/** A product as a customer's copy holds it: no stock count, `inStock` instead. */
const asCustomerSees = ({ stock, ...product }: Product): ShopProduct => ({ ...product, inStock: stock > 0 });
const jacket = asCustomerSees(seedProducts[0]!); // $79.99 less 10 %
const other = asCustomerSees(seedProducts[1]!);
const byId = (...products: ShopProduct[]) => new Map(products.map((product) => [product.id, product]));

describe('the cart kept on the device', () => {
  it('adds to a line already there, sets and removes quantities, and counts the items', () => {
    let lines = addToCart([], jacket.id);
    lines = addToCart(lines, other.id, 3);
    lines = addToCart(lines, jacket.id, 2);
    expect(lines).toEqual([{ productId: jacket.id, quantity: 3 }, { productId: other.id, quantity: 3 }]);
    expect(cartCount(lines)).toBe(6);
    expect(setCartQuantity(lines, other.id, 500)).toEqual([{ productId: jacket.id, quantity: 3 }, { productId: other.id, quantity: MAX_CART_QUANTITY }]);
    expect(setCartQuantity(lines, other.id, 0)).toEqual([{ productId: jacket.id, quantity: 3 }]);
    expect(setCartQuantity(lines, other.id, Number.NaN)).toEqual(lines);
    expect(removeFromCart(lines, jacket.id)).toEqual([{ productId: other.id, quantity: 3 }]);
  });

  it('reads back what it kept, and reads junk or bad lines as nothing', () => {
    const lines = addToCart(addToCart([], jacket.id, 2), other.id);
    expect(parseCart(JSON.stringify(lines))).toEqual(lines);
    expect(parseCart(null)).toEqual([]);
    expect(parseCart('{not json')).toEqual([]);
    expect(parseCart('{"productId":1}')).toEqual([]);
    expect(
      parseCart(JSON.stringify([{ productId: 1, quantity: 2 }, { productId: 1, quantity: 5 }, { productId: -3, quantity: 1 }, { productId: 2, quantity: 0 }, { productId: 4, quantity: 1.5 }, 'x'])),
    ).toEqual([{ productId: 1, quantity: 2 }]);
  });

  it('is kept per account and shop', () => {
    expect(cartStorageKey('u1', 's1')).not.toBe(cartStorageKey('u1', 's2'));
    expect(cartStorageKey('u1', 's1')).not.toBe(cartStorageKey('u2', 's1'));
  });
});

describe('the cart priced as the order the shop would place', () => {
  it('prices each line by the order line rule (price less discount) and sums by the order totals rule', () => {
    const lines = addToCart(addToCart([], jacket.id, 2), other.id, 1);
    const view = cartView(lines, byId(jacket, other));
    const items = [orderLine(jacket as Product, jacket.id, 2), orderLine(other as Product, other.id, 1)];
    expect(view.rows.map((row) => row.item)).toEqual(items);
    expect(view.rows[0]!.item!.price).toBe(salePrice(jacket));
    expect(salePrice(jacket)).toBe(71.99);
    const totals = computeOrderTotals({ items, taxAmount: 0, discountAmount: 0, shippingChargeAmount: 0 });
    expect({ subTotalAmount: view.subTotalAmount, totalAmount: view.totalAmount }).toEqual(totals);
    expect(view.totalAmount).toBe(Math.round((71.99 * 2 + salePrice(other)) * 100) / 100);
    expect(view.orderable).toBe(true);
  });

  it('marks a product no longer for sale or out of stock with the shop’s words and what to do, and leaves it out of the sums', () => {
    const soldOut = { ...other, inStock: false };
    const view = cartView(addToCart(addToCart(addToCart([], jacket.id), other.id), 999), byId(jacket, soldOut));
    expect(view.rows.map((row) => row.problem)).toEqual([undefined, `Not enough of "${other.title}" in stock for 1`, 'Product 999 is not for sale']);
    expect(view.totalAmount).toBe(71.99);
    expect(view.orderable).toBe(false);
    expect(refusalAdvice(view.rows[1]!.problem!)).toMatch(/Lower the quantity or remove it/);
    expect(refusalAdvice(view.rows[2]!.problem!)).toMatch(/Remove it from your cart/);
    expect(refusalAdvice('Something else')).toBeNull();
    expect(isInStock(soldOut)).toBe(false);
    expect(isInStock(jacket)).toBe(true);
  });

  it('is not orderable when empty', () => {
    expect(cartView([], byId(jacket)).orderable).toBe(false);
  });

  it('masks the card as the order schema takes it', () => {
    expect(maskedCard('4242')).toBe('**** **** **** 4242');
    expect(maskedCard('12 34 56')).toBe('**** **** **** 3456');
    expect(maskedCard('')).toBe('**** **** ****');
  });
});

describe('which products a customer may review', () => {
  const order = (status: Order['status'], ids: number[]) => ({ status, items: ids.map((id) => ({ id, name: 'x', image: '/x.svg', price: 1, quantity: 1 })) });

  it('those of their delivered orders only', () => {
    const orders = [order('delivered', [1, 2]), order('shipping', [3]), order('new', [4]), order('return', [5])];
    expect([1, 2, 3, 4, 5, 6].filter((id) => hasDeliveredProduct(orders, id))).toEqual([1, 2]);
    expect(hasDeliveredProduct([], 1)).toBe(false);
  });
});

describe('a ticket the customer opens', () => {
  it('carries their record’s name, split as tickets keep it, and email; no product, no attachment', () => {
    const values = { category: 'orders' as const, subject: 'Parcel', message: 'Where is it?' };
    expect(ticketFromForm(values, { name: 'Mary Ann Smith', email: 'mary@example.com' })).toEqual({
      firstName: 'Mary Ann',
      lastName: 'Smith',
      email: 'mary@example.com',
      productId: null,
      attachmentFileId: null,
      ...values,
    });
    expect(ticketFromForm(values, { name: 'Cher', email: 'cher@example.com' })).toMatchObject({ firstName: 'Cher', lastName: 'Cher' });
  });
});
