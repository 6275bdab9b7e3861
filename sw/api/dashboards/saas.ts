import type { ShopDb } from '../storage/db';
import type { Invoice } from '../../../domain/schema/invoice';
import type { PeriodRange, SaasDashboard } from '../../../domain/schema/dashboard';
import { dashboardBase, rangeMs, series, stat, type PeriodContext } from './period';
import { DAY_MS, toCents } from '../../../domain/units';

const RECENT = 5;
const TOP_CUSTOMERS = 5;

const issuedIn = (invoice: Invoice, { from, to }: { from: number; to: number }): boolean => {
  const t = Date.parse(invoice.issueDate);
  return t >= from && t < to;
};

/** Cents of the invoices' totals. */
const centsOf = (invoices: readonly Invoice[]): number => invoices.reduce((sum, invoice) => sum + toCents(invoice.totalAmount), 0);

/** What the invoices issued in a window add up to: MRR, outstanding and overdue (in cents), `at` deciding what is due. */
function windowFigures(invoices: readonly Invoice[], range: PeriodRange, at: number) {
  const bounds = rangeMs(range);
  const issued = invoices.filter((invoice) => issuedIn(invoice, bounds));
  const pending = issued.filter((invoice) => invoice.status === 'pending');
  const overdue = pending.filter((invoice) => Date.parse(invoice.dueDate) < at);
  const days = (bounds.to - bounds.from) / DAY_MS;
  return {
    issued,
    mrr: (centsOf(issued) * 30) / days / 100,
    outstanding: (centsOf(pending) - centsOf(overdue)) / 100,
    overdue: centsOf(overdue) / 100,
  };
}

/** Each customer's first issue date (epoch ms). */
function firstInvoices(invoices: readonly Invoice[]): Map<number, number> {
  const first = new Map<number, number>();
  for (const invoice of invoices) {
    const t = Date.parse(invoice.issueDate);
    const known = first.get(invoice.customer.id);
    if (known === undefined || t < known) first.set(invoice.customer.id, t);
  }
  return first;
}

function countFirstIn(first: ReadonlyMap<number, number>, { from, to }: { from: number; to: number }): number {
  let n = 0;
  for (const t of first.values()) if (t >= from && t < to) n++;
  return n;
}

const newestFirst = (a: Invoice, b: Invoice): number => Date.parse(b.issueDate) - Date.parse(a.issueDate) || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);

/**
 * GET /api/dashboards/saas, from the invoices (a small table: read whole per call). The
 * figures are over the invoices issued in the window: MRR is their total normalised to 30
 * days (× 30 / the window's days); outstanding are those still pending and not yet due,
 * overdue those pending and past due — at now for the period, at the end of the previous
 * window for the comparison; new clients are customers whose first invoice (of all) is in
 * the window. Recent invoices and top customers are the window's.
 */
export async function saasDashboard(db: ShopDb, ctx: PeriodContext): Promise<SaasDashboard> {
  const invoices = await db.invoices.toArray();
  const current = windowFigures(invoices, ctx.range, ctx.now);
  const previous = windowFigures(invoices, ctx.previousRange, Date.parse(ctx.previousRange.to));
  const first = firstInvoices(invoices);

  const bucketCents = ctx.buckets.map((bucket) => centsOf(current.issued.filter((invoice) => issuedIn(invoice, bucket))));
  const recent = [...current.issued].sort(newestFirst).slice(0, RECENT);

  const byCustomer = new Map<number, { latest: Invoice; invoices: number; cents: number }>();
  for (const invoice of current.issued) {
    const entry = byCustomer.get(invoice.customer.id);
    if (!entry) byCustomer.set(invoice.customer.id, { latest: invoice, invoices: 1, cents: toCents(invoice.totalAmount) });
    else {
      entry.invoices++;
      entry.cents += toCents(invoice.totalAmount);
      if (newestFirst(invoice, entry.latest) < 0) entry.latest = invoice;
    }
  }
  const top = [...byCustomer.entries()]
    .sort(([idA, a], [idB, b]) => b.cents - a.cents || b.invoices - a.invoices || idA - idB)
    .slice(0, TOP_CUSTOMERS);

  return {
    ...dashboardBase(ctx),
    monthlyRecurringRevenue: stat(current.mrr, previous.mrr),
    outstanding: stat(current.outstanding, previous.outstanding),
    overdue: stat(current.overdue, previous.overdue),
    newClients: stat(countFirstIn(first, rangeMs(ctx.range)), countFirstIn(first, rangeMs(ctx.previousRange))),
    spentPerBucket: series(ctx, (_bucket, i) => bucketCents[i]! / 100),
    recentInvoices: recent.map((invoice) => ({
      id: invoice.id,
      customer: invoice.customer.name,
      image: invoice.customer.image,
      issueDate: invoice.issueDate,
      dueDate: invoice.dueDate,
      totalAmount: invoice.totalAmount,
      status: invoice.status === 'pending' && Date.parse(invoice.dueDate) < ctx.now ? 'overdue' : invoice.status,
    })),
    topCustomers: top.map(([id, entry]) => ({
      id,
      name: entry.latest.customer.name,
      image: entry.latest.customer.image,
      invoices: entry.invoices,
      spent: entry.cents / 100,
    })),
  };
}
