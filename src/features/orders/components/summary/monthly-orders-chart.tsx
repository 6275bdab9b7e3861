import { useT } from '@/i18n/i18n';
import { SeriesChart } from '@/components/dashboard/charts/series-chart';
import type { OrderMonth } from '../../list-api';
import { monthName } from './month-name';

/**
 * The bars of orders placed per month (the dashboards' visx bar chart, loaded with this
 * module only). Its summary names the drawing; the figure around it gives the months as a table.
 */
export default function MonthlyOrdersChart({ months, summary }: { months: OrderMonth[]; summary?: string }) {
  const t = useT('orders');
  const points = months.map((m) => ({ key: m.key, label: monthName(m, 'short'), value: m.value }));
  const years = new Map(months.map((m) => [m.key, monthName(m, 'long')]));
  return (
    <SeriesChart
      kind="bar"
      points={points}
      name={t('orders.chart.series')}
      format="count"
      label={summary ?? t('orders.chart.title')}
      pointTitle={(point) => years.get(point.key) ?? point.label}
    />
  );
}
