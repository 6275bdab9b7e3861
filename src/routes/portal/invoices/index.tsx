import { createFileRoute } from '@tanstack/react-router';
import { MyInvoicesPage } from '@/features/portal/my-invoices-page';
import { t } from '@/i18n/i18n';

export const Route = createFileRoute('/portal/invoices/')({
  head: () => ({ meta: [{ title: t('common.title.portalMyInvoices') }] }),
  component: MyInvoicesPage,
});
