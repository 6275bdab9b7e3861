import { beforeEach, expect } from 'vitest';
import { createTestApi, type ApiAnswer } from './harness';
import { seedInvoices } from '../../../seed/invoices';
import type { Invoice } from '../../../domain/schema/invoice';
import { computeInvoiceTotals } from '../../../domain/schema/invoice-totals';
import { expectFieldError, newestFirst, qs } from './helpers';

// The invoice contract tests' bodies, expected invoices and reads (invoices-list, invoices-create,
// invoices-edit-and-trash).

/** The seed invoices in list order (newest issueDate first). */
export const sorted = newestFirst(seedInvoices, (i) => i.issueDate);
/** The fields a search matches, as text. */
export const searchFields = (i: Invoice) => [i.customer.name, i.billingAddress.address, i.id, i.dueDate, String(i.totalAmount)];

export interface Line {
  id: number | null;
  title: string;
  quantity: number;
  price: number;
  discount: number;
}

/** A valid create body: the invoice without id, subTotal, tax, totalAmount and the lines' totals. */
export function newInvoice() {
  return {
    issueDate: '2027-01-10T09:00:00.000Z',
    dueDate: '2027-02-14T12:00:00.000Z',
    status: 'pending',
    billingAddress: { email: 'tereza.novak@example.com', phone: '+420 601 555 012', address: 'Národní 10, Praha, Czechia' },
    payment: { paymentMethod: 'Visa Card', cardHolder: 'Tereza Novak', cardNo: '**** 1234' },
    customer: { id: 3, name: 'Tereza Novak', image: '/images/avatars/avatar-03.svg' },
    products: [
      { id: 1, title: 'Classic Denim Jacket', quantity: 3, price: 19.99, discount: 10 },
      { id: 2, title: 'Wireless Noise-Cancelling Headphones', quantity: 1, price: 250, discount: 0 },
      { id: null, title: 'Gift wrapping (typed line)', quantity: 2, price: 35.5, discount: 25 },
    ] as Line[],
    shippingCharge: 12.5,
    taxPercent: 7.25,
  };
}
type InvoiceBody = ReturnType<typeof newInvoice>;

/**
 * newInvoice's sums, by hand in cents: 5997 × 0.9 = 5397.3 → 5397; 25000; 7100 × 0.75 = 5325;
 * subtotal 35722; tax 35722 × 7.25 % = 2589.845 → 2590; total 35722 + 2590 + 1250.
 */
export const NEW_INVOICE_SUMS = { lines: [53.97, 250, 53.25], subTotal: 357.22, tax: 25.9, totalAmount: 395.62 };

/** The invoice the API must store for a body: the body's fields and the shared function's sums. */
export function expectedInvoice(id: string, body: InvoiceBody): Invoice {
  const { products, subTotal, tax, totalAmount } = computeInvoiceTotals(body);
  return { ...(body as unknown as Omit<Invoice, 'id' | 'products' | 'subTotal' | 'tax' | 'totalAmount'>), id, products: products as Invoice['products'], subTotal, tax, totalAmount };
}

/** The API of the running test: a fresh one (its own database) for each test of a file that calls freshApiEachTest. */
export let api: ReturnType<typeof createTestApi>;
export function freshApiEachTest(): void {
  beforeEach(() => {
    api = createTestApi();
  });
}

export async function invoiceCount(): Promise<number> {
  return (await api.call('GET', '/api/invoices')).body.meta.total;
}
export async function getInvoice(id: string) {
  return api.call('GET', `/api/invoices${qs({ id })}`);
}
export const nextId = async (): Promise<string> => (await api.call('GET', '/api/invoices/next-id')).body.id;
/** Every invoice as stored and the id counter: a rejected call leaves both unchanged. */
export const stored = async () => ({ invoices: await api.db.invoices.toArray(), counter: await api.db.counters.get('invoices') });

/** A 400 with an issue under `path` (and its message matching `message`, when given). */
export function expectIssue(res: ApiAnswer, path: string, message?: RegExp) {
  expectFieldError(res, path);
  const issue = (res.body.issues as Array<{ path: string; message: string }>).find((i) => i.path === path);
  expect(issue, `an issue under ${path} in ${JSON.stringify(res.body.issues)}`).toBeDefined();
  if (message) expect(issue!.message).toMatch(message);
}
