import type { AnalyticsDashboard } from '@schema/dashboard';
import { ChartCard } from '@/components/dashboard/chart-card';
import { seriesTable, slicesTable } from '@/components/dashboard/chart-tables';
import { DonutChart } from '@/components/dashboard/charts/donut-chart';
import { SeriesChart } from '@/components/dashboard/charts/series-chart';
import { DashboardPage, StatGrid } from '@/components/dashboard/dashboard-page';
import { Later } from '@/components/dashboard/later';
import { formatFigure, hasFigures } from '@/components/dashboard/format';
import { useT } from '@/i18n/i18n';
import { bucketName, emptyNote, localPoints, localSlices, share, summariseSeries, summariseSlices } from '../shared/chart-text';
import { StatCard } from '@/components/dashboard/stat-card';
import { useDashboardQuery } from '@/components/dashboard/use-dashboard-query';
import { dashboardResources, loadDashboard, prefetchedDashboard } from '../api';
import type { DashboardScreenProps } from '../shared/screen-props';
import { cell, EmptyNote, headCell, RecentOrdersTable, TableCard } from '../shared/dashboard-tables';

/** Analytics: customers, orders, revenue and returning customers; revenue over time, payment and status breakdowns, latest orders, customers by country. */
export function AnalyticsDashboardScreen({ period, onPeriodChange }: DashboardScreenProps) {
  const query = useDashboardQuery(dashboardResources.analytics, `analytics?period=${period}`, (signal) => loadDashboard('analytics', period, signal), prefetchedDashboard('analytics', period));
  const t = useT('dashboards');
  return (
    <DashboardPage title={t('dashboards.analytics.title')} period={period} onPeriodChange={onPeriodChange} query={query}>
      {(data) => <AnalyticsFigures data={data} />}
    </DashboardPage>
  );
}

export function AnalyticsFigures({ data }: { data: AnalyticsDashboard }) {
  const t = useT('dashboards');
  const { period } = data;
  const noOrders = emptyNote(t, 'orders', period, data.range);
  const revenueSeries = localPoints(data.revenueSeries);
  const byPaymentMethod = localSlices(t, data.byPaymentMethod);
  const byStatus = localSlices(t, data.byStatus);
  const countryMax = Math.max(0, ...data.customersByCountry.map((row) => row.customers));
  const countryTotal = data.customersByCountry.reduce((sum, row) => sum + row.customers, 0);
  return (
    <>
      <StatGrid label={t('dashboards.keyFigures')}>
        <StatCard title={t('dashboards.analytics.customers')} stat={data.customers} format="count" period={period} />
        <StatCard title={t('dashboards.table.orders')} stat={data.orders} format="count" period={period} />
        <StatCard title={t('dashboards.sales.revenue')} stat={data.revenue} format="money" period={period} />
        <StatCard title={t('dashboards.analytics.returningRate')} stat={data.returningCustomerRate} format="percent" period={period} />
      </StatGrid>
      <Later>
        <ChartCard
          title={t('dashboards.analytics.revenueOverTime')}
          table={seriesTable(revenueSeries, bucketName(t, period), t('dashboards.sales.revenue'), 'money')}
          emptyNote={hasFigures(revenueSeries) ? undefined : noOrders}
        >
          <SeriesChart kind="area" points={revenueSeries} name={t('dashboards.sales.revenue')} format="money" label={summariseSeries(t, t('dashboards.sales.revenue'), revenueSeries, 'money', period)} />
        </ChartCard>
        <div className="grid gap-4 lg:grid-cols-2">
          <ChartCard
            title={t('dashboards.chart.ordersByPayment')}
            table={slicesTable(byPaymentMethod, t('dashboards.table.paymentMethod'), t('dashboards.table.orders'), t('dashboards.table.share'), 'count')}
            emptyNote={hasFigures(byPaymentMethod) ? undefined : noOrders}
          >
            <DonutChart slices={byPaymentMethod} format="count" totalLabel={t('dashboards.donut.orders')} label={summariseSlices(t, t('dashboards.chart.ordersByPayment'), byPaymentMethod, 'count', period)} />
          </ChartCard>
          <ChartCard title={t('dashboards.chart.ordersByStatus')} table={slicesTable(byStatus, t('dashboards.table.status'), t('dashboards.table.orders'), t('dashboards.table.share'), 'count')} emptyNote={hasFigures(byStatus) ? undefined : noOrders}>
            <DonutChart slices={byStatus} format="count" totalLabel={t('dashboards.donut.orders')} label={summariseSlices(t, t('dashboards.chart.ordersByStatus'), byStatus, 'count', period)} />
          </ChartCard>
        </div>
        <div className="grid gap-4 lg:grid-cols-2">
          <RecentOrdersTable title={t('dashboards.analytics.latestOrders')} orders={data.latestOrders} emptyNote={noOrders} />
          <TableCard title={t('dashboards.analytics.byCountry')}>
            {data.customersByCountry.length === 0 ? (
              <EmptyNote>{t('dashboards.analytics.noCustomers')}</EmptyNote>
            ) : (
              <table className="w-full text-sm">
                <caption className="sr-only">{t('dashboards.analytics.byCountry')}</caption>
                <thead>
                  <tr>
                    <th scope="col" className={headCell}>
                      {t('dashboards.analytics.country')}
                    </th>
                    <th scope="col" className={`${headCell} text-end`}>
                      {t('dashboards.analytics.customers')}
                    </th>
                    <th scope="col" className={`${headCell} w-2/5`}>
                      <span className="sr-only">{t('dashboards.analytics.share')}</span>
                    </th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
                  {data.customersByCountry.map((row) => (
                    <tr key={row.country}>
                      <th scope="row" translate="no" className={`${cell} text-start font-normal`}>
                        {row.country}
                      </th>
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
