import type { Handler } from '../context';
import { json } from '../http';
import { readBulkBody, validateRowsInSlices } from '../records/bulk-rows';
import { phaseTimer } from '../server-timing';
import { computeOrderTotals } from '../../../domain/orders/order-totals';
import type { Order } from '../../../domain/schema/order';
import { bulkOrderSchema } from '../../../domain/orders/bulk-order';
import { orderStore } from './store/order-store';
import { plausibleHistory } from '../../../domain/orders/status-history';

/** Orders one `POST /api/orders/bulk` call may insert. */
export const MAX_BULK_ORDERS = 5_000;


/**
 * `POST /api/orders/bulk` `{ orders: [...] }`: inserts up to 5,000 orders in one transaction.
 * Every order is checked before anything is written; one bad order rejects the call (400
 * naming `orders.<index>.<field>`) and nothing is inserted. 201 `{ inserted, firstId, lastId }`.
 */
export const bulkInsertOrders: Handler = async ({ db, request, changed }) => {
  const timing = phaseTimer();
  const { rows } = await readBulkBody(request, { field: 'orders', noun: 'order', max: MAX_BULK_ORDERS });
  timing.end('read');
  // zod's outputs are new objects: completed in place, they become the stored orders (no further copies at 100,000 rows).
  // Checked in slices: an import's previous call is writing meanwhile, and its requests are answered between them.
  const orders: Array<Omit<Order, 'id'>> = (await validateRowsInSlices(bulkOrderSchema, rows, 'orders')).map((order) =>
    Object.assign(order, computeOrderTotals(order), order.statusHistory === undefined ? { statusHistory: plausibleHistory(order) } : {}),
  );
  timing.end('validate');

  // One transaction: all or nothing, with consecutive new ids.
  const { firstId, lastId } = await orderStore(db).insertMany(orders);
  timing.end('write');
  changed('orders');
  // Server-Timing says where the call's time went (the benchmark sums it over an import).
  return json({ inserted: orders.length, firstId, lastId }, 201, { 'server-timing': timing.header() });
};
