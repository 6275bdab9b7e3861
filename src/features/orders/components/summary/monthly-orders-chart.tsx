import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { OrderMonth } from '../../list-api';

/**
 * The bars of orders placed per month (recharts, loaded with this module only, on /orders).
 * Hidden from assistive technology: the figure around it gives the same numbers as a table.
 */
export default function MonthlyOrdersChart({ months }: { months: OrderMonth[] }) {
  return (
    <div aria-hidden="true" className="h-60 w-full text-slate-500 dark:text-slate-400">
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={months} accessibilityLayer={false} margin={{ top: 8, right: 8, bottom: 0, left: -16 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} stroke="currentColor" strokeOpacity={0.2} />
          <XAxis dataKey="month" tickLine={false} stroke="currentColor" fontSize={12} interval="preserveStartEnd" />
          <YAxis allowDecimals={false} tickLine={false} stroke="currentColor" fontSize={12} width={48} />
          <Tooltip
            cursor={{ fill: 'currentColor', fillOpacity: 0.08 }}
            labelFormatter={(_label, payload) => {
              const month = payload[0]?.payload as OrderMonth | undefined;
              return month ? `${month.month} ${month.year}` : '';
            }}
            formatter={(value) => [value, 'Orders']}
          />
          <Bar dataKey="value" name="Orders" fill="#4f46e5" radius={[4, 4, 0, 0]} isAnimationActive={false} />
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
