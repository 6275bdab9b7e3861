import { lazy, Suspense, useId } from 'react';
import { ErrorState } from '@/components/data-table/list-states';
import { useListQuery } from '@/components/data-table/use-list-query';
import { useT, type t as translate } from '@/i18n/i18n';
import { getOrderAnalytics, type OrderMonth } from '../../list-api';
import { formatCount } from '../list/order-format';
import { monthName } from './month-name';

// The chart library loads after the list (and only on /orders), in a chunk of its own.
const MonthlyOrdersChart = lazy(() => import('./monthly-orders-chart'));

function ChartSkeleton() {
  return <div data-testid="orders-chart-skeleton" className="h-60 w-full animate-pulse rounded bg-slate-100 dark:bg-slate-800" />;
}

/** "1,234 orders in the last 12 months, most in March 2026 (150)." */
function summarise(t: typeof translate, months: OrderMonth[]): string {
  const total = months.reduce((sum, m) => sum + m.value, 0);
  const busiest = months.reduce<OrderMonth | undefined>((best, m) => (!best || m.value > best.value ? m : best), undefined);
  const values = { count: total, total: formatCount(total), months: months.length };
  return busiest && busiest.value > 0
    ? t('orders.chart.summaryBusiest', { ...values, month: monthName(busiest, 'long'), busiest: formatCount(busiest.value) })
    : t('orders.chart.summary', values);
}

/**
 * Orders placed per month over the last 12 months, from the stored orders (asked again on
 * every orders change, as the cards). Screen readers get a summary and a table of the
 * months instead of the drawing.
 */
export function MonthlyOrders({ version }: { version: number }) {
  const { data, error, fetching, retry } = useListQuery('orders', `analytics#${version}`, getOrderAnalytics);
  const titleId = useId();
  const t = useT('orders');
  return (
    <figure aria-labelledby={titleId} aria-busy={fetching} className="min-w-0 rounded-lg border border-slate-200 bg-white p-4 dark:border-slate-700 dark:bg-slate-900">
      <figcaption className="mb-3">
        <h2 id={titleId} className="font-semibold">
          {t('orders.chart.title')}
        </h2>
        {data && <p className="text-sm text-slate-500 dark:text-slate-400">{summarise(t, data)}</p>}
      </figcaption>
      {error && <ErrorState message={t(data ? 'orders.chart.refreshFailed' : 'orders.chart.loadFailed', { reason: error.message })} onRetry={retry} />}
      {data ? (
        <>
          <Suspense fallback={<ChartSkeleton />}>
            <MonthlyOrdersChart months={data} />
          </Suspense>
          <table className="sr-only">
            <caption>{t('orders.chart.caption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('orders.chart.month')}</th>
                <th scope="col">{t('orders.chart.series')}</th>
              </tr>
            </thead>
            <tbody>
              {data.map((m) => (
                <tr key={m.key}>
                  <th scope="row">{monthName(m, 'long')}</th>
                  <td>{formatCount(m.value)}</td>
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
