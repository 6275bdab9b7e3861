import { SeriesChart } from '@/components/dashboard/charts/series-chart';
import type { OrderMonth } from '../../list-api';

/**
 * The bars of orders placed per month (the dashboards' visx bar chart, loaded with this
 * module only). Its summary names the drawing; the figure around it gives the months as a table.
 */
export default function MonthlyOrdersChart({ months, summary }: { months: OrderMonth[]; summary?: string }) {
  const points = months.map((m) => ({ key: m.key, label: m.month, value: m.value }));
  const years = new Map(months.map((m) => [m.key, `${m.month} ${m.year}`]));
  return (
    <SeriesChart
      kind="bar"
      points={points}
      name="Orders"
      format="count"
      label={summary ?? 'Orders per month'}
      pointTitle={(point) => years.get(point.key) ?? point.label}
    />
  );
}
