import type { ShopDb } from '../storage/db';

/*
 * Invoice ids: `INV-` and the invoice's number, 3 digits at least (INV-001 … INV-999,
 * INV-1000). Numbers come from a counter (db.counters 'invoices') that only goes up, so an
 * id is never given twice: not after a delete, nor while its invoice waits in the trash
 * (restoring it must not clash).
 */

/** The counter as stored: the number the next invoice gets. */
export interface InvoiceIdCounter {
  name: 'invoices';
  nextId: number;
}

export const formatInvoiceId = (n: number): string => `INV-${String(n).padStart(3, '0')}`;

/** The number of an id (`INV-020` → 20); 0 for anything else. */
export const invoiceNumber = (id: string): number => Number(/^INV-(\d+)$/.exec(id)?.[1] ?? 0);

/** The counter for a table holding these ids: one past the highest. */
export function invoiceIdCounter(ids: Iterable<string>): InvoiceIdCounter {
  let highest = 0;
  for (const id of ids) highest = Math.max(highest, invoiceNumber(id));
  return { name: 'invoices', nextId: highest + 1 };
}

/** The next number (read only). Without a counter (never, once the database is open): past the highest stored id. */
async function nextNumber(db: ShopDb): Promise<number> {
  const counter = await db.counters.get('invoices');
  if (counter) return counter.nextId;
  return invoiceIdCounter((await db.invoices.toCollection().primaryKeys()) as string[]).nextId;
}

/** The id the next new invoice will get (the form shows it; the create assigns it). */
export async function peekInvoiceId(db: ShopDb): Promise<string> {
  return formatInvoiceId(await nextNumber(db));
}

/** Takes `count` new ids. Call inside a rw transaction over db.counters and db.invoices. */
export async function takeInvoiceIds(db: ShopDb, count: number): Promise<string[]> {
  const first = await nextNumber(db);
  await db.counters.put({ name: 'invoices', nextId: first + count });
  return Array.from({ length: count }, (_, i) => formatInvoiceId(first + i));
}
