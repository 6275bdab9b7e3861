import { Link } from '@tanstack/react-router';
import { useMemo, useState } from 'react';
import { ApiRequestError } from '@/lib/api-client';
import { ErrorState } from '@/components/data-table/list-states';
import { useListQuery } from '@/components/data-table/use-list-query';
import { RecordNotFound } from '@/components/record-not-found';
import type { Invoice } from '@schema/invoice';
import { getInvoice } from '../../api';
import { DownloadPdfButton } from '@/components/invoice-document/download-pdf-button';
import { InvoiceDocument } from '@/components/invoice-document/invoice-document';
import { invoiceDocumentModel } from '@/components/invoice-document/invoice-document-model';
import printStyles from '@/components/invoice-document/invoice-print.css?inline';
import { Breadcrumb } from '@/components/breadcrumb';
import { Button, buttonClass } from '@/components/button';
import { currentLocale, useT } from '@/i18n/i18n';

/** The API answers 404 for an unknown id and 400 for a malformed one. */
const isMissingInvoice = (error: Error | null) => error instanceof ApiRequestError && (error.status === 404 || error.status === 400);

function Toolbar({ invoice, now }: { invoice: Invoice | undefined; now: Date }) {
  const t = useT('invoices');
  return (
    <div className="flex flex-wrap items-center gap-2">
      <Link to="/invoices" className={buttonClass({ variant: 'secondary' })}>
        {t('invoices.details.back')}
      </Link>
      {invoice && (
        <>
          <Link to="/invoices/$id" params={{ id: invoice.id }} className={buttonClass({ variant: 'secondary' })}>
            {t('invoices.details.edit')}
          </Link>
          <div className="flex flex-wrap gap-2 sm:ms-auto">
            <Button variant="secondary" onClick={() => window.print()}>
              {t('invoices.details.print')}
            </Button>
            <DownloadPdfButton invoice={invoice} now={now} />
          </div>
        </>
      )}
    </div>
  );
}

/**
 * /invoices/$id/details: the invoice as a document, to print (only the document is printed) or
 * to download as a PDF made in the page. Refreshes when an invoice changes.
 */
export function InvoiceDetailsPage({ invoiceId }: { invoiceId: string }) {
  const query = useListQuery('invoices', invoiceId, (signal) => getInvoice(invoiceId, signal));
  // "Overdue" is judged against the time the page opened, the same for the page and its PDF.
  const [now] = useState(() => new Date());
  const invoice = query.data?.invoice;
  const t = useT('invoices');
  const locale = currentLocale();
  // Made again in a new language: the document's texts and formats are the current language's.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const model = useMemo(() => (invoice ? invoiceDocumentModel(invoice, now) : undefined), [invoice, now, locale]);

  // Also when the invoice is deleted while shown (the refetch answers 404).
  if (isMissingInvoice(query.error)) {
    return <RecordNotFound noun={t('invoices.noun.one')} id={invoiceId} listTo="/invoices" listName={t('invoices.noun.many')} />;
  }
  return (
    <section className="space-y-6">
      <style>{printStyles}</style>
      <div className="space-y-1">
        <Breadcrumb listTo="/invoices" listLabel={t('invoices.list.title')} current={invoiceId} currentIsData />
        <h1 className="text-2xl font-semibold">{t('invoices.details.title')}</h1>
      </div>
      <div className="max-w-4xl space-y-6">
        <Toolbar invoice={invoice} now={now} />
        {query.error && <ErrorState message={query.error.message} onRetry={query.retry} />}
        {!model && !query.error && (
          <p role="status" className="py-16 text-center text-slate-500 dark:text-slate-400">
            {t('invoices.details.loading')}
          </p>
        )}
        {model && <InvoiceDocument model={model} />}
      </div>
    </section>
  );
}
