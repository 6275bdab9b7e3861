import { lazy, Suspense, useId } from 'react';
import { ErrorState } from '@/components/data-table/list-states';
import { useListQuery } from '@/components/data-table/use-list-query';
import { getOrderAnalytics, type OrderMonth } from '../../list-api';
import { count } from '../list/order-format';

// The chart library loads after the list (and only on /orders), in a chunk of its own.
const MonthlyOrdersChart = lazy(() => import('./monthly-orders-chart'));

function ChartSkeleton() {
  return <div data-testid="orders-chart-skeleton" className="h-60 w-full animate-pulse rounded bg-slate-100 dark:bg-slate-800" />;
}

/** "1,234 orders in the last 12 months, most in Mar 2026 (150)." */
function summarise(months: OrderMonth[]): string {
  const total = months.reduce((sum, m) => sum + m.value, 0);
  const busiest = months.reduce<OrderMonth | undefined>((best, m) => (!best || m.value > best.value ? m : best), undefined);
  const most = busiest && busiest.value > 0 ? `, most in ${busiest.month} ${busiest.year} (${count.format(busiest.value)})` : '';
  return `${count.format(total)} ${total === 1 ? 'order' : 'orders'} in the last ${months.length} months${most}.`;
}

/**
 * Orders placed per month over the last 12 months, from the stored orders (asked again on
 * every orders change, as the cards). Screen readers get a summary and a table of the
 * months instead of the drawing.
 */
export function MonthlyOrders({ version }: { version: number }) {
  const { data, error, fetching, retry } = useListQuery('orders', `analytics#${version}`, getOrderAnalytics);
  const titleId = useId();
  return (
    <figure aria-labelledby={titleId} aria-busy={fetching} className="min-w-0 rounded-lg border border-slate-200 bg-white p-4 dark:border-slate-700 dark:bg-slate-900">
      <figcaption className="mb-3">
        <h2 id={titleId} className="font-semibold">
          Orders per month
        </h2>
        {data && <p className="text-sm text-slate-500 dark:text-slate-400">{summarise(data)}</p>}
      </figcaption>
      {error && <ErrorState message={`Could not ${data ? 'refresh' : 'load'} the monthly orders: ${error.message}`} onRetry={retry} />}
      {data ? (
        <>
          <Suspense fallback={<ChartSkeleton />}>
            <MonthlyOrdersChart months={data} />
          </Suspense>
          <table className="sr-only">
            <caption>Orders placed per month</caption>
            <thead>
              <tr>
                <th scope="col">Month</th>
                <th scope="col">Orders</th>
              </tr>
            </thead>
            <tbody>
              {data.map((m) => (
                <tr key={m.key}>
                  <th scope="row">
                    {m.month} {m.year}
                  </th>
                  <td>{count.format(m.value)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      ) : (
        !error && <ChartSkeleton />
      )}
    </figure>
  );
}
