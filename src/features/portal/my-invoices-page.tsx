import { Link } from '@tanstack/react-router';
import { listMyInvoices } from './api';
import { formatCalendarDay, formatMoney } from './data/format';
import { InvoiceStatusText } from './invoice-status-text';
import { PortalSection } from './portal-section';
import { useLiveLoad } from '@/lib/use-live-load';
import { useT } from '@/i18n/i18n';

/** My invoices: the customer's invoices, newest first, each a link to the document and its PDF. */
export function MyInvoicesPage() {
  const t = useT('portal');
  const invoices = useLiveLoad('my-invoices', listMyInvoices);
  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-bold">{t('portal.nav.invoices')}</h1>
      <PortalSection title={t('portal.invoices.title')} headingId="portal-invoices-list" loaded={invoices} empty={t('portal.invoices.none')}>
        {(rows) => (
          <ul className="divide-y divide-slate-200 dark:divide-slate-800">
            {rows.map((invoice) => (
              <li key={invoice.id} className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 py-3">
                <span className="min-w-0">
                  <Link
                    to="/portal/invoices/$invoiceId"
                    params={{ invoiceId: invoice.id }}
                    className="font-medium text-indigo-700 underline-offset-2 hover:underline dark:text-indigo-300"
                  >
                    {t('portal.invoices.invoice', { id: invoice.id })}
                  </Link>
                  <span className="block text-sm text-slate-500 dark:text-slate-400">
                    {t('portal.invoices.line', { issued: formatCalendarDay(invoice.issueDate), due: formatCalendarDay(invoice.dueDate), total: formatMoney(invoice.totalAmount) })}
                  </span>
                </span>
                <InvoiceStatusText status={invoice.status} />
              </li>
            ))}
          </ul>
        )}
      </PortalSection>
    </div>
  );
}
