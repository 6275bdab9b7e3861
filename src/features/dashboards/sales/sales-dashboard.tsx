import type { SalesDashboard } from '@schema/dashboard';
import { ChartCard } from '@/components/dashboard/chart-card';
import { bucketName, seriesTable, slicesTable } from '@/components/dashboard/chart-tables';
import { DonutChart } from '@/components/dashboard/charts/donut-chart';
import { SeriesChart } from '@/components/dashboard/charts/series-chart';
import { DashboardPage, StatGrid } from '@/components/dashboard/dashboard-page';
import { Later } from '@/components/dashboard/later';
import { emptyNote, formatFigure, hasFigures, summariseSeries, summariseSlices } from '@/components/dashboard/format';
import { StatCard } from '@/components/dashboard/stat-card';
import { useDashboardQuery } from '@/components/dashboard/use-dashboard-query';
import { dashboardResources, loadDashboard, prefetchedDashboard } from '../api';
import type { DashboardScreenProps } from '../shared/screen-props';
import { cell, EmptyNote, headCell, RecentOrdersTable, TableCard } from '../shared/dashboard-tables';

/** Sales: revenue, repeat purchases, order value and new customers; earnings, status mix, top products, recent orders. */
export function SalesDashboardScreen({ period, onPeriodChange }: DashboardScreenProps) {
  const query = useDashboardQuery(dashboardResources.sales, `sales?period=${period}`, (signal) => loadDashboard('sales', period, signal), prefetchedDashboard('sales', period));
  return (
    <DashboardPage title="Sales" period={period} onPeriodChange={onPeriodChange} query={query}>
      {(data) => <SalesFigures data={data} />}
    </DashboardPage>
  );
}

export function SalesFigures({ data }: { data: SalesDashboard }) {
  const { period, comparedWith } = data;
  const noOrders = emptyNote('orders', period, data.range);
  return (
    <>
      <StatGrid label="Key figures">
        <StatCard title="Revenue" stat={data.revenue} format="money" comparedWith={comparedWith} />
        <StatCard title="Repeat-purchase rate" stat={data.repeatPurchaseRate} format="percent" comparedWith={comparedWith} />
        <StatCard title="Average order value" stat={data.averageOrderValue} format="money" comparedWith={comparedWith} />
        <StatCard title="New customers" stat={data.newCustomers} format="count" comparedWith={comparedWith} />
      </StatGrid>
      <Later>
        <div className="grid gap-4 lg:grid-cols-3">
          <ChartCard
            title="Earnings"
            className="lg:col-span-2"
            table={seriesTable(data.earnings, bucketName(period), 'Revenue', 'money')}
            emptyNote={hasFigures(data.earnings) ? undefined : noOrders}
            aside={<span className="text-sm text-slate-500 tabular-nums dark:text-slate-400">{formatFigure(data.revenue.value, 'money')}</span>}
          >
            <SeriesChart kind="bar" points={data.earnings} name="Revenue" format="money" label={summariseSeries('Earnings', data.earnings, 'money', period)} />
          </ChartCard>
          <ChartCard title="Order status mix" table={slicesTable(data.statusMix, 'Status', 'Orders', 'count')} emptyNote={hasFigures(data.statusMix) ? undefined : noOrders}>
            <DonutChart slices={data.statusMix} format="count" totalLabel="orders" label={summariseSlices('Orders by status', data.statusMix, 'count', period)} />
          </ChartCard>
        </div>
        <div className="grid gap-4 lg:grid-cols-2">
          <TableCard title="Top-selling products">
            {data.topProducts.length === 0 ? (
              <EmptyNote>{noOrders}</EmptyNote>
            ) : (
              <div className="-mx-3 overflow-x-auto">
                <table className="w-full text-sm">
                  <caption className="sr-only">Top-selling products</caption>
                  <thead>
                    <tr>
                      <th scope="col" className={headCell}>Product</th>
                      <th scope="col" className={`${headCell} text-end`}>Sold</th>
                      <th scope="col" className={`${headCell} text-end`}>Revenue</th>
                    </tr>
                  </thead>
                  <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
                    {data.topProducts.map((product) => (
                      <tr key={product.id}>
                        <th scope="row" className={`${cell} text-start font-normal`}>
                          <span className="flex min-w-0 items-center gap-2">
                            <img src={product.image} alt="" width={32} height={32} loading="lazy" className="size-8 shrink-0 rounded bg-slate-100 object-cover dark:bg-slate-800" />
                            <span className="truncate">{product.name}</span>
                          </span>
                        </th>
                        <td className={`${cell} text-end tabular-nums`}>{formatFigure(product.quantity, 'count')}</td>
                        <td className={`${cell} text-end tabular-nums`}>{formatFigure(product.revenue, 'money')}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
          </TableCard>
          <RecentOrdersTable title="Recent orders" orders={data.recentOrders} emptyNote={noOrders} />
        </div>
      </Later>
    </>
  );
}
