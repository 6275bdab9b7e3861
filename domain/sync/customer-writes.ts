import { ApiError, INVALID_REQUEST, numericId, validate } from '../errors';
import { reviewInputSchema, type Review } from '../schema/review';
import type { Order } from '../schema/order';
import { customerMayCancel } from '../orders/customer-cancel';
import type { Ticket } from '../schema/ticket';
import type { User } from '../schema/user';
import { ORDER_NOT_FOUND } from '../writes/orders';
import { PRODUCT_NOT_FOUND } from '../writes/products';
import { REVIEW_NOT_FOUND } from '../writes/reviews';
import { bodyObject, sameJson } from '../writes/server-fields';
import { TICKET_NOT_FOUND } from '../writes/tickets';
import type { Mutation, ShopRecord, ShopRecords } from './mutation';
import { hasDeliveredProduct } from '../orders/customer-review';

/*
 * What a customer (role `customer`, tied to one `users` record: domain/sync/scope.ts) may write,
 * decided from the mutation, the customer and the shop's records as they are now. The shop
 * server asks it of each mutation a customer pushes, in the mutation's transaction, before
 * applying it (server/sync/push.ts); the worker may ask it before its own write.
 *
 * A customer may only:
 * - open a ticket (its email is always theirs, no attachment) and reply in their own tickets;
 * - write a review of a product from one of their delivered orders (one per product), edit
 *   and delete their own reviews;
 * - edit their own user record's name, phone, address and image;
 * - cancel (delete) their own order while it is new or pending;
 * - place an order for themselves (the order's own rules check the products: published, in stock).
 * Any other mutation is refused with 403, whatever it names. A record of someone else is
 * answered as one that does not exist (the kind's 404): a customer learns nothing of it.
 */

/** The shop's records as a customer's write reads them: ShopRecords, and a customer's orders found without reading every order. */
export interface CustomerRecords extends ShopRecords {
  /** The live orders whose `customer.id` is this user record's (the server: an indexed look-up by scope key). */
  ordersOf(customerId: number): Promise<ShopRecord[]>;
}

/** The customer making the write: their sign-in (a review's author) and their user record's id. */
export interface WritingCustomer {
  uid: string;
  customerId: string;
}

/** The mutations a customer may send (each one further checked by customerMutation). */
export const customerMutationNames: readonly string[] = [
  'POST /api/tickets',
  'POST /api/tickets/:id/replies',
  'POST /api/reviews',
  'PUT /api/reviews',
  'DELETE /api/reviews',
  'PUT /api/users',
  'DELETE /api/orders',
  'POST /api/orders',
];

export const mayCustomerSend = (name: string): boolean => customerMutationNames.includes(name);

/** The refusal of a mutation no customer may send (as a role's refusal: 403, recorded). */
export const customerRefusal = (name: string): string => `Your role (customer) may not send ${name}: a customer writes only their own tickets, reviews, profile and orders`;

/** The fields of their user record a customer may change. */
export const customerProfileFields = ['name', 'phone', 'address', 'image'] as const;
export const PROFILE_ONLY = `A customer may change only their ${customerProfileFields.slice(0, -1).join(', ')} and ${customerProfileFields.at(-1)}`;
export const CUSTOMER_GONE = 'Your customer record is no longer in this shop';

/**
 * The mutation as the customer may make it (a ticket's email set to theirs, an order's customer
 * to them, a profile edit completed with the fields they may not change), or an ApiError: 403
 * for what a customer may not do, the kind's 404 for a record that is not theirs.
 */
export async function customerMutation(mutation: Mutation, customer: WritingCustomer, records: CustomerRecords): Promise<Mutation> {
  if (!mayCustomerSend(mutation.name)) throw new ApiError(403, customerRefusal(mutation.name));
  const userId = Number(customer.customerId);
  const user = (await records.get('users', userId)) as User | undefined;
  if (!user) throw new ApiError(403, CUSTOMER_GONE);
  switch (mutation.name) {
    case 'POST /api/tickets':
      return openedTicket(mutation, user, records);
    case 'POST /api/tickets/:id/replies': {
      const ticket = (await records.get('tickets', numericId(param(mutation)))) as Ticket | undefined;
      if (!ticket || !sameEmail(ticket.email, user.email)) throw new ApiError(404, TICKET_NOT_FOUND);
      return mutation;
    }
    case 'POST /api/reviews':
      await assertMayReview(mutation, customer, userId, records);
      return mutation;
    case 'PUT /api/reviews':
    case 'DELETE /api/reviews': {
      const review = (await records.get('reviews', numericId(param(mutation)))) as Review | undefined;
      if (!review || review.user.id !== customer.uid) throw new ApiError(404, REVIEW_NOT_FOUND);
      return mutation;
    }
    case 'PUT /api/users':
      return profileEdit(mutation, user);
    case 'DELETE /api/orders': {
      const order = (await records.get('orders', numericId(param(mutation)))) as Order | undefined;
      if (!order || order.customer.id !== userId) throw new ApiError(404, ORDER_NOT_FOUND);
      if (!customerMayCancel(order.status)) throw new ApiError(409, `Order ${order.id} is ${order.status}: only a new or pending order can be cancelled`);
      return mutation;
    }
    case 'POST /api/orders': {
      const body = bodyObject(mutation.body);
      if (body.customerId !== undefined && body.customerId !== userId) throw new ApiError(403, 'A customer places orders only for themselves: leave customerId out');
      return { ...mutation, body: { ...body, customerId: userId } };
    }
    default:
      throw new ApiError(403, customerRefusal(mutation.name));
  }
}

const sameEmail = (a: unknown, b: string): boolean => typeof a === 'string' && a.trim().toLowerCase() === b.trim().toLowerCase();

function param(mutation: Mutation): string {
  const value = mutation.query.id;
  if (value === undefined || value.trim() === '') throw new ApiError(400, INVALID_REQUEST);
  return value.trim();
}

/** A ticket the customer opens: from their email, about a product they can see, with no attachment (a customer uploads no files). */
async function openedTicket(mutation: Mutation, user: User, records: ShopRecords): Promise<Mutation> {
  const body = bodyObject(mutation.body);
  if (body.attachmentFileId !== undefined && body.attachmentFileId !== null) throw new ApiError(403, 'A customer cannot attach files to a ticket');
  if (typeof body.productId === 'number') {
    const product = await records.get('products', body.productId);
    if (product?.status !== 'published') {
      throw new ApiError(400, `${INVALID_REQUEST}: productId: ${PRODUCT_NOT_FOUND}`, [{ path: 'productId', message: PRODUCT_NOT_FOUND }]);
    }
  }
  return { ...mutation, body: { ...body, email: user.email } };
}

/** A review of a published product from one of the customer's delivered orders, the first of theirs for it. */
async function assertMayReview(mutation: Mutation, customer: WritingCustomer, userId: number, records: CustomerRecords): Promise<void> {
  const { productId } = validate(reviewInputSchema, bodyObject(mutation.body));
  const product = await records.get('products', productId);
  if (product?.status !== 'published') throw new ApiError(404, PRODUCT_NOT_FOUND);
  const orders = (await records.ordersOf(userId)) as Order[];
  if (!hasDeliveredProduct(orders, productId)) {
    throw new ApiError(403, 'A customer reviews only the products of their delivered orders');
  }
  const reviews = (await records.findBy('reviews', 'productId', productId)) as Review[];
  if (reviews.some((review) => review.user.id === customer.uid)) throw new ApiError(409, 'You have already reviewed this product: edit your review instead');
}

/**
 * `PUT /api/users` of the customer's own record: name, phone, address and image only. The other
 * fields may be sent as they are (a form sends the record back) but not changed; the body is
 * completed with them, so the shared replace keeps them.
 */
function profileEdit(mutation: Mutation, user: User): Mutation {
  const body = bodyObject(mutation.body);
  const named = [mutation.query.id === undefined ? undefined : numericId(param(mutation)), body.id];
  if (named.some((id) => id !== undefined && id !== user.id)) throw new ApiError(404, 'User not found');
  const kept = user as unknown as Record<string, unknown>;
  for (const [field, value] of Object.entries(body)) {
    if (field === 'id' || (customerProfileFields as readonly string[]).includes(field)) continue;
    if (!(field in kept) || !sameJson(value, kept[field])) throw new ApiError(403, `${PROFILE_ONLY}, not ${field}`);
  }
  const { id: _id, createAt: _createAt, ...fixed } = user;
  return { ...mutation, query: { ...mutation.query, id: String(user.id) }, body: { ...fixed, ...pick(body, customerProfileFields) } };
}

const pick = (body: Record<string, unknown>, fields: readonly string[]) => Object.fromEntries(Object.entries(body).filter(([field]) => fields.includes(field)));
