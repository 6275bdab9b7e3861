import type { AnalyticsDashboard } from '@schema/dashboard';
import { ChartCard } from '@/components/dashboard/chart-card';
import { bucketName, seriesTable, slicesTable } from '@/components/dashboard/chart-tables';
import { DonutChart } from '@/components/dashboard/charts/donut-chart';
import { SeriesChart } from '@/components/dashboard/charts/series-chart';
import { DashboardPage, StatGrid } from '@/components/dashboard/dashboard-page';
import { Later } from '@/components/dashboard/later';
import { emptyNote, formatFigure, hasFigures, share, summariseSeries, summariseSlices } from '@/components/dashboard/format';
import { StatCard } from '@/components/dashboard/stat-card';
import { useDashboardQuery } from '@/components/dashboard/use-dashboard-query';
import { dashboardResources, loadDashboard, prefetchedDashboard } from '../api';
import type { DashboardScreenProps } from '../shared/screen-props';
import { cell, EmptyNote, headCell, RecentOrdersTable, TableCard } from '../shared/dashboard-tables';

/** Analytics: customers, orders, revenue and returning customers; revenue over time, payment and status breakdowns, latest orders, customers by country. */
export function AnalyticsDashboardScreen({ period, onPeriodChange }: DashboardScreenProps) {
  const query = useDashboardQuery(dashboardResources.analytics, `analytics?period=${period}`, (signal) => loadDashboard('analytics', period, signal), prefetchedDashboard('analytics', period));
  return (
    <DashboardPage title="Analytics" period={period} onPeriodChange={onPeriodChange} query={query}>
      {(data) => <AnalyticsFigures data={data} />}
    </DashboardPage>
  );
}

export function AnalyticsFigures({ data }: { data: AnalyticsDashboard }) {
  const { period, comparedWith } = data;
  const noOrders = emptyNote('orders', period, data.range);
  const countryMax = Math.max(0, ...data.customersByCountry.map((row) => row.customers));
  const countryTotal = data.customersByCountry.reduce((sum, row) => sum + row.customers, 0);
  return (
    <>
      <StatGrid label="Key figures">
        <StatCard title="Customers" stat={data.customers} format="count" comparedWith={comparedWith} />
        <StatCard title="Orders" stat={data.orders} format="count" comparedWith={comparedWith} />
        <StatCard title="Revenue" stat={data.revenue} format="money" comparedWith={comparedWith} />
        <StatCard title="Returning-customer rate" stat={data.returningCustomerRate} format="percent" comparedWith={comparedWith} />
      </StatGrid>
      <Later>
        <ChartCard title="Revenue over time" table={seriesTable(data.revenueSeries, bucketName(period), 'Revenue', 'money')} emptyNote={hasFigures(data.revenueSeries) ? undefined : noOrders}>
          <SeriesChart kind="area" points={data.revenueSeries} name="Revenue" format="money" label={summariseSeries('Revenue', data.revenueSeries, 'money', period)} />
        </ChartCard>
        <div className="grid gap-4 lg:grid-cols-2">
          <ChartCard title="Orders by payment method" table={slicesTable(data.byPaymentMethod, 'Payment method', 'Orders', 'count')} emptyNote={hasFigures(data.byPaymentMethod) ? undefined : noOrders}>
            <DonutChart slices={data.byPaymentMethod} format="count" totalLabel="orders" label={summariseSlices('Orders by payment method', data.byPaymentMethod, 'count', period)} />
          </ChartCard>
          <ChartCard title="Orders by status" table={slicesTable(data.byStatus, 'Status', 'Orders', 'count')} emptyNote={hasFigures(data.byStatus) ? undefined : noOrders}>
            <DonutChart slices={data.byStatus} format="count" totalLabel="orders" label={summariseSlices('Orders by status', data.byStatus, 'count', period)} />
          </ChartCard>
        </div>
        <div className="grid gap-4 lg:grid-cols-2">
          <RecentOrdersTable title="Latest orders" orders={data.latestOrders} emptyNote={noOrders} />
          <TableCard title="Customers by country">
            {data.customersByCountry.length === 0 ? (
              <EmptyNote>No customers yet</EmptyNote>
            ) : (
              <table className="w-full text-sm">
                <caption className="sr-only">Customers by country</caption>
                <thead>
                  <tr>
                    <th scope="col" className={headCell}>Country</th>
                    <th scope="col" className={`${headCell} text-end`}>Customers</th>
                    <th scope="col" className={`${headCell} w-2/5`}>
                      <span className="sr-only">Share</span>
                    </th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
                  {data.customersByCountry.map((row) => (
                    <tr key={row.country}>
                      <th scope="row" className={`${cell} text-start font-normal`}>{row.country}</th>
                      <td className={`${cell} text-end tabular-nums`}>{formatFigure(row.customers, 'count')}</td>
                      <td className={cell}>
                        <span className="sr-only">{share(row.customers, countryTotal)}</span>
                        <span aria-hidden="true" className="block h-2 rounded-full bg-slate-100 dark:bg-slate-800">
                          <span className="block h-2 rounded-full bg-indigo-500 dark:bg-indigo-400" style={{ width: `${countryMax === 0 ? 0 : (row.customers / countryMax) * 100}%` }} />
                        </span>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
          </TableCard>
        </div>
      </Later>
    </>
  );
}
