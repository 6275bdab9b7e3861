import { z } from 'zod';
import type { Handler } from './context';
import { ApiError, INVALID_REQUEST, json, readJsonObject } from './http';
import { computeOrderTotals } from './order-totals';
import { orderSchema, type Order } from './schema/order';
import { orderStore } from './order-store';

/** Orders one `POST /api/orders/bulk` call may insert. */
export const MAX_BULK_ORDERS = 5_000;
/** A bulk body may be larger than the 1 MB other bodies are held to: 5,000 orders are a few MB of JSON. */
export const MAX_BULK_BODY_BYTES = 16_000_000;
/** At most this many issues are named in the message (all are listed, up to 100, in `issues`). */
const ISSUES_IN_MESSAGE = 5;
const ISSUES_LISTED = 100;

/**
 * One order of a bulk import: the order as stored, minus `id` (the database assigns it).
 * `subTotalAmount` and `totalAmount` may be left out; they are computed from the items, and
 * when sent they must equal what the items give (so an export can be imported as is).
 */
export const bulkOrderSchema = orderSchema
  .omit({ id: true, subTotalAmount: true, totalAmount: true })
  .extend({ subTotalAmount: orderSchema.shape.subTotalAmount.optional(), totalAmount: orderSchema.shape.totalAmount.optional() })
  .strict()
  .superRefine((order, ctx) => {
    // Usually neither sum is sent: then there is nothing to compare (the handler computes them).
    if (order.subTotalAmount === undefined && order.totalAmount === undefined) return;
    const sums = computeOrderTotals(order);
    for (const field of ['subTotalAmount', 'totalAmount'] as const) {
      const sent = order[field];
      if (sent !== undefined && Math.round(sent * 100) !== Math.round(sums[field] * 100)) {
        ctx.addIssue({ code: 'custom', path: [field], message: `must equal ${sums[field]} (computed from the items)` });
      }
    }
  });

const bulkBodySchema = z
  .object({
    orders: z
      .array(z.unknown())
      .min(1, 'Send at least one order')
      .max(MAX_BULK_ORDERS, `At most ${MAX_BULK_ORDERS} orders per call`),
  })
  .strict();

async function readBulkBody(request: Request): Promise<unknown[]> {
  const parsed = await readJsonObject(request, MAX_BULK_BODY_BYTES);
  const body = bulkBodySchema.safeParse(parsed);
  if (!body.success) throw invalid(body.error.issues.map((i) => ({ path: i.path.map(String).join('.') || '(body)', message: i.message })));
  return body.data.orders;
}

function invalid(issues: Array<{ path: string; message: string }>): ApiError {
  const named = issues.slice(0, ISSUES_IN_MESSAGE).map((i) => `${i.path}: ${i.message}`);
  const more = issues.length > ISSUES_IN_MESSAGE ? `; and ${issues.length - ISSUES_IN_MESSAGE} more` : '';
  return new ApiError(400, `${INVALID_REQUEST}: ${named.join('; ')}${more}`, issues.slice(0, ISSUES_LISTED));
}

/**
 * `POST /api/orders/bulk` `{ orders: [...] }`: inserts up to 5,000 orders in one transaction.
 * Every order is checked before anything is written; one bad order rejects the call (400
 * naming `orders.<index>.<field>`) and nothing is inserted. 201 `{ inserted, firstId, lastId }`.
 */
export const bulkInsertOrders: Handler = async ({ db, request, changed }) => {
  const timing = phaseTimer();
  const raw = await readBulkBody(request);
  timing.end('read');
  const orders: Array<Omit<Order, 'id'>> = [];
  const issues: Array<{ path: string; message: string }> = [];
  raw.forEach((value, index) => {
    const result = bulkOrderSchema.safeParse(value);
    // zod's output is a new object: it becomes the stored order (no further copies at 100,000 rows).
    if (result.success) orders.push(Object.assign(result.data, computeOrderTotals(result.data)));
    else for (const issue of result.error.issues) issues.push({ path: ['orders', index, ...issue.path].map(String).join('.'), message: issue.message });
  });
  if (issues.length > 0) throw invalid(issues);
  timing.end('validate');

  // One transaction: all or nothing, with consecutive new ids.
  const { firstId, lastId } = await orderStore(db).insertMany(orders);
  timing.end('write');
  changed('orders');
  // Server-Timing says where the call's time went (the benchmark sums it over an import).
  return json({ inserted: orders.length, firstId, lastId }, 201, { 'server-timing': timing.header() });
};

/** Durations of consecutive phases, as a Server-Timing header value. */
function phaseTimer() {
  const phases: string[] = [];
  let last = performance.now();
  return {
    end(name: string) {
      const now = performance.now();
      phases.push(`${name};dur=${(now - last).toFixed(1)}`);
      last = now;
    },
    header: () => phases.join(', '),
  };
}
