import { Link } from '@tanstack/react-router';
import type { SaasDashboard } from '@schema/dashboard';
import { ChartCard } from '@/components/dashboard/chart-card';
import { bucketName, seriesTable } from '@/components/dashboard/chart-tables';
import { SeriesChart } from '@/components/dashboard/charts/series-chart';
import { DashboardPage, StatGrid } from '@/components/dashboard/dashboard-page';
import { Later } from '@/components/dashboard/later';
import { emptyNote, formatFigure, hasFigures, summariseSeries } from '@/components/dashboard/format';
import { StatCard } from '@/components/dashboard/stat-card';
import { useDashboardQuery } from '@/components/dashboard/use-dashboard-query';
import { dashboardResources, loadDashboard, prefetchedDashboard } from '../api';
import { cell, EmptyNote, formatUtcDay, headCell, TableCard, wideOnly } from '../shared/dashboard-tables';
import type { DashboardScreenProps } from '../shared/screen-props';

const invoiceStatusStyles: Record<SaasDashboard['recentInvoices'][number]['status'], string> = {
  complete: 'bg-green-100 text-green-800 dark:bg-green-950 dark:text-green-300',
  pending: 'bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200',
  overdue: 'bg-red-100 text-red-800 dark:bg-red-950 dark:text-red-300',
};
const invoiceStatusLabels: Record<SaasDashboard['recentInvoices'][number]['status'], string> = { complete: 'Complete', pending: 'Pending', overdue: 'Overdue' };

/** SaaS: recurring revenue, outstanding and overdue amounts, new clients; spent per month, recent invoices, top customers. */
export function SaasDashboardScreen({ period, onPeriodChange }: DashboardScreenProps) {
  const query = useDashboardQuery(dashboardResources.saas, `saas?period=${period}`, (signal) => loadDashboard('saas', period, signal), prefetchedDashboard('saas', period));
  return (
    <DashboardPage title="SaaS" period={period} onPeriodChange={onPeriodChange} query={query}>
      {(data) => <SaasFigures data={data} />}
    </DashboardPage>
  );
}

export function SaasFigures({ data }: { data: SaasDashboard }) {
  const { period, comparedWith } = data;
  const noInvoices = emptyNote('invoices', period, data.range);
  return (
    <>
      <StatGrid label="Key figures">
        <StatCard title="Monthly recurring revenue" stat={data.monthlyRecurringRevenue} format="money" comparedWith={comparedWith} />
        <StatCard title="Outstanding" stat={data.outstanding} format="money" comparedWith={comparedWith} goodWhen="down" />
        <StatCard title="Overdue" stat={data.overdue} format="money" comparedWith={comparedWith} goodWhen="down" />
        <StatCard title="New clients" stat={data.newClients} format="count" comparedWith={comparedWith} />
      </StatGrid>
      <Later>
        <ChartCard
          title={period === 'year' ? 'Total spent per month' : 'Total spent per day'}
          table={seriesTable(data.spentPerBucket, bucketName(period), 'Spent', 'money')}
          emptyNote={hasFigures(data.spentPerBucket) ? undefined : noInvoices}
        >
          <SeriesChart kind="bar" points={data.spentPerBucket} name="Spent" format="money" label={summariseSeries('Total spent', data.spentPerBucket, 'money', period)} />
        </ChartCard>
        <div className="grid gap-4 lg:grid-cols-3">
          <TableCard
            title="Recent invoices"
            className="lg:col-span-2"
            action={<Link to="/invoices" className="text-sm text-indigo-700 hover:underline dark:text-indigo-300">All invoices</Link>}
          >
            {data.recentInvoices.length === 0 ? (
              <EmptyNote>{noInvoices}</EmptyNote>
            ) : (
              <div className="-mx-3 overflow-x-auto">
                <table className="w-full text-sm">
                  <caption className="sr-only">Recent invoices</caption>
                  <thead>
                    <tr>
                      <th scope="col" className={headCell}>Invoice</th>
                      <th scope="col" className={headCell}>Customer</th>
                      <th scope="col" className={`${headCell} ${wideOnly}`}>Issued</th>
                      <th scope="col" className={`${headCell} ${wideOnly}`}>Due</th>
                      <th scope="col" className={`${headCell} text-end`}>Amount</th>
                      <th scope="col" className={`${headCell} ${wideOnly}`}>Status</th>
                    </tr>
                  </thead>
                  <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
                    {data.recentInvoices.map((invoice) => (
                      <tr key={invoice.id}>
                        <td className={cell}>
                          <Link to="/invoices/$id/details" params={{ id: invoice.id }} className="font-medium whitespace-nowrap text-indigo-700 hover:underline dark:text-indigo-300">
                            {invoice.id}
                          </Link>
                        </td>
                        <td className={`${cell} max-w-40 truncate`}>{invoice.customer}</td>
                        <td className={`${cell} ${wideOnly} whitespace-nowrap`}>{formatUtcDay(invoice.issueDate)}</td>
                        <td className={`${cell} ${wideOnly} whitespace-nowrap`}>{formatUtcDay(invoice.dueDate)}</td>
                        <td className={`${cell} text-end tabular-nums`}>{formatFigure(invoice.totalAmount, 'money')}</td>
                        <td className={`${cell} ${wideOnly}`}>
                          <span className={`rounded px-2 py-0.5 text-xs font-medium whitespace-nowrap ${invoiceStatusStyles[invoice.status]}`}>{invoiceStatusLabels[invoice.status]}</span>
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
          </TableCard>
          <TableCard title="Top customers">
            {data.topCustomers.length === 0 ? (
              <EmptyNote>{noInvoices}</EmptyNote>
            ) : (
              <ol className="divide-y divide-slate-100 dark:divide-slate-800">
                {data.topCustomers.map((customer) => (
                  <li key={customer.id} className="flex items-center gap-3 py-2">
                    <img src={customer.image} alt="" width={32} height={32} loading="lazy" className="size-8 shrink-0 rounded-full bg-slate-100 object-cover dark:bg-slate-800" />
                    <span className="min-w-0 flex-1">
                      <span className="block truncate text-sm font-medium">{customer.name}</span>
                      <span className="block text-xs text-slate-500 dark:text-slate-400">
                        {formatFigure(customer.invoices, 'count')} {customer.invoices === 1 ? 'invoice' : 'invoices'}
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
