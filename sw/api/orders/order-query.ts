import { z } from 'zod';
import { ApiError, INVALID_REQUEST } from '../http';
import { listQuery, statusFilter } from '../query';
import { parseSearchDate } from '../search-terms';
import { orderStatuses, paymentMethods } from '../../../domain/schema/order';
import { orderListIndex, type OrderListQuery } from './store/order-list-query';

const paymentFilter = z.preprocess(
  (v) => (typeof v === 'string' && v.trim() !== '' ? v.trim() : undefined),
  z.enum(paymentMethods).optional(),
);

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A 400 about one query parameter: `Invalid request: <name> <message>`. */
const invalidParam = (name: string, message: string) => new ApiError(400, `${INVALID_REQUEST}: ${name} ${message}`, [{ path: name, message }]);

/** A `YYYY-MM-DD` parameter that is a real day (empty or absent: undefined). */
function dayParam(url: URL, name: 'from' | 'to'): string | undefined {
  const value = url.searchParams.get(name)?.trim();
  if (value === undefined || value === '') return undefined;
  const time = DAY.test(value) ? Date.parse(`${value}T00:00:00.000Z`) : NaN;
  // 2026-02-30 parses as March 2nd in some engines: the day must read back as it was written.
  const valid = !Number.isNaN(time) && new Date(time).toISOString().startsWith(value);
  if (!valid) throw invalidParam(name, 'must be a date (YYYY-MM-DD)');
  return value;
}

/**
 * The orders list parameters: page, pageSize, search, status, payment, sort, order (query.ts)
 * and the createAt day range `from`/`to` (UTC days, inclusive; `to` not before `from`); a
 * search that is a date narrows that range instead of matching text.
 */
export function ordersQuery(url: URL): OrderListQuery & { page: number; pageSize: number } {
  const q = listQuery(url, { status: statusFilter(orderStatuses), payment: paymentFilter }, { index: orderListIndex, dateField: 'createAt' });
  const from = dayParam(url, 'from');
  const to = dayParam(url, 'to');
  // Both are YYYY-MM-DD: their text order is their date order.
  if (from !== undefined && to !== undefined && to < from) throw invalidParam('to', 'must not be before from');
  // A search for a day or a month as any language writes it ("28 nov 2026", "28.11.2026") finds
  // the orders placed then: the order date's range, within the one asked.
  const typedDate = parseSearchDate(url.searchParams.get('search') ?? '')?.range;
  if (typedDate) {
    return { ...q, search: undefined, from: from !== undefined && from > typedDate.from ? from : typedDate.from, to: to !== undefined && to < typedDate.to ? to : typedDate.to };
  }
  return { ...q, from, to };
}
