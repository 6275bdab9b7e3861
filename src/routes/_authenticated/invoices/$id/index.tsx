import { createFileRoute } from '@tanstack/react-router';
import { ApiRequestError } from '@/lib/api-client';
import { PageLoading } from '@/components/page-loading';
import { getInvoice } from '@/features/invoices/api';
import { InvoiceFormPage } from '@/features/invoices/components/invoice-form-page';
import { InvoiceNotFound } from '@/features/invoices/components/invoice-not-found';
import { t } from '@/i18n/i18n';

/** The invoice, or null for an unknown or malformed id (404 or 400). */
async function findInvoice(id: string, signal: AbortSignal) {
  try {
    return (await getInvoice(id, signal)).invoice;
  } catch (error) {
    if (error instanceof ApiRequestError && (error.status === 404 || error.status === 400)) return null;
    throw error;
  }
}

export const Route = createFileRoute('/_authenticated/invoices/$id/')({
  loader: async ({ params, abortController }) => ({ invoice: await findInvoice(params.id, abortController.signal) }),
  head: ({ loaderData }) => ({ meta: [{ title: loaderData?.invoice ? t('common.title.editInvoice', { id: loaderData.invoice.id }) : t('common.title.invoiceNotFound') }] }),
  pendingComponent: PageLoading,
  component: EditInvoiceRoute,
});

function EditInvoiceRoute() {
  const { invoice } = Route.useLoaderData();
  const { id } = Route.useParams();
  return invoice ? <InvoiceFormPage invoice={invoice} /> : <InvoiceNotFound id={id} />;
}
