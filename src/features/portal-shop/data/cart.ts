import type { ApiError } from '@domain/errors';
import { computeOrderTotals } from '@domain/orders/order-totals';
import { orderLine } from '@domain/writes/place-order';
import type { OrderItem } from '@schema/order';
import type { Product } from '@schema/product';
import type { ShopProduct } from '../api';
import { t } from '@/i18n/i18n';

/*
 * The customer's cart: kept on the device (localStorage, one per account and shop), lines of
 * a product and a quantity. Its prices and sums are the shop server's rule for the order it
 * would place (domain/writes/place-order.ts `orderLine`, domain/orders/order-totals.ts), so
 * the cart shows what the order will say.
 */

export interface CartLine {
  productId: number;
  quantity: number;
}

/** The most of one product a cart takes (an order line may hold more; a shop's customer rarely wants it). */
export const MAX_CART_QUANTITY = 99;

/** Where an account's cart for a shop is kept on this device. */
export const cartStorageKey = (uid: string, shopId: string) => `shop-admin.cart.${uid}.${shopId}`;

const isLine = (value: unknown): value is CartLine => {
  const line = value as Partial<CartLine> | null;
  return (
    typeof line === 'object' &&
    line !== null &&
    Number.isSafeInteger(line.productId) &&
    (line.productId as number) > 0 &&
    Number.isInteger(line.quantity) &&
    (line.quantity as number) >= 1 &&
    (line.quantity as number) <= MAX_CART_QUANTITY
  );
};

/** The cart kept as text; anything unreadable (another version's, hand-edited) is an empty cart, a bad line is dropped. */
export function parseCart(text: string | null): CartLine[] {
  if (!text) return [];
  try {
    const value = JSON.parse(text) as unknown;
    if (!Array.isArray(value)) return [];
    const seen = new Set<number>();
    return value.filter(isLine).filter((line) => !seen.has(line.productId) && seen.add(line.productId));
  } catch {
    return [];
  }
}

const clamp = (quantity: number) => Math.min(MAX_CART_QUANTITY, Math.max(1, Math.round(quantity)));

/** Adds `quantity` of the product (to a line already there, or a new one at the end). */
export function addToCart(lines: readonly CartLine[], productId: number, quantity = 1): CartLine[] {
  const line = lines.find((one) => one.productId === productId);
  if (!line) return [...lines, { productId, quantity: clamp(quantity) }];
  return lines.map((one) => (one === line ? { productId, quantity: clamp(one.quantity + quantity) } : one));
}

/** The line's quantity set (1–MAX_CART_QUANTITY); 0 or less removes it. */
export function setCartQuantity(lines: readonly CartLine[], productId: number, quantity: number): CartLine[] {
  if (!Number.isFinite(quantity)) return [...lines];
  if (quantity <= 0) return removeFromCart(lines, productId);
  return lines.map((one) => (one.productId === productId ? { productId, quantity: clamp(quantity) } : one));
}

export const removeFromCart = (lines: readonly CartLine[], productId: number): CartLine[] => lines.filter((one) => one.productId !== productId);

export const cartCount = (lines: readonly CartLine[]): number => lines.reduce((sum, line) => sum + line.quantity, 0);

/** A line as the order would take it, or why it cannot be ordered now (the order's own 409). */
export type CartRow = { line: CartLine; product: ShopProduct | undefined } & ({ item: OrderItem; problem?: undefined } | { item?: undefined; problem: string });

export interface CartView {
  rows: CartRow[];
  subTotalAmount: number;
  totalAmount: number;
  /** Every line can be ordered (and there is one). */
  orderable: boolean;
}

/**
 * The cart as an order: each line priced by the shop's rule from the product as this device
 * has it (`products`, by id; missing: no longer for sale), the sums of the lines that can be
 * ordered. No tax, discount or shipping: a placed order starts with none.
 */
export function cartView(lines: readonly CartLine[], products: ReadonlyMap<number, ShopProduct>): CartView {
  const rows = lines.map((line): CartRow => {
    const product = products.get(line.productId);
    try {
      return { line, product, item: orderLine(product as Product | undefined, line.productId, line.quantity) };
    } catch (error) {
      return { line, product, problem: (error as ApiError).message };
    }
  });
  const items = rows.flatMap((row) => (row.item ? [row.item] : []));
  const totals = computeOrderTotals({ items, taxAmount: 0, discountAmount: 0, shippingChargeAmount: 0 });
  return { rows, ...totals, orderable: rows.length > 0 && rows.every((row) => row.item !== undefined) };
}

/**
 * What the customer can do about a refused order (the shop's 409s: `Product 7 is not for
 * sale`, `Not enough of "…" in stock for 3`), in words; null for another failure.
 */
export function refusalAdvice(message: string): string | null {
  if (/is not for sale/.test(message)) return t('portal.cart.adviceNotForSale');
  if (/^Not enough of /.test(message)) return t('portal.cart.adviceStock');
  return null;
}

/** "**** **** **** 4242" from the last four digits given (none: the masked digits alone, as a PayPal order has). */
export const maskedCard = (lastFour: string): string => `**** **** **** ${lastFour.replace(/\D/g, '').slice(-4)}`.trimEnd();
