import { describe, expect, it } from 'vitest';
import { buildOrderTimeline, canMarkOutForDelivery, type StatusChange, type TimelineSource } from '../../../src/lib/order-timeline';

const createAt = '2026-03-01T09:00:00.000Z';

const order = (status: TimelineSource['status'], statusHistory?: StatusChange[], deliveredAt: string | null = null): TimelineSource => ({
  status,
  createAt,
  deliveredAt,
  ...(statusHistory ? { statusHistory } : {}),
});

/** Each step as "Label: state @ time" for compact, readable expectations. */
const shown = (source: TimelineSource) => buildOrderTimeline(source).map(({ label, state, at }) => `${label}: ${state}${at ? ` @ ${at}` : ''}`);

const at = (day: number, hour = 10) => `2026-03-${String(day).padStart(2, '0')}T${String(hour).padStart(2, '0')}:00:00.000Z`;

describe('buildOrderTimeline', () => {
  it('shows a delivered order with its full history done up to Delivered, with each time', () => {
    const history: StatusChange[] = [
      { step: 'placed', at: createAt },
      { step: 'processing', at: at(2) },
      { step: 'shipped', at: at(3) },
      { step: 'out-for-delivery', at: at(5, 8) },
      { step: 'delivered', at: at(5, 15) },
    ];
    expect(shown(order('delivered', history, at(5, 15)))).toEqual([
      `Placed: done @ ${createAt}`,
      `Processing: done @ ${at(2)}`,
      `Shipped: done @ ${at(3)}`,
      `Out for delivery: done @ ${at(5, 8)}`,
      `Delivered: current @ ${at(5, 15)}`,
    ]);
  });

  it('shows only Placed, at the order date, for an order without a history', () => {
    expect(shown(order('new'))).toEqual([
      `Placed: current @ ${createAt}`,
      'Processing: upcoming',
      'Shipped: upcoming',
      'Out for delivery: upcoming',
      'Delivered: upcoming',
    ]);
    // An empty history is the same as none.
    expect(shown(order('new', []))).toEqual(shown(order('new')));
  });

  it('marks the steps before the status as passed when an old order has no history', () => {
    expect(shown(order('shipping'))).toEqual([
      `Placed: done @ ${createAt}`,
      'Processing: done',
      'Shipped: current',
      'Out for delivery: upcoming',
      'Delivered: upcoming',
    ]);
    // Delivered falls back to the stored delivery date.
    expect(buildOrderTimeline(order('delivered', undefined, at(9))).at(-1)).toEqual({ step: 'delivered', label: 'Delivered', state: 'current', at: at(9) });
  });

  it('ends a returned order with Returned after the steps it reached', () => {
    const deliveredThenReturned: StatusChange[] = [
      { step: 'placed', at: createAt },
      { step: 'processing', at: at(2) },
      { step: 'shipped', at: at(3) },
      { step: 'delivered', at: at(6) },
      { step: 'returned', at: at(10) },
    ];
    expect(shown(order('return', deliveredThenReturned, at(6)))).toEqual([
      `Placed: done @ ${createAt}`,
      `Processing: done @ ${at(2)}`,
      `Shipped: done @ ${at(3)}`,
      // Skipped on the way (never marked): passed, with no time.
      'Out for delivery: done',
      `Delivered: done @ ${at(6)}`,
      `Returned: current @ ${at(10)}`,
    ]);

    const cancelledWhileProcessing: StatusChange[] = [
      { step: 'placed', at: createAt },
      { step: 'processing', at: at(2) },
      { step: 'returned', at: at(4) },
    ];
    expect(shown(order('return', cancelledWhileProcessing))).toEqual([`Placed: done @ ${createAt}`, `Processing: done @ ${at(2)}`, `Returned: current @ ${at(4)}`]);

    // No history at all: placed, then returned (time unknown).
    expect(shown(order('return'))).toEqual([`Placed: done @ ${createAt}`, 'Returned: current']);
  });

  it('follows a re-opened order whose status went back, with the latest time of each step', () => {
    const history: StatusChange[] = [
      { step: 'placed', at: createAt },
      { step: 'processing', at: at(2) },
      { step: 'shipped', at: at(3) },
      { step: 'delivered', at: at(5) },
      // Back to pending: processing again.
      { step: 'processing', at: at(7) },
    ];
    expect(shown(order('pending', history, at(5)))).toEqual([
      `Placed: done @ ${createAt}`,
      `Processing: current @ ${at(7)}`,
      // Reached before, but to come again: no stale times.
      'Shipped: upcoming',
      'Out for delivery: upcoming',
      'Delivered: upcoming',
    ]);
  });

  it('starts over from the last Placed when an order goes back to new', () => {
    const history: StatusChange[] = [
      { step: 'placed', at: createAt },
      { step: 'processing', at: at(2) },
      { step: 'shipped', at: at(3) },
      { step: 'placed', at: at(8) },
      { step: 'shipped', at: at(9) },
    ];
    expect(shown(order('shipping', history))).toEqual([
      `Placed: done @ ${at(8)}`,
      // Processing was recorded before the re-placing only: passed, but its old time is not this run's.
      'Processing: done',
      `Shipped: current @ ${at(9)}`,
      'Out for delivery: upcoming',
      'Delivered: upcoming',
    ]);
  });

  it('moves to Out for delivery once marked after the last Shipped', () => {
    const shippedHistory: StatusChange[] = [
      { step: 'placed', at: createAt },
      { step: 'processing', at: at(2) },
      { step: 'shipped', at: at(3) },
    ];
    expect(canMarkOutForDelivery(order('shipping', shippedHistory))).toBe(true);

    const marked = [...shippedHistory, { step: 'out-for-delivery' as const, at: at(4) }];
    expect(canMarkOutForDelivery(order('shipping', marked))).toBe(false);
    expect(shown(order('shipping', marked))).toEqual([
      `Placed: done @ ${createAt}`,
      `Processing: done @ ${at(2)}`,
      `Shipped: done @ ${at(3)}`,
      `Out for delivery: current @ ${at(4)}`,
      'Delivered: upcoming',
    ]);

    // Shipped again after the mark (went back to pending, then shipping): the mark no longer counts.
    const shippedAgain = [...marked, { step: 'processing' as const, at: at(5) }, { step: 'shipped' as const, at: at(6) }];
    expect(canMarkOutForDelivery(order('shipping', shippedAgain))).toBe(true);
    expect(buildOrderTimeline(order('shipping', shippedAgain)).map((entry) => entry.state)).toEqual(['done', 'done', 'current', 'upcoming', 'upcoming']);
  });

  it('offers the out-for-delivery mark only for shipping orders', () => {
    for (const status of ['new', 'pending', 'delivered', 'return'] as const) expect(canMarkOutForDelivery(order(status))).toBe(false);
    expect(canMarkOutForDelivery(order('shipping'))).toBe(true);
  });
});
