import { z } from 'zod';
import { ApiError, INVALID_REQUEST, numericId, validate } from '../errors';
import { bodyIdSchema } from '../schema/common';
import { FILE_URL_PREFIX, isFileId } from '../schema/file';
import { invoiceIdSchema, invoiceInputSchema, invoiceStatusSchema, type Invoice } from '../schema/invoice';
import { orderStatusSchema, type Order } from '../schema/order';
import { productImportSchema, productStatusSchema, type Product } from '../schema/product';
import { reviewImportSchema, type Review } from '../schema/review';
import type { User } from '../schema/user';
import { ticketImportSchema, ticketStatusSchema, type Ticket } from '../schema/ticket';
import { userImportSchema, userStatusSchema } from '../schema/user';
import { orderTimelineSteps } from '../schema/values';
import { bulkOrderSchema } from '../orders/bulk-order';
import { computeOrderTotals } from '../orders/order-totals';
import { plausibleHistory } from '../orders/status-history';
import { fileToCreate, type SyncedFile } from '../writes/files';
import { buildInvoice, INVOICE_NOT_FOUND, invoiceNumber, invoiceReplaced, invoiceToCreate } from '../writes/invoices';
import { ORDER_NOT_FOUND, orderNumber, orderPatched, ordersWithStatus, orderWithTimelineStep } from '../writes/orders';
import { newProduct, PRODUCT_NOT_FOUND, productCodeKey, productRated, productReplaced, productToCreate } from '../writes/products';
import { importedReview, REVIEW_NOT_FOUND, reviewEdited, reviewToCreate, reviewVoted } from '../writes/reviews';
import { bodyObject } from '../writes/server-fields';
import { importedTicket, repeatedAttachmentIssues, TICKET_NOT_FOUND, ticketReferenceIssue, ticketPatched, ticketReplied, ticketToCreate, ticketWithStatus } from '../writes/tickets';
import { newUser, userReplaced, userToCreate } from '../writes/users';
import { orderParts, orderToPlace, placedOrder } from '../writes/place-order';
import type { Applied, Mutation, MutationContext, RecordId, ShopRecord, ShopRecords, SyncedKind, WriteRole } from './mutation';
import {
  applied,
  bulkDeleteMutation,
  bulkInsertMutation,
  bulkStatusMutation,
  createMutation,
  deleteMutation,
  eachRow,
  bulkRows,
  existing,
  freshId,
  queryParam,
  replaceMutation,
  restoreMutation,
  stored,
  type KindRules,
  type MutationSpec,
} from './record-mutations';

/*
 * Every `/api` write a device may send to the shop server, by name, with the least role that
 * may send it (docs/sync.md, "Mutations"). The server runs `applyMutation` inside one
 * transaction per mutation; the rules are the ones the service worker applies locally.
 */

const byCounter = (counter: string) => async (records: ShopRecords) => records.next(counter);

const users: KindRules<User> = { kind: 'users', singular: 'user', notFound: 'User not found', idSchema: bodyIdSchema, queryId: (raw) => numericId(raw), newId: byCounter('users') };
const products: KindRules<Product> = {
  kind: 'products',
  singular: 'product',
  notFound: PRODUCT_NOT_FOUND,
  idSchema: bodyIdSchema,
  queryId: (raw) => numericId(raw),
  newId: byCounter('products'),
  dependents: { kind: 'reviews', field: 'productId' },
};
const reviews: KindRules<Review> = { kind: 'reviews', singular: 'review', notFound: REVIEW_NOT_FOUND, idSchema: bodyIdSchema, queryId: (raw) => numericId(raw), newId: byCounter('reviews') };
const orders: KindRules<Order> = { kind: 'orders', singular: 'order', notFound: ORDER_NOT_FOUND, idSchema: bodyIdSchema, queryId: (raw) => numericId(raw), newId: byCounter('orders') };
const invoices: KindRules<Invoice> = {
  kind: 'invoices',
  singular: 'invoice',
  notFound: INVOICE_NOT_FOUND,
  idSchema: invoiceIdSchema,
  queryId: (raw) => raw.trim().toUpperCase(),
  newId: async (records) => invoiceNumber(await records.next('invoice-number')),
};
const tickets: KindRules<Ticket> = { kind: 'tickets', singular: 'ticket', notFound: TICKET_NOT_FOUND, idSchema: bodyIdSchema, queryId: (raw) => numericId(raw), newId: byCounter('tickets') };
const files: KindRules<SyncedFile & ShopRecord> = {
  kind: 'files',
  singular: 'file',
  notFound: 'File not found',
  idSchema: z.string().refine(isFileId, 'A file id is a UUID'),
  queryId: (raw) => {
    if (!isFileId(raw)) throw new ApiError(404, 'File not found');
    return raw.toLowerCase();
  },
  // A file's id is the device's UUID (fileToCreate): never a counter.
  newId: () => Promise.reject(new Error('files bring their own ids')),
};

/** The usual set of a kind: create, replace, delete, restore, bulk delete, bulk status (plain status field), bulk insert. */
function recordMutations<T extends ShopRecord & { status: string }>(
  rules: KindRules<T>,
  role: WriteRole,
  writes: {
    create: Parameters<typeof createMutation<T>>[1];
    replace: Parameters<typeof replaceMutation<T>>[1];
    /** Refuses a created or replaced record against the other records (409). */
    check?: (records: ShopRecords, record: T) => Promise<void>;
    statusSchema: z.ZodType<T['status']>;
    bulkRow: (row: unknown, now: string) => Omit<T, 'id'>;
    checkBulk?: (drafts: Array<Omit<T, 'id'>>) => void;
  },
): Record<string, MutationSpec> {
  const base = `/api/${rules.kind}`;
  return {
    [`POST ${base}`]: {
      role,
      apply: createMutation(rules, async (records, body, ctx) => {
        const draft = await writes.create(records, body, ctx);
        await writes.check?.(records, draft as T);
        return draft;
      }),
    },
    [`PUT ${base}`]: { role, apply: replaceMutation(rules, writes.replace, { ...(writes.check ? { check: writes.check } : {}) }) },
    [`DELETE ${base}`]: { role, apply: deleteMutation(rules) },
    [`POST ${base}/restore`]: { role, apply: restoreMutation(rules) },
    [`POST ${base}/bulk-delete`]: { role, apply: bulkDeleteMutation(rules) },
    [`POST ${base}/bulk-status`]: { role, apply: bulkStatusMutation(rules, writes.statusSchema, (rows, status) => rows.map((row) => (row.status === status ? row : { ...row, status }))) },
    [`POST ${base}/bulk`]: { role, apply: bulkInsertMutation(rules, writes.bulkRow, writes.checkBulk) },
  };
}

/** 409 when a live product other than `id` has this code; the server's unique index on the code in any case backs this up (uniqueKeyOf). */
async function assertCodeFree(records: ShopRecords, code: string, id?: RecordId): Promise<void> {
  const same = await records.findBy('products', 'code', code.trim());
  if (same.some((other) => other.id !== id)) throw new ApiError(409, `A product with code "${code.trim()}" already exists`);
}

/** The product with its rating and count recomputed from its live reviews (and `added`, not stored yet); undefined when there is no such product. */
async function rerated(records: ShopRecords, productId: number, exceptReviewId?: number, added: readonly Review[] = []): Promise<Product | undefined> {
  const product = (await records.get('products', productId)) as Product | undefined;
  if (!product) return undefined;
  const live = ((await records.findBy('reviews', 'productId', productId)) as Review[]).filter((review) => review.id !== exceptReviewId);
  return productRated(product, [...live, ...added]);
}

/** The next order number no order of the shop has (#IN0016 after a seed of 15). */
async function freshOrderNumber(records: ShopRecords): Promise<string> {
  for (;;) {
    const number = orderNumber(await records.next('order-number'));
    if ((await records.findBy('orders', 'invoiceId', number)).length === 0) return number;
  }
}

const authorName = (ctx: MutationContext) => ctx.caller.name?.trim() || ctx.caller.email?.trim() || 'Admin';

const mutations: Record<string, MutationSpec> = {
  ...recordMutations(users, 'admin', {
    create: (_records, body, ctx) => userToCreate(body, ctx.now),
    replace: (current, body) => userReplaced(current, body),
    statusSchema: userStatusSchema,
    bulkRow: (row, now) => newUser(validate(userImportSchema, row), now),
  }),

  ...recordMutations(products, 'admin', {
    create: (_records, body, ctx) => productToCreate(body, ctx.now),
    replace: (current, body) => productReplaced(current, body),
    check: (records, product) => assertCodeFree(records, product.code, product.id),
    statusSchema: productStatusSchema,
    bulkRow: (row, now) => newProduct(validate(productImportSchema, row), now),
    checkBulk: (drafts) => {
      const seen = new Map<string, number>();
      drafts.forEach((draft, i) => {
        const earlier = seen.get(productCodeKey(draft.code));
        if (earlier !== undefined) throw new ApiError(400, `${INVALID_REQUEST}: products.${i}.code: This code is also used by products.${earlier}`, [{ path: `products.${i}.code`, message: `This code is also used by products.${earlier}` }]);
        seen.set(productCodeKey(draft.code), i);
      });
    },
  }),

  'POST /api/reviews': {
    role: 'staff',
    apply: async (records, mutation, ctx) => {
      const draft = reviewToCreate(mutation.body, ctx.caller, ctx.now);
      const review = { ...draft, id: await freshId(records, reviews) } as Review;
      const product = await rerated(records, review.productId, undefined, [review]);
      if (!product) throw new ApiError(404, PRODUCT_NOT_FOUND);
      return applied(201, { review, product }, [stored('reviews', review), stored('products', product)], [{ kind: 'reviews', id: review.id }]);
    },
  },
  // An admin's import (a new shop started with a device's data): each review keeps its author and date.
  'POST /api/reviews/bulk': {
    role: 'admin',
    apply: async (records, mutation) => {
      const rows = eachRow(bulkRows(mutation.body, 'reviews'), 'reviews', (row) => importedReview(validate(reviewImportSchema, row)));
      const known = new Set<number>();
      for (const [i, row] of rows.entries()) {
        if (known.has(row.productId)) continue;
        if (!(await records.get('products', row.productId))) throw invalidField(`reviews.${i}.productId`, PRODUCT_NOT_FOUND);
        known.add(row.productId);
      }
      const created: Review[] = [];
      for (const row of rows) created.push({ ...row, id: await freshId(records, reviews) });
      const rated: Product[] = [];
      for (const productId of known) rated.push((await rerated(records, productId, undefined, created.filter((review) => review.productId === productId)))!);
      const changes = [...created.map((review) => stored('reviews', review)), ...rated.map((product) => stored('products', product))];
      return applied(201, bulkAnswer(created), changes, created.map((review) => ({ kind: 'reviews' as const, id: review.id })));
    },
  },
  // A review's rating and text edited (its author, a customer, or an admin moderating); the product's rating follows.
  'PUT /api/reviews': {
    role: 'admin',
    apply: async (records, mutation) => {
      const review = reviewEdited(await existing(records, reviews, reviews.queryId(queryParam(mutation))), mutation.body);
      const product = await rerated(records, review.productId, review.id, [review]);
      return applied(200, { review, product: product ?? null }, [stored('reviews', review), ...(product ? [stored('products', product)] : [])]);
    },
  },
  'PATCH /api/reviews': {
    role: 'staff',
    apply: async (records, mutation) => {
      const review = reviewVoted(await existing(records, reviews, reviews.queryId(queryParam(mutation))), mutation.body);
      return applied(200, { review }, [stored('reviews', review)]);
    },
  },
  'DELETE /api/reviews': {
    role: 'staff',
    apply: async (records, mutation) => {
      const review = await existing(records, reviews, reviews.queryId(queryParam(mutation)));
      const product = (await rerated(records, review.productId, review.id)) ?? null;
      return applied(200, { review, product }, [{ kind: 'reviews', id: review.id, deleted: true }, ...(product ? [stored('products', product)] : [])]);
    },
  },

  // An order placed for a customer (domain/writes/place-order.ts): products published and in stock, now.
  'POST /api/orders': {
    role: 'staff',
    apply: async (records, mutation, ctx) => {
      const input = orderToPlace(mutation.body);
      const user = (await records.get('users', input.customerId)) as User | undefined;
      const products = (await records.getMany('products', input.items.map((item) => item.productId))) as Array<Product | undefined>;
      const { customer, items } = orderParts(input, user, products);
      const id = await freshId(records, orders);
      const order = placedOrder(input, customer, items, { id, invoiceId: await freshOrderNumber(records) }, ctx.now);
      return applied(201, { order }, [stored('orders', order)], [{ kind: 'orders', id }]);
    },
  },
  'PATCH /api/orders': { role: 'staff', apply: replaceMutation(orders, (current, body, ctx) => orderPatched(current, body, ctx.now), { requireParam: true }) },
  'DELETE /api/orders': { role: 'staff', apply: deleteMutation(orders) },
  'POST /api/orders/restore': { role: 'staff', apply: restoreMutation(orders) },
  'POST /api/orders/bulk-delete': { role: 'staff', apply: bulkDeleteMutation(orders) },
  'POST /api/orders/bulk-status': { role: 'staff', apply: bulkStatusMutation(orders, orderStatusSchema, ordersWithStatus) },
  'POST /api/orders/:id/timeline': {
    role: 'staff',
    apply: async (records, mutation, ctx) => {
      const { step } = validate(z.strictObject({ step: z.enum(orderTimelineSteps).refine((s) => s === 'out-for-delivery', 'Only out-for-delivery can be recorded') }), bodyObject(mutation.body));
      const order = orderWithTimelineStep(await existing(records, orders, orders.queryId(queryParam(mutation))), step, ctx.now);
      return applied(200, { order }, [stored('orders', order)]);
    },
  },
  // An import: each order gets the shop's next id and number (#IN…), whatever number it came with.
  'POST /api/orders/bulk': {
    role: 'admin',
    apply: async (records, mutation) => {
      const rows = eachRow(bulkRows(mutation.body, 'orders'), 'orders', (row) => validate(bulkOrderSchema, row));
      const created: Order[] = [];
      for (const row of rows) {
        const id = await freshId(records, orders);
        const invoiceId = await freshOrderNumber(records);
        created.push({ ...row, id, invoiceId, ...computeOrderTotals(row), statusHistory: row.statusHistory ?? plausibleHistory(row) });
      }
      return applied(201, bulkAnswer(created), created.map((order) => stored('orders', order)), created.map((order) => ({ kind: 'orders' as const, id: order.id })));
    },
  },

  ...recordMutations(invoices, 'admin', {
    create: (_records, body) => invoiceToCreate(body),
    replace: (current, body) => invoiceReplaced(current, body),
    statusSchema: invoiceStatusSchema,
    bulkRow: (row) => buildInvoice(validate(invoiceInputSchema, row)),
  }),

  ...ticketMutations(),

  'POST /api/files': {
    role: 'staff',
    apply: async (records, mutation, ctx) => {
      const file = fileToCreate(mutation.body, ctx.now);
      if (await records.has('files', file.id)) throw new ApiError(409, `File ${file.id} already exists`);
      const { data: _data, ...info } = file;
      return applied(201, { file: { ...info, url: `${FILE_URL_PREFIX}${file.id}` } }, [stored('files', file as SyncedFile & ShopRecord)], [{ kind: 'files', id: file.id }]);
    },
  },
  'DELETE /api/files/:id': {
    role: 'staff',
    apply: async (records, mutation) => {
      const { data: _data, ...info } = await existing(records, files, files.queryId(queryParam(mutation)));
      return applied(200, { file: { ...info, url: `${FILE_URL_PREFIX}${info.id}` } }, [{ kind: 'files', id: info.id, deleted: true }]);
    },
  },
};

/** Tickets: opened (product and attachment checked), status changes, replies, delete, restore. */
function ticketMutations(): Record<string, MutationSpec> {
  const role: WriteRole = 'staff';
  return {
    'POST /api/tickets': {
      role,
      apply: createMutation(tickets, async (records, body, ctx) => {
        const ticket = ticketToCreate(body, ctx.now);
        await assertTicketReferences(records, ticket);
        return ticket;
      }),
    },
    // An admin's import: each ticket keeps its status, its thread (authors, times) and its dates.
    'POST /api/tickets/bulk': {
      role: 'admin',
      apply: async (records, mutation) => {
        const rows = eachRow(bulkRows(mutation.body, 'tickets'), 'tickets', (row) => importedTicket(validate(ticketImportSchema, row)));
        const repeated = repeatedAttachmentIssues(rows);
        if (repeated.length > 0) throw invalidField(repeated[0]!.path, repeated[0]!.message);
        for (const [i, row] of rows.entries()) await assertTicketReferences(records, row, `tickets.${i}.`);
        const created: Ticket[] = [];
        for (const row of rows) created.push({ ...row, id: await freshId(records, tickets) });
        return applied(201, bulkAnswer(created), created.map((ticket) => stored('tickets', ticket)), created.map((ticket) => ({ kind: 'tickets' as const, id: ticket.id })));
      },
    },
    'PATCH /api/tickets': { role, apply: replaceMutation(tickets, (current, body, ctx) => ticketPatched(current, body, ctx.now), { requireParam: true }) },
    'DELETE /api/tickets': { role, apply: deleteMutation(tickets) },
    'POST /api/tickets/restore': { role, apply: restoreMutation(tickets) },
    'POST /api/tickets/bulk-delete': { role, apply: bulkDeleteMutation(tickets) },
    'POST /api/tickets/bulk-status': { role, apply: bulkStatusMutation(tickets, ticketStatusSchema, (rows, status, now) => rows.map((row) => ticketWithStatus(row, status, now))) },
    'POST /api/tickets/:id/replies': {
      role,
      apply: async (records, mutation, ctx) => {
        const current = await existing(records, tickets, tickets.queryId(queryParam(mutation)));
        const ticket = ticketReplied(current, mutation.body, authorName(ctx), ctx.now, `${mutation.id}-${ctx.now}`);
        return applied(201, { ticket }, [stored('tickets', ticket)]);
      },
    },
  };
}

/** A new ticket's product and attachment exist, and no stored ticket has the attachment (400 under `<prefix>productId` / `<prefix>attachmentFileId`). */
async function assertTicketReferences(records: ShopRecords, ticket: Omit<Ticket, 'id'>, prefix = ''): Promise<void> {
  const fileId = ticket.attachmentFileId;
  const issue = ticketReferenceIssue(ticket, {
    product: ticket.productId === null || (await records.get('products', ticket.productId)) !== undefined,
    file: fileId !== null && (await records.get('files', fileId)) !== undefined,
    ownerId: fileId === null ? undefined : ((await records.findBy('tickets', 'attachmentFileId', fileId))[0]?.id as number | undefined),
  });
  if (issue) throw invalidField(`${prefix}${issue.field}`, issue.message);
}

/** A bulk insert's answer: `{ inserted, firstId, lastId }`. */
const bulkAnswer = (created: readonly ShopRecord[]) => ({ inserted: created.length, firstId: created[0]!.id, lastId: created[created.length - 1]!.id });

function invalidField(path: string, message: string): ApiError {
  return new ApiError(400, `${INVALID_REQUEST}: ${path}: ${message}`, [{ path, message }]);
}

/**
 * The fields the writes look records up by (`ShopRecords.findBy` / `findDeletedBy`): a store
 * that keeps records as documents indexes these, so a lookup does not scan a kind's records
 * (an import of 5,000 orders checks each new order number).
 */
export const lookupFields: ReadonlyArray<readonly [SyncedKind, string]> = [
  ['reviews', 'productId'],
  ['reviews', 'deletedWith'],
  ['orders', 'invoiceId'],
  ['products', 'code'],
  ['tickets', 'attachmentFileId'],
];

/** Every mutation name the server accepts. */
export const mutationNames: readonly string[] = Object.keys(mutations);

/** The least role that may send the mutation; undefined for a name the server does not know. */
export function mutationRole(name: string): WriteRole | undefined {
  return Object.hasOwn(mutations, name) ? mutations[name]!.role : undefined;
}

/** The value no two live records of the kind may share (a product's code, any case), if the kind has one. */
export function uniqueKeyOf(kind: SyncedKind, record: ShopRecord): string | undefined {
  return kind === 'products' && typeof record.code === 'string' ? productCodeKey(record.code) : undefined;
}

/** Applies one mutation to the shop as `records` shows it: the changes to store, or an ApiError (4xx) saying why not. */
export async function applyMutation(records: ShopRecords, mutation: Mutation, ctx: MutationContext): Promise<Applied> {
  if (!Object.hasOwn(mutations, mutation.name)) throw new ApiError(400, `Unknown mutation "${String(mutation.name).slice(0, 100)}"`);
  return mutations[mutation.name]!.apply(records, mutation, ctx);
}
