import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTestApi } from './support/harness';
import type { Invoice } from '../../domain/schema/invoice';
import type { User } from '../../domain/schema/user';
import type { AnalyticsDashboard, SaasDashboard, SalesDashboard, Stat } from '../../domain/schema/dashboard';

// Every figure below is worked out by hand from the fixed data set (see the comments), not
// by calling the dashboards' code. "Now" is Saturday 2030-06-15 12:00 UTC, so:
//   week  = 2030-06-09 … 06-15 (Sun 9 … Sat 15), compared with 06-02 … 06-08;
//   month = 2030-05-17 … 06-15, compared with 04-17 … 05-16;
//   year  = 2029-07 … 2030-06, compared with 2028-07 … 2029-06.
const NOW = '2030-06-15T12:00:00.000Z';

const PRODUCTS = {
  lamp: { id: 1, name: 'Lamp', image: '/images/products/lamp.svg', price: 10 },
  mug: { id: 2, name: 'Mug', image: '/images/products/mug.svg', price: 2.5 },
  desk: { id: 3, name: 'Desk', image: '/images/products/desk.svg', price: 100 },
};
type ProductName = keyof typeof PRODUCTS;
const CUSTOMERS: Record<number, string> = { 1: 'Ann Lee', 2: 'Bo Chen', 3: 'Cy Diaz', 4: 'Di Ek', 5: 'Ed Fox' };

let invoiceNo = 1;
/** An order as POST /api/orders/bulk takes it; no tax, shipping or discount, so its total is Σ price × quantity. */
function order(customer: number, createAt: string, status: string, paymentMethod: string, lines: Array<[ProductName, number]>) {
  const name = CUSTOMERS[customer]!;
  return {
    invoiceId: `#IN${String(9000 + invoiceNo++)}`,
    createAt,
    deliveredAt: null,
    customer: { id: customer, name, email: `c${customer}@example.com`, phone: '+1 555 0100' },
    billing: '1 Main Street',
    shipping: '1 Main Street',
    status,
    payment: { id: 1, paymentMethod, cardNumber: '**** 4242' },
    items: lines.map(([product, quantity]) => ({ ...PRODUCTS[product], quantity })),
    taxAmount: 0,
    discountAmount: 0,
    shippingChargeAmount: 0,
  };
}

// Totals: o1 20, o2 10, o3 100 (this week); o4 15, o5 50 (the week before); o6 200 (this month);
// o7 5 (this year: customer 1's first order); o8 30 (the year before); o9 2.5 (the month before).
const ORDERS = [
  order(1, '2030-06-15T09:00:00.000Z', 'delivered', 'Paypal', [['lamp', 2]]),
  order(1, '2030-06-10T10:00:00.000Z', 'new', 'Credit Card', [['mug', 4]]),
  order(2, '2030-06-09T00:00:00.000Z', 'pending', 'Paypal', [['desk', 1]]),
  order(3, '2030-06-08T23:59:59.000Z', 'shipping', 'Visa Card', [['lamp', 1], ['mug', 2]]),
  order(2, '2030-06-03T08:00:00.000Z', 'return', 'Master Card', [['lamp', 5]]),
  order(4, '2030-05-20T00:00:00.000Z', 'delivered', 'Paypal', [['desk', 2]]),
  order(1, '2030-01-10T10:00:00.000Z', 'delivered', 'Credit Card', [['mug', 2]]),
  order(5, '2029-05-01T10:00:00.000Z', 'delivered', 'Paypal', [['lamp', 3]]),
  order(3, '2030-05-01T10:00:00.000Z', 'new', 'Visa Card', [['mug', 1]]),
];

function invoice(id: string, customer: { id: number; name: string }, issueDate: string, dueDate: string, status: Invoice['status'], total: number): Invoice {
  return {
    id,
    issueDate,
    dueDate,
    status,
    billingAddress: { email: 'billing@example.com', phone: '+1 555 0100', address: '1 Main Street, United States' },
    payment: { paymentMethod: 'Paypal', cardHolder: customer.name, cardNo: '**** 4242' },
    customer: { ...customer, image: `/images/avatars/${customer.id}.svg` },
    products: [{ id: null, title: 'Subscription', quantity: 1, price: total, discount: 0, total }],
    shippingCharge: 0,
    taxPercent: 0,
    subTotal: total,
    tax: 0,
    totalAmount: total,
  };
}
const ACME = { id: 10, name: 'Acme' };
const BETA = { id: 11, name: 'Beta' };
const GAMMA = { id: 12, name: 'Gamma' };
const INVOICES = [
  invoice('INV-001', ACME, '2030-06-14T10:00:00.000Z', '2030-06-28T10:00:00.000Z', 'pending', 300), // outstanding
  invoice('INV-002', BETA, '2030-06-10T10:00:00.000Z', '2030-06-12T10:00:00.000Z', 'pending', 120), // overdue
  invoice('INV-003', ACME, '2030-06-09T00:00:00.000Z', '2030-06-20T00:00:00.000Z', 'complete', 80),
  invoice('INV-004', GAMMA, '2030-06-05T10:00:00.000Z', '2030-06-20T10:00:00.000Z', 'pending', 70), // week before: not due on 06-09
  invoice('INV-005', BETA, '2030-06-02T00:00:00.000Z', '2030-06-04T00:00:00.000Z', 'pending', 50), // week before: overdue on 06-09
  invoice('INV-006', ACME, '2030-05-01T10:00:00.000Z', '2030-05-15T10:00:00.000Z', 'complete', 1000), // Acme's first invoice
];

function user(id: number, address: string): User {
  return { id, name: `User ${id}`, image: '/images/avatars/avatar-01.svg', email: `u${id}@example.com`, role: 'Buyer', status: 'verified', address, createAt: '2030-01-01T00:00:00.000Z', phone: '+1 555 0100' };
}
const USERS = [user(1, 'Japan'), user(2, '1 Main St, Springfield, United States'), user(3, 'United States'), user(4, 'Japan'), user(5, 'France'), user(6, 'Nairobi, Kenya')];

let api: ReturnType<typeof createTestApi>;

/**
 * Empties the seeded shop (before any order call: the order index is not built yet). The
 * figures derived from the orders and users go too, as an account from before they existed
 * has none: the first dashboard call builds them from what is stored then.
 */
async function emptyShop(): Promise<void> {
  await Promise.all([api.db.orderBlocks.clear(), api.db.invoices.clear(), api.db.users.clear(), api.db.derived.clear()]);
}

async function loadData(): Promise<void> {
  await emptyShop();
  const res = await api.call('POST', '/api/orders/bulk', { orders: ORDERS });
  expect(res.status).toBe(201);
  await api.db.invoices.bulkAdd(INVOICES);
  await api.db.users.bulkAdd(USERS);
}

async function dashboard<T>(name: string, period?: string): Promise<T> {
  const res = await api.call<T>('GET', `/api/dashboards/${name}${period ? `?period=${period}` : ''}`);
  expect(res.status).toBe(200);
  return res.body;
}

const stat = (value: number, previous: number, changePercent: number | null): Stat => ({ value, previous, changePercent });
const weekDays = ['2030-06-09', '2030-06-10', '2030-06-11', '2030-06-12', '2030-06-13', '2030-06-14', '2030-06-15'];
const weekLabels = ['Sun 9', 'Mon 10', 'Tue 11', 'Wed 12', 'Thu 13', 'Fri 14', 'Sat 15'];
const weekSeries = (values: number[]) => weekDays.map((key, i) => ({ key, label: weekLabels[i], value: values[i] }));
const statusSlices = (delivered: number, shipping: number, isNew: number, pending: number, ret: number) => [
  { key: 'delivered', label: 'Delivered', value: delivered },
  { key: 'shipping', label: 'Shipping', value: shipping },
  { key: 'new', label: 'New', value: isNew },
  { key: 'pending', label: 'Pending', value: pending },
  { key: 'return', label: 'Return', value: ret },
];
const WEEK_BASE = {
  period: 'week',
  range: { from: '2030-06-09T00:00:00.000Z', to: '2030-06-16T00:00:00.000Z' },
  previousRange: { from: '2030-06-02T00:00:00.000Z', to: '2030-06-09T00:00:00.000Z' },
};
// Orders get ids 16… (the seed's 15 used 1–15, the counter never goes back): o1 is 16.
const O = (n: number) => 15 + n;
/** Order n of ORDERS as a recent-orders row. */
const recent = (n: number, createAt: string, totalAmount: number, status: string, customer: string) => ({
  id: O(n),
  invoiceId: `#IN${9000 + n}`,
  customer,
  createAt,
  totalAmount,
  status,
});
/** Every number in the answer, with its path, so a NaN or an Infinity anywhere is found. */
function numbers(value: unknown, path = '$'): Array<[string, number]> {
  if (typeof value === 'number') return [[path, value]];
  if (Array.isArray(value)) return value.flatMap((v, i) => numbers(v, `${path}[${i}]`));
  if (value !== null && typeof value === 'object') return Object.entries(value).flatMap(([k, v]) => numbers(v, `${path}.${k}`));
  return [];
}

beforeEach(() => {
  vi.setSystemTime(new Date(NOW));
  api = createTestApi();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('GET /api/dashboards/sales', () => {
  it('week: every figure, compared with the previous 7 days', async () => {
    await loadData();
    const body = await dashboard<SalesDashboard>('sales', 'week');
    expect(body).toEqual({
      ...WEEK_BASE,
      // 20 + 10 + 100 against 15 + 50: +100 %.
      revenue: stat(130, 65, 100),
      // Customer 1 ordered twice of 2 customers; the week before, 2 customers once each.
      repeatPurchaseRate: stat(50, 0, null),
      // 130 / 3 = 43.33 against 65 / 2 = 32.5: +33.3 %.
      averageOrderValue: stat(43.33, 32.5, 33.3),
      // First orders: customer 2's on 06-03 (the week before); none this week.
      newCustomers: stat(0, 1, -100),
      earnings: weekSeries([100, 10, 0, 0, 0, 0, 20]),
      statusMix: statusSlices(1, 0, 1, 1, 0),
      topProducts: [
        { id: 3, name: 'Desk', image: '/images/products/desk.svg', quantity: 1, revenue: 100 },
        { id: 1, name: 'Lamp', image: '/images/products/lamp.svg', quantity: 2, revenue: 20 },
        { id: 2, name: 'Mug', image: '/images/products/mug.svg', quantity: 4, revenue: 10 },
      ],
      recentOrders: [
        recent(1, '2030-06-15T09:00:00.000Z', 20, 'delivered', 'Ann Lee'),
        recent(2, '2030-06-10T10:00:00.000Z', 10, 'new', 'Ann Lee'),
        recent(3, '2030-06-09T00:00:00.000Z', 100, 'pending', 'Bo Chen'),
      ],
    });
  });

  it('month (the default period): 30 daily buckets, the newest 5 orders', async () => {
    await loadData();
    const body = await dashboard<SalesDashboard>('sales');
    expect(body.period).toBe('month');
    expect(body.range).toEqual({ from: '2030-05-17T00:00:00.000Z', to: '2030-06-16T00:00:00.000Z' });
    expect(body.previousRange).toEqual({ from: '2030-04-17T00:00:00.000Z', to: '2030-05-17T00:00:00.000Z' });
    // o1–o6: 20 + 10 + 100 + 15 + 50 + 200 = 395 against o9's 2.5.
    expect(body.revenue).toEqual(stat(395, 2.5, 15700));
    // Customers 1 and 2 ordered twice, 3 and 4 once.
    expect(body.repeatPurchaseRate).toEqual(stat(50, 0, null));
    expect(body.averageOrderValue).toEqual(stat(65.83, 2.5, 2533.2));
    // First orders in the window: customer 4 (05-20), customer 2 (06-03); before it: customer 3 (05-01).
    expect(body.newCustomers).toEqual(stat(2, 1, 100));
    expect(body.earnings).toHaveLength(30);
    expect(body.earnings[0]).toEqual({ key: '2030-05-17', label: 'Fri 17', value: 0 });
    expect(body.earnings[3]).toEqual({ key: '2030-05-20', label: 'Mon 20', value: 200 });
    expect(body.earnings[22]).toEqual({ key: '2030-06-08', label: 'Sat 8', value: 15 });
    expect(body.earnings[29]).toEqual({ key: '2030-06-15', label: 'Sat 15', value: 20 });
    expect(body.earnings.reduce((sum, p) => sum + p.value, 0)).toBe(395);
    expect(body.statusMix).toEqual(statusSlices(2, 1, 1, 1, 1));
    // Desk 1 + 2 = 3 (300); Lamp 2 + 1 + 5 = 8 (80); Mug 4 + 2 = 6 (15).
    expect(body.topProducts.map((p) => [p.id, p.quantity, p.revenue])).toEqual([
      [3, 3, 300],
      [1, 8, 80],
      [2, 6, 15],
    ]);
    expect(body.recentOrders.map((o) => o.id)).toEqual([O(1), O(2), O(3), O(4), O(5)]);
  });

  it('year: 12 monthly buckets, compared with the 12 months before', async () => {
    await loadData();
    const body = await dashboard<SalesDashboard>('sales', 'year');
    expect(body.range).toEqual({ from: '2029-07-01T00:00:00.000Z', to: '2030-07-01T00:00:00.000Z' });
    expect(body.previousRange).toEqual({ from: '2028-07-01T00:00:00.000Z', to: '2029-07-01T00:00:00.000Z' });
    // All but o8: 395 + 5 + 2.5; o8 (30) the year before.
    expect(body.revenue).toEqual(stat(402.5, 30, 1241.7));
    // Customers 1–4 first ordered this year, customer 5 the year before.
    expect(body.newCustomers).toEqual(stat(4, 1, 300));
    expect(body.earnings.map((p) => p.key)).toEqual([
      '2029-07', '2029-08', '2029-09', '2029-10', '2029-11', '2029-12', '2030-01', '2030-02', '2030-03', '2030-04', '2030-05', '2030-06',
    ]);
    expect(body.earnings[0]!.label).toBe('Jul 2029');
    expect(body.earnings[11]!.label).toBe('Jun 2030');
    expect(body.earnings.map((p) => p.value)).toEqual([0, 0, 0, 0, 0, 0, 5, 0, 0, 0, 202.5, 195]);
  });
});

describe('GET /api/dashboards/analytics', () => {
  it('week: customers, orders, revenue, returning rate, slices, latest orders, countries', async () => {
    await loadData();
    const body = await dashboard<AnalyticsDashboard>('analytics', 'week');
    expect(body).toEqual({
      ...WEEK_BASE,
      // Customers 1 and 2 against 3 and 2.
      customers: stat(2, 2, 0),
      orders: stat(3, 2, 50),
      revenue: stat(130, 65, 100),
      // Both this week's customers ordered before 06-09; the week before, customer 3 had (05-01), customer 2 had not.
      returningCustomerRate: stat(100, 50, 100),
      revenueSeries: weekSeries([100, 10, 0, 0, 0, 0, 20]),
      byPaymentMethod: [
        { key: 'Credit Card', label: 'Credit Card', value: 1 },
        { key: 'Paypal', label: 'Paypal', value: 2 },
        { key: 'Visa Card', label: 'Visa Card', value: 0 },
        { key: 'Master Card', label: 'Master Card', value: 0 },
      ],
      byStatus: statusSlices(1, 0, 1, 1, 0),
      latestOrders: [
        recent(1, '2030-06-15T09:00:00.000Z', 20, 'delivered', 'Ann Lee'),
        recent(2, '2030-06-10T10:00:00.000Z', 10, 'new', 'Ann Lee'),
        recent(3, '2030-06-09T00:00:00.000Z', 100, 'pending', 'Bo Chen'),
      ],
      // Most users first, ties by name; the country is the address's last part.
      customersByCountry: [
        { country: 'Japan', customers: 2 },
        { country: 'United States', customers: 2 },
        { country: 'France', customers: 1 },
        { country: 'Kenya', customers: 1 },
      ],
    });
  });

  it('month: returning customers are those whose first order is before the window', async () => {
    await loadData();
    const body = await dashboard<AnalyticsDashboard>('analytics', 'month');
    // Customers 1 (first 01-10) and 3 (05-01) of 1, 2, 3, 4; the month before: customer 3 only, new then.
    expect(body.returningCustomerRate).toEqual(stat(50, 0, null));
    expect(body.customers).toEqual(stat(4, 1, 300));
    expect(body.orders).toEqual(stat(6, 1, 500));
    expect(body.byPaymentMethod.map((s) => s.value)).toEqual([1, 3, 1, 1]);
  });

  it('the country list follows user writes', async () => {
    await loadData();
    await dashboard<AnalyticsDashboard>('analytics', 'week');
    const res = await api.call('POST', '/api/users', { name: 'New User', email: 'new@example.com', role: 'Buyer', status: 'verified', address: 'France', phone: '+33 1 23 45 67 89' });
    expect(res.status).toBe(201);
    const body = await dashboard<AnalyticsDashboard>('analytics', 'week');
    expect(body.customersByCountry).toEqual([
      { country: 'France', customers: 2 },
      { country: 'Japan', customers: 2 },
      { country: 'United States', customers: 2 },
      { country: 'Kenya', customers: 1 },
    ]);
  });
});

describe('GET /api/dashboards/saas', () => {
  it('week: MRR, outstanding, overdue, new clients, spend, recent invoices, top customers', async () => {
    await loadData();
    const body = await dashboard<SaasDashboard>('saas', 'week');
    expect(body).toEqual({
      ...WEEK_BASE,
      // Issued this week 300 + 120 + 80 = 500 → × 30 / 7 = 2142.86; the week before 70 + 50 = 120 → 514.29.
      monthlyRecurringRevenue: stat(2142.86, 514.29, 316.7),
      // Pending and not due now: INV-001; the week before, pending and not due on 06-09: INV-004.
      outstanding: stat(300, 70, 328.6),
      // INV-002 (due 06-12) against INV-005 (due 06-04).
      overdue: stat(120, 50, 140),
      // First invoices: Acme 05-01, Beta 06-02, Gamma 06-05.
      newClients: stat(0, 2, -100),
      spentPerBucket: weekSeries([80, 120, 0, 0, 0, 300, 0]),
      recentInvoices: [
        { id: 'INV-001', customer: 'Acme', image: '/images/avatars/10.svg', issueDate: '2030-06-14T10:00:00.000Z', dueDate: '2030-06-28T10:00:00.000Z', totalAmount: 300, status: 'pending' },
        { id: 'INV-002', customer: 'Beta', image: '/images/avatars/11.svg', issueDate: '2030-06-10T10:00:00.000Z', dueDate: '2030-06-12T10:00:00.000Z', totalAmount: 120, status: 'overdue' },
        { id: 'INV-003', customer: 'Acme', image: '/images/avatars/10.svg', issueDate: '2030-06-09T00:00:00.000Z', dueDate: '2030-06-20T00:00:00.000Z', totalAmount: 80, status: 'complete' },
      ],
      topCustomers: [
        { id: 10, name: 'Acme', image: '/images/avatars/10.svg', invoices: 2, spent: 380 },
        { id: 11, name: 'Beta', image: '/images/avatars/11.svg', invoices: 1, spent: 120 },
      ],
    });
  });

  it('month: MRR is the 30 days issued (no scaling), new clients counted once', async () => {
    await loadData();
    const body = await dashboard<SaasDashboard>('saas', 'month');
    // Issued 05-17 … 06-15: all but INV-006 = 620; before (04-17 … 05-16): INV-006 = 1000.
    expect(body.monthlyRecurringRevenue).toEqual(stat(620, 1000, -38));
    // Beta and Gamma first invoiced in the window; Acme (05-01) in the one before.
    expect(body.newClients).toEqual(stat(2, 1, 100));
    expect(body.topCustomers.map((c) => [c.id, c.invoices, c.spent])).toEqual([
      [10, 2, 380],
      [11, 2, 170],
      [12, 1, 70],
    ]);
  });
});

describe('dashboards: empty shop, errors', () => {
  it('an empty shop answers zeros and empty lists, never NaN, for every period', async () => {
    await emptyShop();
    for (const period of ['week', 'month', 'year']) {
      const sales = await dashboard<SalesDashboard>('sales', period);
      const analytics = await dashboard<AnalyticsDashboard>('analytics', period);
      const saas = await dashboard<SaasDashboard>('saas', period);
      for (const body of [sales, analytics, saas]) {
        for (const [path, n] of numbers(body)) expect(Number.isFinite(n), `${period} ${path} = ${n}`).toBe(true);
      }
      const zero = stat(0, 0, null);
      expect([sales.revenue, sales.repeatPurchaseRate, sales.averageOrderValue, sales.newCustomers]).toEqual([zero, zero, zero, zero]);
      expect([analytics.customers, analytics.orders, analytics.revenue, analytics.returningCustomerRate]).toEqual([zero, zero, zero, zero]);
      expect([saas.monthlyRecurringRevenue, saas.outstanding, saas.overdue, saas.newClients]).toEqual([zero, zero, zero, zero]);
      const buckets = { week: 7, month: 30, year: 12 }[period];
      for (const points of [sales.earnings, analytics.revenueSeries, saas.spentPerBucket]) {
        expect(points).toHaveLength(buckets!);
        expect(points.every((p) => p.value === 0)).toBe(true);
      }
      expect(sales.statusMix).toEqual(statusSlices(0, 0, 0, 0, 0));
      expect(analytics.byPaymentMethod.map((s) => s.value)).toEqual([0, 0, 0, 0]);
      expect([sales.topProducts, sales.recentOrders, analytics.latestOrders, analytics.customersByCountry, saas.recentInvoices, saas.topCustomers]).toEqual([[], [], [], [], [], []]);
    }
  });

  it('a bad period is a 400 naming the periods', async () => {
    for (const period of ['day', 'WEEKS', '7']) {
      const res = await api.call('GET', `/api/dashboards/sales?period=${period}`);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('Invalid request: period must be one of week, month, year');
    }
    // The period is read case-insensitively, and an empty one is the default.
    expect((await api.call('GET', '/api/dashboards/saas?period=WEEK')).body.period).toBe('week');
    expect((await api.call('GET', '/api/dashboards/saas?period=')).body.period).toBe('month');
  });

  it('an unknown dashboard is a 404; a write method is a 405', async () => {
    for (const name of ['nope', 'constructor', '__proto__']) {
      const res = await api.call('GET', `/api/dashboards/${name}`);
      expect(res.status).toBe(404);
      expect(res.body.message).toMatch(/No dashboard/);
    }
    expect((await api.call('POST', '/api/dashboards/sales', {})).status).toBe(405);
  });
});

describe('dashboards follow order writes (the aggregates are kept current)', () => {
  it('PATCH, status in bulk, DELETE, restore and bulk insert each change the sales figures', async () => {
    await loadData();
    const week = () => dashboard<SalesDashboard>('sales', 'week');
    const before = await week();
    expect(before.revenue.value).toBe(130);

    // o3 pending → delivered: same revenue, the status mix moves.
    expect((await api.call('PATCH', `/api/orders?id=${O(3)}`, { status: 'delivered' })).status).toBe(200);
    let body = await week();
    expect(body.statusMix).toEqual(statusSlices(2, 0, 1, 0, 0));
    expect(body.revenue.value).toBe(130);

    // o2's items: 4 mugs → 8 mugs (10 → 20).
    expect((await api.call('PATCH', `/api/orders?id=${O(2)}`, { items: [{ ...PRODUCTS.mug, quantity: 8 }] })).status).toBe(200);
    body = await week();
    expect(body.revenue).toEqual(stat(140, 65, 115.4));
    expect(body.topProducts.find((p) => p.id === 2)).toMatchObject({ quantity: 8, revenue: 20 });

    // o2 to shipping by a bulk call (o1, delivered, cannot ship again: the call would be refused whole).
    expect((await api.call('POST', '/api/orders/bulk-status', { ids: [O(1), O(2)], status: 'shipping' })).status).toBe(409);
    expect((await api.call('POST', '/api/orders/bulk-status', { ids: [O(2)], status: 'shipping' })).status).toBe(200);
    body = await week();
    expect(body.statusMix).toEqual(statusSlices(2, 1, 0, 0, 0));

    // Delete o1 (20): customer 1 has one order left this week.
    expect((await api.call('DELETE', `/api/orders?id=${O(1)}`)).status).toBe(200);
    body = await week();
    expect(body.revenue.value).toBe(120);
    expect(body.repeatPurchaseRate.value).toBe(0);
    expect(body.recentOrders.map((o) => o.id)).toEqual([O(2), O(3)]);

    // Delete o7, customer 1's first order (2030-01-10): their first order is now o2, this week.
    expect((await api.call('DELETE', `/api/orders?id=${O(7)}`)).status).toBe(200);
    body = await week();
    expect(body.newCustomers).toEqual(stat(1, 1, 0));

    // Restore both: back as they were before the deletes.
    expect((await api.call('POST', '/api/orders/restore', { ids: [O(1), O(7)] })).status).toBe(200);
    body = await week();
    expect(body.revenue.value).toBe(140);
    expect(body.newCustomers).toEqual(stat(0, 1, -100));
    expect(body.repeatPurchaseRate.value).toBe(50);

    // A bulk insert of a new customer's order today.
    const res = await api.call('POST', '/api/orders/bulk', { orders: [order(5, '2030-06-15T11:00:00.000Z', 'new', 'Visa Card', [['desk', 1], ['lamp', 1]])] });
    expect(res.status).toBe(201);
    body = await week();
    expect(body.revenue.value).toBe(250);
    expect(body.earnings[6]!.value).toBe(130);
    // Customer 5's first order was in 2029: not new, but a customer of the week.
    expect(body.newCustomers.value).toBe(0);
    expect(body.repeatPurchaseRate.value).toBe(33.3);
    expect(body.recentOrders[0]).toMatchObject({ id: res.body.firstId, totalAmount: 110 });
  });
});
