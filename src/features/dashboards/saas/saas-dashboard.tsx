import { Link } from '@tanstack/react-router';
import type { SaasDashboard } from '@schema/dashboard';
import { ChartCard } from '@/components/dashboard/chart-card';
import { seriesTable } from '@/components/dashboard/chart-tables';
import { SeriesChart } from '@/components/dashboard/charts/series-chart';
import { DashboardPage, StatGrid } from '@/components/dashboard/dashboard-page';
import { Later } from '@/components/dashboard/later';
import { formatFigure, hasFigures } from '@/components/dashboard/format';
import { useT } from '@/i18n/i18n';
import { bucketName, emptyNote, localPoints, summariseSeries } from '../shared/chart-text';
import { StatCard } from '@/components/dashboard/stat-card';
import { useDashboardQuery } from '@/components/dashboard/use-dashboard-query';
import { dashboardResources, loadDashboard, prefetchedDashboard } from '../api';
import { cell, EmptyNote, formatUtcDay, headCell, TableCard, wideOnly, TableScroller } from '../shared/dashboard-tables';
import type { DashboardScreenProps } from '../shared/screen-props';

const invoiceStatusStyles: Record<SaasDashboard['recentInvoices'][number]['status'], string> = {
  complete: 'bg-green-100 text-green-800 dark:bg-green-950 dark:text-green-300',
  pending: 'bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200',
  overdue: 'bg-red-100 text-red-800 dark:bg-red-950 dark:text-red-300',
};
const invoiceStatusLabels: Record<SaasDashboard['recentInvoices'][number]['status'], string> = {
  complete: 'dashboards.invoiceStatus.complete',
  pending: 'dashboards.invoiceStatus.pending',
  overdue: 'dashboards.invoiceStatus.overdue',
};

/** SaaS: recurring revenue, outstanding and overdue amounts, new clients; spent per month, recent invoices, top customers. */
export function SaasDashboardScreen({ period, onPeriodChange }: DashboardScreenProps) {
  const query = useDashboardQuery(dashboardResources.saas, `saas?period=${period}`, (signal) => loadDashboard('saas', period, signal), prefetchedDashboard('saas', period));
  const t = useT('dashboards');
  return (
    <DashboardPage title={t('dashboards.saas.title')} period={period} onPeriodChange={onPeriodChange} query={query}>
      {(data) => <SaasFigures data={data} />}
    </DashboardPage>
  );
}

export function SaasFigures({ data }: { data: SaasDashboard }) {
  const t = useT('dashboards');
  const { period } = data;
  const noInvoices = emptyNote(t, 'invoices', period, data.range);
  const spent = localPoints(data.spentPerBucket);
  return (
    <>
      <StatGrid label={t('dashboards.keyFigures')}>
        <StatCard title={t('dashboards.saas.mrr')} stat={data.monthlyRecurringRevenue} format="money" period={period} />
        <StatCard title={t('dashboards.saas.outstanding')} stat={data.outstanding} format="money" period={period} goodWhen="down" />
        <StatCard title={t('dashboards.saas.overdue')} stat={data.overdue} format="money" period={period} goodWhen="down" />
        <StatCard title={t('dashboards.saas.newClients')} stat={data.newClients} format="count" period={period} />
      </StatGrid>
      <Later>
        <ChartCard
          title={t('dashboards.saas.spentPer', { period })}
          table={seriesTable(spent, bucketName(t, period), t('dashboards.saas.spent'), 'money')}
          emptyNote={hasFigures(spent) ? undefined : noInvoices}
        >
          <SeriesChart kind="bar" points={spent} name={t('dashboards.saas.spent')} format="money" label={summariseSeries(t, t('dashboards.saas.totalSpent'), spent, 'money', period)} />
        </ChartCard>
        <div className="grid gap-4 lg:grid-cols-3">
          <TableCard
            title={t('dashboards.saas.recentInvoices')}
            className="lg:col-span-2"
            action={
              <Link to="/invoices" className="text-sm text-indigo-700 hover:underline dark:text-indigo-300">
                {t('dashboards.saas.allInvoices')}
              </Link>
            }
          >
            {data.recentInvoices.length === 0 ? (
              <EmptyNote>{noInvoices}</EmptyNote>
            ) : (
              <TableScroller label={t('dashboards.saas.recentInvoices')}>
                <table className="w-full text-sm">
                  <caption className="sr-only">{t('dashboards.saas.recentInvoices')}</caption>
                  <thead>
                    <tr>
                      <th scope="col" className={headCell}>
                        {t('dashboards.saas.invoice')}
                      </th>
                      <th scope="col" className={headCell}>
                        {t('dashboards.table.customer')}
                      </th>
                      <th scope="col" className={`${headCell} ${wideOnly}`}>
                        {t('dashboards.saas.issued')}
                      </th>
                      <th scope="col" className={`${headCell} ${wideOnly}`}>
                        {t('dashboards.saas.due')}
                      </th>
                      <th scope="col" className={`${headCell} text-end`}>
                        {t('dashboards.table.amount')}
                      </th>
                      <th scope="col" className={`${headCell} ${wideOnly}`}>
                        {t('dashboards.table.status')}
                      </th>
                    </tr>
                  </thead>
                  <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
                    {data.recentInvoices.map((invoice) => (
                      <tr key={invoice.id}>
                        <td className={cell}>
                          <Link to="/invoices/$id/details" params={{ id: invoice.id }} translate="no" className="font-medium whitespace-nowrap text-indigo-700 hover:underline dark:text-indigo-300">
                            {invoice.id}
                          </Link>
                        </td>
                        <td translate="no" className={`${cell} max-w-40 truncate`}>
                          {invoice.customer}
                        </td>
                        <td className={`${cell} ${wideOnly} whitespace-nowrap`}>{formatUtcDay(invoice.issueDate)}</td>
                        <td className={`${cell} ${wideOnly} whitespace-nowrap`}>{formatUtcDay(invoice.dueDate)}</td>
                        <td className={`${cell} text-end tabular-nums`}>{formatFigure(invoice.totalAmount, 'money')}</td>
                        <td className={`${cell} ${wideOnly}`}>
                          <span className={`rounded px-2 py-0.5 text-xs font-medium whitespace-nowrap ${invoiceStatusStyles[invoice.status]}`}>{t(invoiceStatusLabels[invoice.status])}</span>
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </TableScroller>
            )}
          </TableCard>
          <TableCard title={t('dashboards.saas.topCustomers')}>
            {data.topCustomers.length === 0 ? (
              <EmptyNote>{noInvoices}</EmptyNote>
            ) : (
              <ol className="divide-y divide-slate-100 dark:divide-slate-800">
                {data.topCustomers.map((customer) => (
                  <li key={customer.id} className="flex items-center gap-3 py-2">
                    <img src={customer.image} alt="" width={32} height={32} loading="lazy" className="size-8 shrink-0 rounded-full bg-slate-100 object-cover dark:bg-slate-800" />
                    <span className="min-w-0 flex-1">
                      <span translate="no" className="block truncate text-sm font-medium">
                        {customer.name}
                      </span>
                      <span className="block text-xs text-slate-500 dark:text-slate-400">
                        {t('dashboards.saas.invoiceCount', { count: customer.invoices, formatted: formatFigure(customer.invoices, 'count') })}
                      </span>
                    </span>
                    <span className="text-sm tabular-nums">{formatFigure(customer.spent, 'money')}</span>
                  </li>
                ))}
              </ol>
            )}
          </TableCard>
        </div>
      </Later>
    </>
  );
}
