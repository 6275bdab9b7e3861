import { Link } from '@tanstack/react-router';
import { EmptyState, ErrorState } from '@/components/data-table/list-states';
import { useListQuery } from '@/components/data-table/use-list-query';
import { BILLING_HISTORY_SIZE, getBillingHistory } from '../api';

import { formatDate, formatMoney } from '@/i18n/format';
import { useT } from '@/i18n/i18n';

/** The account's newest invoices (GET /api/invoices, newest first), each linking to its details. */
export function BillingHistory() {
  const t = useT('settings');
  const { data, error, retry } = useListQuery('invoices', 'billing-history', getBillingHistory);
  return (
    <section aria-labelledby="billing-history-heading" className="space-y-3">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 id="billing-history-heading" className="text-lg font-semibold">
          {t('settings.billing.heading')}
        </h3>
        {data && data.meta.total > BILLING_HISTORY_SIZE && (
          <Link to="/invoices" className="text-sm text-indigo-600 underline hover:no-underline dark:text-indigo-400">
            {t('settings.billing.all', { count: data.meta.total })}
          </Link>
        )}
      </div>
      {error && <ErrorState message={error.message} onRetry={retry} />}
      {!data && !error && (
        <p role="status" className="text-sm text-slate-500">
          {t('settings.billing.loading')}
        </p>
      )}
      {data && data.invoices.length === 0 && <EmptyState message={t('settings.billing.empty')} />}
      {data && data.invoices.length > 0 && (
        <div className="overflow-x-auto rounded-lg border border-slate-200 dark:border-slate-700">
          <table className="w-full text-sm" aria-labelledby="billing-history-heading">
            <thead className="bg-slate-50 text-start dark:bg-slate-800">
              <tr>
                <th scope="col" className="px-3 py-2 text-start font-medium">
                  {t('settings.billing.invoice')}
                </th>
                <th scope="col" className="px-3 py-2 text-start font-medium">
                  {t('settings.billing.date')}
                </th>
                <th scope="col" className="px-3 py-2 text-end font-medium">
                  {t('settings.billing.amount')}
                </th>
                <th scope="col" className="px-3 py-2 text-start font-medium">
                  {t('settings.billing.status')}
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-200 dark:divide-slate-700">
              {data.invoices.map((invoice) => (
                <tr key={invoice.id} data-testid="billing-row">
                  <td className="px-3 py-2">
                    <Link
                      to="/invoices/$id/details"
                      params={{ id: invoice.id }}
                      className="text-indigo-600 underline hover:no-underline dark:text-indigo-400"
                    >
                      {invoice.id}
                    </Link>
                  </td>
                  <td className="px-3 py-2">
                    <time dateTime={invoice.issueDate} translate="no">{formatDate(invoice.issueDate)}</time>
                  </td>
                  <td className="px-3 py-2 text-end tabular-nums">{formatMoney(invoice.totalAmount)}</td>
                  <td className="px-3 py-2">{t('settings.billing.statusValue', { status: invoice.status })}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
