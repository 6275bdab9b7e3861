import { expect } from 'vitest';
import type { Order } from '../../../domain/schema/order';

/** The steps a plausible history (seed and bulk orders) has for each status, written out by hand. */
export const PLAUSIBLE_STEPS: Readonly<Record<Order['status'], readonly string[]>> = {
  new: ['placed'],
  pending: ['placed', 'processing'],
  shipping: ['placed', 'processing', 'shipped'],
  delivered: ['placed', 'processing', 'shipped', 'out-for-delivery', 'delivered'],
  return: ['placed', 'processing', 'shipped', 'returned'],
};

/**
 * Checks that an order's history is plausible for what it is: the steps its status has come
 * through, in time order, placed at createAt and (when delivered) delivered at deliveredAt.
 */
export function expectPlausibleHistory(order: Order): void {
  const history = order.statusHistory ?? [];
  const where = `order ${order.id} (${order.status})`;
  const delivered = order.deliveredAt !== null && order.status === 'return';
  const steps = delivered ? ['placed', 'processing', 'shipped', 'out-for-delivery', 'delivered', 'returned'] : PLAUSIBLE_STEPS[order.status];
  expect(history.map((entry) => entry.step), where).toEqual(steps);
  expect(history[0]?.at, where).toBe(order.createAt);
  const times = history.map((entry) => Date.parse(entry.at));
  expect(times, where).toEqual([...times].sort((a, b) => a - b));
  if (order.status === 'delivered' && order.deliveredAt !== null) {
    expect(Date.parse(history[history.length - 1]!.at), where).toBe(Date.parse(order.deliveredAt));
  }
}
