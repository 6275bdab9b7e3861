import type { Invoice } from '../schema/invoice';
import type { Order } from '../schema/order';
import type { Product } from '../schema/product';
import type { Review } from '../schema/review';
import type { Ticket } from '../schema/ticket';
import type { User } from '../schema/user';
import type { Mutation, RecordId } from './mutation';
import { pendingIdOf } from './pending';

/*
 * A device's own records as the mutations that create them in a new shared shop (the admin who
 * began alone keeps everything): bulk inserts where the contract has them (users, products,
 * orders, reviews, tickets), one create per record otherwise (invoices). Reviews and tickets go
 * through the admins' imports, which keep who wrote what and when (a review's author and date, a
 * ticket's replies with theirs, its status); the audit trail names the uploader. Records get
 * pending ids, and the mutations after name them where they refer to one another (a review's
 * product, an invoice's customer and lines, a ticket's product), so the server puts its own ids
 * in. Files keep their ids (the device chooses a file's id), so images and attachments stay
 * where they were.
 */

export interface DeviceRecords {
  users: readonly User[];
  products: readonly Product[];
  orders: readonly Order[];
  invoices: readonly Invoice[];
  reviews: readonly Review[];
  tickets: readonly Ticket[];
  /** Uploaded files, bytes in base64 (the body of `POST /api/files`). */
  files: ReadonlyArray<{ id: string; type: string; data: string }>;
}

/** Rows per bulk mutation: a push stays well under the server's body limit. */
export const UPLOAD_BULK_ROWS = 500;
/** JSON per bulk mutation of rows that may be long (reviews, tickets with their threads): a push batch's size (push.ts). */
export const UPLOAD_BULK_BYTES = 4_000_000;

const chunks = <T>(rows: readonly T[], size: number): T[][] => Array.from({ length: Math.ceil(rows.length / size) }, (_, i) => rows.slice(i * size, (i + 1) * size));

/** Rows in chunks of at most `size` rows and about `bytes` of JSON (a larger row goes alone). */
function chunksBySize<T>(rows: readonly T[], size: number, bytes: number): T[][] {
  const out: T[][] = [];
  let chunk: T[] = [];
  let used = 0;
  for (const row of rows) {
    const length = JSON.stringify(row).length;
    if (chunk.length > 0 && (chunk.length >= size || used + length > bytes)) {
      out.push(chunk);
      chunk = [];
      used = 0;
    }
    chunk.push(row);
    used += length;
  }
  if (chunk.length > 0) out.push(chunk);
  return out;
}

/** The mutations, with ids from `firstId` on (consecutive, as the outbox needs them). */
export function planUpload(records: DeviceRecords, firstId: number): Mutation[] {
  const plan: Mutation[] = [];
  /** Adds a mutation creating `creates` records; answers their pending ids. */
  const add = <K extends RecordId = number>(name: string, body: unknown, { query = {}, creates = 0, format }: { query?: Record<string, string>; creates?: number; format?: (n: number) => K } = {}): K[] => {
    const id = firstId + plan.length;
    const pendingIds = Array.from({ length: creates }, (_, i) => (format ? format(pendingIdOf(id, i)) : (pendingIdOf(id, i) as K)));
    plan.push({ id, name, query, body, ...(pendingIds.length > 0 ? { pendingIds } : {}) });
    return pendingIds;
  };
  /** Each kind's old id → its pending id in the new shop. */
  const users = new Map<number, number>();
  const products = new Map<number, number>();
  const files = new Set<string>();

  for (const { id, type, data } of records.files) {
    add('POST /api/files', { id, type, data });
    files.add(id.toLowerCase());
  }
  for (const chunk of chunks(records.users, UPLOAD_BULK_ROWS)) {
    const ids = add('POST /api/users/bulk', { users: chunk.map(({ id: _id, ...user }) => user) }, { creates: chunk.length });
    chunk.forEach((user, i) => users.set(user.id, ids[i]!));
  }
  for (const chunk of chunks(records.products, UPLOAD_BULK_ROWS)) {
    // Rating and review count come from the reviews, uploaded below.
    const rows = chunk.map(({ id: _id, rating: _rating, totalReviews: _count, ...product }) => product);
    const ids = add('POST /api/products/bulk', { products: rows }, { creates: chunk.length });
    chunk.forEach((product, i) => products.set(product.id, ids[i]!));
  }
  for (const chunk of chunks(records.orders, UPLOAD_BULK_ROWS)) {
    // The server gives each order its id and number (#IN…) and computes its totals.
    add('POST /api/orders/bulk', { orders: chunk.map(({ id: _id, subTotalAmount: _sub, totalAmount: _total, ...order }) => order) }, { creates: chunk.length });
  }
  for (const invoice of records.invoices) {
    const { issueDate, dueDate, status, billingAddress, payment, customer, shippingCharge, taxPercent } = invoice;
    const lines = invoice.products.map(({ total: _total, ...line }) => ({ ...line, id: line.id === null ? null : (products.get(line.id) ?? line.id) }));
    const body = { issueDate, dueDate, status, billingAddress, payment, customer: { ...customer, id: users.get(customer.id) ?? customer.id }, products: lines, shippingCharge, taxPercent };
    add('POST /api/invoices', body, { creates: 1, format: (n) => `INV-${n}` });
  }
  // A review of a product that is gone has nothing to be about. Each keeps its author, date and votes (not this account's own vote).
  const reviews = records.reviews.flatMap(({ id: _id, myVote: _vote, ...review }) => {
    const productId = products.get(review.productId);
    return productId === undefined ? [] : [{ ...review, productId }];
  });
  for (const chunk of chunksBySize(reviews, UPLOAD_BULK_ROWS, UPLOAD_BULK_BYTES)) add('POST /api/reviews/bulk', { reviews: chunk }, { creates: chunk.length });
  // Each ticket with its status, its replies (authors, times) and its dates.
  const tickets = records.tickets.map(({ id: _id, ...ticket }) => ({
    ...ticket,
    productId: ticket.productId === null ? null : (products.get(ticket.productId) ?? null),
    attachmentFileId: ticket.attachmentFileId !== null && files.has(ticket.attachmentFileId.toLowerCase()) ? ticket.attachmentFileId : null,
  }));
  for (const chunk of chunksBySize(tickets, UPLOAD_BULK_ROWS, UPLOAD_BULK_BYTES)) add('POST /api/tickets/bulk', { tickets: chunk }, { creates: chunk.length });
  return plan;
}
