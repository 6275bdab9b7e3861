import type { SalesDashboard } from '@schema/dashboard';
import { ChartCard } from '@/components/dashboard/chart-card';
import { seriesTable, slicesTable } from '@/components/dashboard/chart-tables';
import { DonutChart } from '@/components/dashboard/charts/donut-chart';
import { SeriesChart } from '@/components/dashboard/charts/series-chart';
import { DashboardPage, StatGrid } from '@/components/dashboard/dashboard-page';
import { Later } from '@/components/dashboard/later';
import { formatFigure, hasFigures } from '@/components/dashboard/format';
import { useT } from '@/i18n/i18n';
import { bucketName, emptyNote, localPoints, localSlices, summariseSeries, summariseSlices } from '../shared/chart-text';
import { StatCard } from '@/components/dashboard/stat-card';
import { useDashboardQuery } from '@/components/dashboard/use-dashboard-query';
import { dashboardResources, loadDashboard, prefetchedDashboard } from '../api';
import type { DashboardScreenProps } from '../shared/screen-props';
import { cell, EmptyNote, headCell, RecentOrdersTable, TableCard, TableScroller } from '../shared/dashboard-tables';

/** Sales: revenue, repeat purchases, order value and new customers; earnings, status mix, top products, recent orders. */
export function SalesDashboardScreen({ period, onPeriodChange }: DashboardScreenProps) {
  const query = useDashboardQuery(dashboardResources.sales, `sales?period=${period}`, (signal) => loadDashboard('sales', period, signal), prefetchedDashboard('sales', period));
  const t = useT('dashboards');
  return (
    <DashboardPage title={t('dashboards.sales.title')} period={period} onPeriodChange={onPeriodChange} query={query}>
      {(data) => <SalesFigures data={data} />}
    </DashboardPage>
  );
}

export function SalesFigures({ data }: { data: SalesDashboard }) {
  const t = useT('dashboards');
  const { period } = data;
  const noOrders = emptyNote(t, 'orders', period, data.range);
  const earnings = localPoints(data.earnings);
  const statusMix = localSlices(t, data.statusMix);
  return (
    <>
      <StatGrid label={t('dashboards.keyFigures')}>
        <StatCard title={t('dashboards.sales.revenue')} stat={data.revenue} format="money" period={period} />
        <StatCard title={t('dashboards.sales.repeatPurchaseRate')} stat={data.repeatPurchaseRate} format="percent" period={period} />
        <StatCard title={t('dashboards.sales.averageOrderValue')} stat={data.averageOrderValue} format="money" period={period} />
        <StatCard title={t('dashboards.sales.newCustomers')} stat={data.newCustomers} format="count" period={period} />
      </StatGrid>
      <Later>
        <div className="grid gap-4 lg:grid-cols-3">
          <ChartCard
            title={t('dashboards.sales.earnings')}
            className="lg:col-span-2"
            table={seriesTable(earnings, bucketName(t, period), t('dashboards.sales.revenue'), 'money')}
            emptyNote={hasFigures(data.earnings) ? undefined : noOrders}
            aside={<span className="text-sm text-slate-500 tabular-nums dark:text-slate-400">{formatFigure(data.revenue.value, 'money')}</span>}
          >
            <SeriesChart kind="bar" points={earnings} name={t('dashboards.sales.revenue')} format="money" label={summariseSeries(t, t('dashboards.sales.earnings'), earnings, 'money', period)} />
          </ChartCard>
          <ChartCard
            title={t('dashboards.sales.statusMix')}
            table={slicesTable(statusMix, t('dashboards.table.status'), t('dashboards.table.orders'), t('dashboards.table.share'), 'count')}
            emptyNote={hasFigures(statusMix) ? undefined : noOrders}
          >
            <DonutChart slices={statusMix} format="count" totalLabel={t('dashboards.donut.orders')} label={summariseSlices(t, t('dashboards.chart.ordersByStatus'), statusMix, 'count', period)} />
          </ChartCard>
        </div>
        <div className="grid gap-4 lg:grid-cols-2">
          <TableCard title={t('dashboards.sales.topProducts')}>
            {data.topProducts.length === 0 ? (
              <EmptyNote>{noOrders}</EmptyNote>
            ) : (
              <TableScroller label={t('dashboards.sales.topProducts')}>
                <table className="w-full text-sm">
                  <caption className="sr-only">{t('dashboards.sales.topProducts')}</caption>
                  <thead>
                    <tr>
                      <th scope="col" className={headCell}>
                        {t('dashboards.sales.product')}
                      </th>
                      <th scope="col" className={`${headCell} text-end`}>
                        {t('dashboards.sales.sold')}
                      </th>
                      <th scope="col" className={`${headCell} text-end`}>
                        {t('dashboards.sales.revenue')}
                      </th>
                    </tr>
                  </thead>
                  <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
                    {data.topProducts.map((product) => (
                      <tr key={product.id}>
                        <th scope="row" className={`${cell} text-start font-normal`}>
                          <span className="flex min-w-0 items-center gap-2">
                            <img src={product.image} alt="" width={32} height={32} loading="lazy" className="size-8 shrink-0 rounded bg-slate-100 object-cover dark:bg-slate-800" />
                            <span translate="no" className="truncate">
                              {product.name}
                            </span>
                          </span>
                        </th>
                        <td className={`${cell} text-end tabular-nums`}>{formatFigure(product.quantity, 'count')}</td>
                        <td className={`${cell} text-end tabular-nums`}>{formatFigure(product.revenue, 'money')}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </TableScroller>
            )}
          </TableCard>
          <RecentOrdersTable title={t('dashboards.sales.recentOrders')} orders={data.recentOrders} emptyNote={noOrders} />
        </div>
      </Later>
    </>
  );
}
