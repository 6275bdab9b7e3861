import type { RouteTable } from '../context';
import { ApiError, json, readJsonObject, requireParam } from '../http';
import { listIds, listPage } from '../storage/list-query';
import { recordRoutes } from '../records/record-routes';
import { createRecord, replaceRecord, trashRecords } from '../records/record-operations';
import { invoiceReplaced, invoiceToCreate } from '../../../domain/writes/invoices';
import { peekInvoiceId } from './invoice-ids';
import { INVOICE_NOT_FOUND, invoiceRecords, invoicesQuery } from './invoice-records';

/** The `id` parameter as stored (`inv-5 ` is looked up as `INV-5`, which no invoice has: 404). */
const idParam = (url: URL): string => requireParam(url, 'id').toUpperCase();
const notFound = () => new ApiError(404, INVOICE_NOT_FOUND);

export const invoiceRoutes: RouteTable = {
  '/api/invoices': {
    /** `?id=` → `{ invoice }`; otherwise a list page `{ invoices, meta }`. */
    async GET({ db, url }) {
      if (url.searchParams.has('id')) {
        const invoice = await db.invoices.get(idParam(url));
        if (!invoice) throw notFound();
        return json({ invoice });
      }
      const { page, pageSize, query } = invoicesQuery({ db, url });
      const { rows, meta } = await listPage({ ...query, page, pageSize });
      return json({ invoices: rows, meta });
    },

    /** 201 `{ invoice }`, with the next id from the counter and the sums computed here. */
    async POST({ db, request, changed }) {
      const invoice = await createRecord(db, invoiceRecords, invoiceToCreate(await readJsonObject(request)));
      changed('invoices');
      return json({ invoice }, 201);
    },

    /** `?id=` → `{ invoice }`, replaced (same id), its sums recomputed. */
    async PUT({ db, request, url, changed }) {
      const id = idParam(url);
      const body = await readJsonObject(request);
      const invoice = await replaceRecord(db, invoiceRecords, id, (current) => invoiceReplaced(current, body));
      changed('invoices');
      return json({ invoice });
    },

    /** `?id=` → `{ invoice }`, moved to the trash (`POST /api/invoices/restore` brings it back). */
    async DELETE({ db, url, changed }) {
      const [invoice] = await trashRecords(db, invoiceRecords, [idParam(url)], notFound);
      changed('invoices');
      return json({ invoice });
    },
  },

  /** Every id the list query matches, in its order (for "select all N matching"). */
  '/api/invoices/ids': {
    async GET({ db, url }) {
      const { ids, total } = await listIds(invoicesQuery({ db, url }).query);
      return json({ ids, total });
    },
  },

  /**
   * The id the next create will get, for the form's read-only field: `{ id: 'INV-020' }`. In a
   * shop's copy none: the shop server numbers the invoice when it applies the create (until
   * then it has a pending id), so `{ id: null }`.
   */
  '/api/invoices/next-id': {
    async GET({ db }) {
      return json({ id: db.isShopCopy ? null : await peekInvoiceId(db) });
    },
  },

  ...recordRoutes(invoiceRecords),
};
