import { useCallback, useMemo, useState } from 'react';
import type { Order } from '@schema/order';
import { ResourceList, type ResourceListProps } from '@/components/data-table/resource-list';
import { currentLocale, useT } from '@/i18n/i18n';
import { OrderSummary } from '../summary/order-summary';
import { ordersListConfig } from './orders-list-config';

/** /orders: the summary (cards and chart) over the list kit's orders table. */
export function OrdersListPage(props: Omit<ResourceListProps<Order>, 'config' | 'aboveTable' | 'onChanged'>) {
  // Bumped after each write this list makes: the summary asks again at once.
  const [version, setVersion] = useState(0);
  const refreshSummary = useCallback(() => setVersion((v) => v + 1), []);
  // The same element while the version stands, so typing in the search does not re-render the summary.
  const summary = useMemo(() => <OrderSummary version={version} />, [version]);
  const t = useT('orders');
  const locale = currentLocale();
  // Made again only when the language changes (the list keeps its state across renders).
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const config = useMemo(() => ordersListConfig(t), [locale]);
  return <ResourceList config={config} {...props} aboveTable={summary} onChanged={refreshSummary} />;
}
