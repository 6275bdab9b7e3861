import { useMemo, useState } from 'react';
import { Link } from '@tanstack/react-router';
import { Button } from '@/components/button';
import { ErrorState } from '@/components/data-table/list-states';
import { DownloadPdfButton } from '@/components/invoice-document/download-pdf-button';
import { InvoiceDocument } from '@/components/invoice-document/invoice-document';
import { invoiceDocumentModel } from '@/components/invoice-document/invoice-document-model';
import printStyles from '@/components/invoice-document/invoice-print.css?inline';
import { PageLoading } from '@/components/page-loading';
import { RecordNotFound } from '@/components/record-not-found';
import { ApiRequestError } from '@/lib/api-client';
import { getMyInvoice } from './api';
import { useLiveLoad } from '@/lib/use-live-load';
import { useT } from '@/i18n/i18n';
import { messageOf } from '@/lib/error-message';

/** The API answers 404 for an unknown id and 400 for a malformed one. */
const isMissing = (error: Error | null) => error instanceof ApiRequestError && (error.status === 404 || error.status === 400);

/** One of the customer's invoices as the document the team sees, to print or download as a PDF (made in the page, offline too). */
export function MyInvoicePage({ invoiceId }: { invoiceId: string }) {
  const t = useT('portal');
  const invoice = useLiveLoad(`my-invoice-${invoiceId}`, (signal) => getMyInvoice(invoiceId, signal));
  // "Overdue" is judged against the time the page opened, the same for the page and its PDF.
  const [now] = useState(() => new Date());
  const model = useMemo(() => (invoice.data ? invoiceDocumentModel(invoice.data, now) : undefined), [invoice.data, now]);
  if (isMissing(invoice.error)) return <RecordNotFound noun="invoice" id={invoiceId} listTo="/portal/invoices" listName="invoices" />;
  return (
    <div className="space-y-4">
      <style>{printStyles}</style>
      <Link to="/portal/invoices" className="text-sm font-medium text-indigo-700 underline-offset-2 hover:underline dark:text-indigo-300">
        {t('portal.invoices.back')}
      </Link>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold">{t('portal.invoices.invoice', { id: invoiceId })}</h1>
        {invoice.data && (
          <div className="flex flex-wrap gap-2">
            <Button variant="secondary" onClick={() => window.print()}>
              {t('portal.invoices.print')}
            </Button>
            <DownloadPdfButton invoice={invoice.data} now={now} />
          </div>
        )}
      </div>
      {invoice.error && !invoice.data && <ErrorState message={messageOf(invoice.error)} onRetry={invoice.reload} />}
      {!model && !invoice.error && <PageLoading />}
      {model && <InvoiceDocument model={model} />}
    </div>
  );
}
