import { useT } from '@/i18n/i18n';
import { MonthlyOrders } from './monthly-orders';
import { OrderSummaryCards } from './order-summary-cards';

/** Above the orders table: the status counts and the monthly chart. `version` bumps after this tab's order writes. */
export function OrderSummary({ version }: { version: number }) {
  const t = useT('orders');
  return (
    <section aria-label={t('orders.summary.label')} className="space-y-4">
      <OrderSummaryCards version={version} />
      <MonthlyOrders version={version} />
    </section>
  );
}
