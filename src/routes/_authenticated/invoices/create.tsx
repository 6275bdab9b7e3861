import { createFileRoute } from '@tanstack/react-router';
import { PageLoading } from '@/components/page-loading';
import { getNextInvoiceId } from '@/features/invoices/api';
import { InvoiceFormPage } from '@/features/invoices/components/invoice-form-page';
import { t } from '@/i18n/i18n';

export const Route = createFileRoute('/_authenticated/invoices/create')({
  loader: ({ abortController }) => getNextInvoiceId(abortController.signal),
  head: () => ({ meta: [{ title: t('common.title.createInvoice') }] }),
  pendingComponent: PageLoading,
  component: CreateInvoiceRoute,
});

function CreateInvoiceRoute() {
  return <InvoiceFormPage nextId={Route.useLoaderData()} />;
}
