import { z } from 'zod';
import { ApiError, INVALID_REQUEST, validate } from '../errors';
import { bodyIdSchema } from '../schema/common';
import { maskedCardSchema, orderSchema, paymentMethodSchema, type Order, type OrderItem } from '../schema/order';
import type { Product } from '../schema/product';
import type { User } from '../schema/user';
import { computeOrderTotals } from '../orders/order-totals';
import { toCents } from '../units';
import { bodyObject } from './server-fields';

/*
 * `POST /api/orders`: an order placed for one of the shop's customers (a customer signed in
 * places their own: domain/sync/customer-writes.ts). The server makes the order from the
 * shop's records as they are when it applies the write: the customer's name, email and phone
 * from their user record, each line's name, picture and price (its discount taken off) from the
 * product, which must be published and have the quantity in stock.
 */

export const MAX_ORDER_LINES = 100;

export const placeOrderSchema = z.strictObject({
  /** The `users` record the order is for. */
  customerId: bodyIdSchema,
  items: z
    .array(z.strictObject({ productId: bodyIdSchema, quantity: z.number().int('Quantity must be a whole number').positive('Quantity must be at least 1').max(100_000) }))
    .min(1, 'An order needs at least one item')
    .max(MAX_ORDER_LINES, `At most ${MAX_ORDER_LINES} lines`),
  /** Where to bill and ship: the customer's address when left out. */
  billing: orderSchema.shape.billing.optional(),
  shipping: orderSchema.shape.shipping.optional(),
  payment: z.strictObject({ paymentMethod: paymentMethodSchema, cardNumber: maskedCardSchema }),
});
export type PlaceOrder = z.infer<typeof placeOrderSchema>;

/** The body of a `POST /api/orders`, checked (400 naming the fields; a product named twice is refused). */
export function orderToPlace(body: unknown): PlaceOrder {
  const input = validate(placeOrderSchema, bodyObject(body));
  const seen = new Map<number, number>();
  input.items.forEach((item, i) => {
    const earlier = seen.get(item.productId);
    if (earlier !== undefined) {
      const message = `This product is also in items.${earlier}: send each product once, with its quantity`;
      throw new ApiError(400, `${INVALID_REQUEST}: items.${i}.productId: ${message}`, [{ path: `items.${i}.productId`, message }]);
    }
    seen.set(item.productId, i);
  });
  return input;
}

/** Why a product cannot be ordered: the same answer for one that does not exist and one not published (a draft is not revealed). */
export const notForSale = (productId: number) => new ApiError(409, `Product ${productId} is not for sale`);

/** A line of the order: the product as it is now, its discount taken off the price (in cents); 409 when not published or short of stock. */
export function orderLine(product: Product | undefined, productId: number, quantity: number): OrderItem {
  if (!product || product.status !== 'published') throw notForSale(productId);
  // A customer's copy holds the product without its stock, `inStock` instead (scope.ts, viewFor): there only "none" is known.
  const stock = typeof product.stock === 'number' ? product.stock : (product as { inStock?: unknown }).inStock === false ? 0 : Infinity;
  if (quantity > stock) throw new ApiError(409, `Not enough of "${product.title}" in stock for ${quantity}`);
  const price = Math.round(toCents(product.price) * (1 - product.discount / 100)) / 100;
  return { id: product.id, name: product.title, image: product.featureImage, price, quantity };
}

/**
 * The order's customer and lines from the records as they are (the customer's user record and
 * each line's product, in the order of `input.items`): 400 `customerId` for an unknown
 * customer, 409 for a product not for sale or short of stock (orderLine).
 */
export function orderParts(input: PlaceOrder, customer: User | undefined, products: ReadonlyArray<Product | undefined>): { customer: User; items: OrderItem[] } {
  if (!customer) throw new ApiError(400, `${INVALID_REQUEST}: customerId: User not found`, [{ path: 'customerId', message: 'User not found' }]);
  return { customer, items: input.items.map((item, i) => orderLine(products[i], item.productId, item.quantity)) };
}

/** The new order (its id and number given by the caller), status new, placed now. */
export function placedOrder(input: PlaceOrder, customer: User, items: OrderItem[], ids: { id: number; invoiceId: string }, now: string): Order {
  const amounts = { taxAmount: 0, discountAmount: 0, shippingChargeAmount: 0 };
  const order: Order = {
    ...ids,
    createAt: now,
    deliveredAt: null,
    customer: { id: customer.id, name: customer.name, email: customer.email, phone: customer.phone },
    billing: input.billing ?? customer.address,
    shipping: input.shipping ?? customer.address,
    status: 'new',
    payment: { id: ids.id, ...input.payment },
    items,
    ...amounts,
    ...computeOrderTotals({ items, ...amounts }),
    statusHistory: [{ step: 'placed', at: now }],
  };
  return validate(orderSchema, order);
}
