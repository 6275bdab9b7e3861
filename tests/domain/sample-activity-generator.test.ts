import { describe, expect, it } from 'vitest';
import { orderSchema, orderStatuses, type Order } from '../../domain/schema/order';
import { userSchema } from '../../domain/schema/user';
import { invoiceInputSchema } from '../../domain/schema/invoice';
import { reviewSchema } from '../../domain/schema/review';
import { ticketSchema } from '../../domain/schema/ticket';
import { courseSchema, studySessionSchema, taskSchema } from '../../domain/schema/learning';
import { applicationSchema, candidateSchema, jobPostSchema } from '../../domain/schema/jobs';
import { computeOrderTotals } from '../../domain/orders/order-totals';
import { canMoveOrder } from '../../domain/orders/transitions';
import { stepOfStatus } from '../../domain/orders/status-history';
import { DAY_MS } from '../../domain/units';
import { seedProducts } from '../../seed/products';
import { MONTH_FACTORS, ordersPerDay, WEEKEND_FACTOR } from '../../seed/activity/rhythm';
import { randomStream } from '../../seed/activity/random';
import { generateAll } from './support/sample-activity-run';

const NOW = Date.parse('2026-11-20T15:30:00.000Z');
const all = generateAll(7, NOW, 2_000, seedProducts);

const schemas = {
  users: userSchema,
  orders: orderSchema,
  invoices: invoiceInputSchema,
  reviews: reviewSchema,
  tickets: ticketSchema,
  courses: courseSchema,
  studySessions: studySessionSchema.omit({ id: true }),
  tasks: taskSchema.omit({ id: true }),
  jobPosts: jobPostSchema,
  candidates: candidateSchema,
  applications: applicationSchema,
} as const;

const isWeekend = (ms: number) => [0, 6].includes(new Date(ms).getUTCDay());

describe('a year of sample activity (seed/activity)', () => {
  it('makes the sizes the issue asks for: 300 customers, 2,000 orders, invoices, reviews, 40 tickets, learning and hiring records', () => {
    expect(all.users).toHaveLength(300);
    expect(all.orders).toHaveLength(2_000);
    expect(all.invoices.length).toBeGreaterThan(120);
    expect(all.invoices.length).toBeLessThan(300);
    expect(all.tickets).toHaveLength(40);
    expect(all.tickets.filter((ticket) => ticket.replies.length > 0).length).toBeGreaterThan(25);
    for (const kind of ['courses', 'studySessions', 'tasks', 'jobPosts', 'candidates', 'applications'] as const) expect(all[kind].length, kind).toBeGreaterThan(0);
  });

  it('gives every record that parses with its entity schema', () => {
    for (const [kind, schema] of Object.entries(schemas)) {
      for (const record of all[kind as keyof typeof schemas]) {
        const parsed = schema.safeParse(record);
        expect(parsed.success, `${kind}: ${JSON.stringify(parsed.error?.issues[0])} in ${JSON.stringify(record).slice(0, 300)}`).toBe(true);
      }
    }
    // Order sums are what the items give; customers' e-mails are unique (an import's checks would refuse a copy).
    for (const order of all.orders) expect({ subTotalAmount: order.subTotalAmount, totalAmount: order.totalAmount }).toEqual(computeOrderTotals(order));
    expect(new Set(all.users.map((user) => user.email)).size).toBe(all.users.length);
    expect(new Set(all.candidates.map((candidate) => candidate.email)).size).toBe(all.candidates.length);
    expect(new Set(all.applications.map((a) => `${a.jobPostId}:${a.candidateId}`)).size).toBe(all.applications.length);
  });

  it('is deterministic: the same seed and moment give the same records; another seed others', () => {
    expect(generateAll(7, NOW, 2_000, seedProducts)).toEqual(all);
    // Made and invoiced in other batches (as the worker stores them), the records are the same.
    expect(generateAll(7, NOW, 2_000, seedProducts, 300)).toEqual(all);
    const other = generateAll(8, NOW, 2_000, seedProducts);
    expect(other.orders.map((o) => o.createAt)).not.toEqual(all.orders.map((o) => o.createAt));
    expect(randomStream(1, 'a').next()).toBe(randomStream(1, 'a').next());
  });

  it('dates everything within the year before now, orders by customers who had joined', () => {
    const joined = new Map(all.users.map((user) => [user.id, Date.parse(user.createAt)]));
    for (const order of all.orders) {
      const placed = Date.parse(order.createAt);
      expect(placed).toBeLessThanOrEqual(NOW);
      expect(placed).toBeGreaterThan(NOW - 366 * DAY_MS);
      expect(joined.get(order.customer.id)).toBeLessThanOrEqual(placed);
    }
    const instants = [...all.reviews.map((r) => r.createdAt), ...all.tickets.map((t) => t.updatedAt), ...all.studySessions.map((s) => s.startedAt), ...all.applications.map((a) => a.updatedAt)];
    for (const at of instants) expect(Date.parse(at)).toBeLessThanOrEqual(NOW);
  });

  it('has every order status, each with a history that follows the transitions and ends in its status, no step after now', () => {
    const statuses = new Set(all.orders.map((order) => order.status));
    expect([...statuses].sort()).toEqual([...orderStatuses].sort());
    const statusOfStep = Object.fromEntries(Object.entries(stepOfStatus).map(([status, step]) => [step, status])) as Record<string, Order['status']>;
    for (const order of all.orders) {
      const history = order.statusHistory!;
      expect(history[0]).toEqual({ step: 'placed', at: order.createAt });
      const path = history.map((entry) => statusOfStep[entry.step]).filter((status): status is Order['status'] => status !== undefined);
      for (let i = 1; i < path.length; i++) expect(canMoveOrder(path[i - 1]!, path[i]!), `${path.join(' → ')}`).toBe(true);
      expect(path.at(-1)).toBe(order.status);
      for (let i = 1; i < history.length; i++) expect(history[i]!.at >= history[i - 1]!.at).toBe(true);
      expect(Date.parse(history.at(-1)!.at)).toBeLessThanOrEqual(NOW);
      expect(order.deliveredAt !== null).toBe(order.status === 'delivered' || order.status === 'return');
    }
  });

  it('has a weekly rhythm: weekend days take more orders than weekdays', () => {
    const days = new Map<number, number>();
    for (const order of all.orders) {
      const day = Math.floor(Date.parse(order.createAt) / DAY_MS);
      days.set(day, (days.get(day) ?? 0) + 1);
    }
    const perDay = (weekend: boolean) => {
      const chosen = ordersPerDay(NOW, 2_000).filter((day) => isWeekend(day.dayMs) === weekend);
      const orders = chosen.reduce((sum, day) => sum + (days.get(day.dayMs / DAY_MS) ?? 0), 0);
      return orders / chosen.length;
    };
    const ratio = perDay(true) / perDay(false);
    expect(ratio).toBeGreaterThan(WEEKEND_FACTOR * 0.85);
    expect(ratio).toBeLessThan(WEEKEND_FACTOR * 1.15);
  });

  it('has a seasonal rhythm: November and December are the busiest months, February the quietest', () => {
    const perMonth = Array.from({ length: 12 }, () => ({ orders: 0, days: new Set<number>() }));
    for (const order of all.orders) perMonth[new Date(order.createAt).getUTCMonth()]!.orders++;
    for (const day of ordersPerDay(NOW, 2_000)) perMonth[new Date(day.dayMs).getUTCMonth()]!.days.add(day.dayMs);
    // Orders per day in each month (the current month is partly in the window).
    const rate = perMonth.map((month) => month.orders / month.days.size);
    // The year's growth (a third) moves the peak between November and December, never out of them.
    const byRate = rate.map((value, month) => ({ value, month })).sort((a, b) => b.value - a.value);
    expect(byRate.slice(0, 2).map((m) => m.month).sort()).toEqual([10, 11]);
    expect(byRate.at(-1)!.month).toBe(MONTH_FACTORS.indexOf(Math.min(...MONTH_FACTORS)));
    expect(Math.min(rate[10]!, rate[11]!) / rate[1]!).toBeGreaterThan(1.6);
  });

  it('gives reviews on most products, the stars scattered around each product’s own level', () => {
    const reviewed = new Set(all.reviews.map((review) => review.productId));
    expect(reviewed.size).toBeGreaterThanOrEqual(Math.floor(seedProducts.length * 0.6));
    const means = [...reviewed].map((id) => {
      const ratings = all.reviews.filter((review) => review.productId === id).map((review) => review.rating);
      return ratings.reduce((a, b) => a + b, 0) / ratings.length;
    });
    expect(Math.max(...means) - Math.min(...means)).toBeGreaterThan(0.5);
    // A one-star review does not read like a five-star one.
    const texts = (rating: number) => new Set(all.reviews.filter((review) => review.rating === rating).map((review) => review.review));
    for (const text of texts(5)) expect(texts(1).has(text)).toBe(false);
  });

  it('scales: 20,000 orders keep every rule (a size for trying the scale figures)', () => {
    const big = generateAll(3, NOW, 20_000, seedProducts);
    expect(big.orders).toHaveLength(20_000);
    expect(big.users).toHaveLength(2_000);
    for (const order of big.orders.slice(-500)) expect(orderSchema.safeParse(order).success).toBe(true);
  });
});
