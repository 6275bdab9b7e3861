import type { RouteTable } from './context';
import { ApiError, INVALID_REQUEST, json, readJsonObject, requireParam, validate } from './http';
import { listPage } from './storage/list-query';
import type { SearchSpec } from './storage/search-index';
import { listQuery, statusFilter } from './query';
import { computeInvoiceTotals } from './invoice-totals';
import { invoiceInputSchema, invoiceStatuses, invoiceUpdateSchema, type Invoice, type InvoiceInput } from './schema/invoice';
import type { ShopDb } from './storage/db';

/** What the invoices list searches (case-insensitive substring) and sorts by. */
export const invoiceListIndex: SearchSpec<Invoice> = {
  name: 'invoices',
  text: (i) => [i.customer.name, i.billingAddress.address, i.id, i.dueDate, i.totalAmount],
  sorts: {
    issueDate: (i) => i.issueDate,
    id: (i) => i.id,
    customer: (i) => i.customer.name,
    dueDate: (i) => i.dueDate,
    totalAmount: (i) => i.totalAmount,
    status: (i) => i.status,
  },
  dateSorts: ['issueDate', 'dueDate'],
};

const NOT_FOUND = 'Invoice not found';

/** INV-001, INV-002, … INV-999, INV-1000: one past the highest number in use. */
async function nextInvoiceId(db: ShopDb): Promise<string> {
  const ids = await db.invoices.toCollection().primaryKeys();
  const highest = ids.reduce((max, id) => Math.max(max, Number(/^INV-(\d+)$/.exec(String(id))?.[1] ?? 0)), 0);
  return `INV-${String(highest + 1).padStart(3, '0')}`;
}

function buildInvoice(id: string, input: InvoiceInput, issueDate: string): Invoice {
  const { products, totalAmount } = computeInvoiceTotals(input);
  return { ...input, id, issueDate, products, totalAmount };
}

function checkDates(invoice: Invoice) {
  if (invoice.dueDate < invoice.issueDate) {
    throw new ApiError(400, `${INVALID_REQUEST}: dueDate: must not be before issueDate`, [
      { path: 'dueDate', message: 'must not be before issueDate' },
    ]);
  }
}

export const invoiceRoutes: RouteTable = {
  '/api/invoices': {
    async GET({ db, url }) {
      const idParam = url.searchParams.get('id');
      if (idParam !== null) {
        const invoice = await db.invoices.get(idParam.trim().toUpperCase());
        if (!invoice) throw new ApiError(404, NOT_FOUND);
        return json({ invoice });
      }
      const q = listQuery(url, { status: statusFilter(invoiceStatuses) }, { index: invoiceListIndex, dateField: 'issueDate' });
      const { rows, meta } = await listPage({
        table: db.invoices,
        dateField: 'issueDate',
        page: q.page,
        pageSize: q.pageSize,
        status: q.status,
        search: q.search,
        sort: q.sort,
        index: invoiceListIndex,
      });
      return json({ invoices: rows, meta });
    },

    async POST({ db, request, changed }) {
      const input = validate(invoiceInputSchema, await readJsonObject(request));
      const invoice = await db.transaction('rw', db.invoices, async () => {
        const created = buildInvoice(await nextInvoiceId(db), input, input.issueDate ?? new Date().toISOString());
        checkDates(created);
        await db.invoices.add(created);
        return created;
      });
      changed('invoices');
      return json({ invoice }, 201);
    },

    async PUT({ db, request, url, changed }) {
      const id = requireParam(url, 'id').toUpperCase();
      const input = validate(invoiceUpdateSchema, await readJsonObject(request));
      if (input.id !== undefined && input.id !== id) {
        throw new ApiError(400, `${INVALID_REQUEST}: id in the body does not match the id parameter`);
      }
      const invoice = await db.transaction('rw', db.invoices, async () => {
        const existing = await db.invoices.get(id);
        if (!existing) throw new ApiError(404, NOT_FOUND);
        const replaced = buildInvoice(id, input, input.issueDate ?? existing.issueDate);
        checkDates(replaced);
        await db.invoices.put(replaced);
        return replaced;
      });
      changed('invoices');
      return json({ invoice });
    },

    async DELETE({ db, url, changed }) {
      const id = requireParam(url, 'id').toUpperCase();
      const invoice = await db.transaction('rw', db.invoices, async () => {
        const existing = await db.invoices.get(id);
        if (!existing) throw new ApiError(404, NOT_FOUND);
        await db.invoices.delete(id);
        return existing;
      });
      changed('invoices');
      return json({ invoice });
    },
  },
};
