import type { OrderSummaryCard } from '@schema/order';
import { ErrorState } from '@/components/data-table/list-states';
import { useListQuery } from '@/components/data-table/use-list-query';
import { getOrderHistories } from '../../list-api';
import { useT } from '@/i18n/i18n';
import { formatCount } from '../list/order-format';
import { SummaryIcon } from './summary-icon';

/** The cards' test ids and order: `order-card-<key>`, the key being the card title's first word. */
const cardKeys = ['total', 'new', 'pending', 'shipping', 'delivered', 'cancelled'] as const;
const cardKey = (card: OrderSummaryCard) => card.title.split(' ')[0]?.toLowerCase() ?? String(card.id);

/** Each card's title by its key (the API names the cards in English). */
const CARD_TITLE_IDS: Record<(typeof cardKeys)[number], string> = {
  total: 'orders.cards.total',
  new: 'orders.cards.new',
  pending: 'orders.cards.pending',
  shipping: 'orders.cards.shipping',
  delivered: 'orders.cards.delivered',
  cancelled: 'orders.cards.cancelled',
};
const isCardKey = (key: string): key is (typeof cardKeys)[number] => (cardKeys as ReadonlyArray<string>).includes(key);

/**
 * The six order counts (Total, New, Pending, Shipping, Delivered, Cancelled), counted by
 * the API from the stored orders, asked again whenever orders change (`version` bumps
 * after this tab's writes; the change channel covers every other tab's).
 */
export function OrderSummaryCards({ version }: { version: number }) {
  const { data, error, fetching, retry } = useListQuery('orders', `histories#${version}`, getOrderHistories);
  const t = useT('orders');
  const title = (card: OrderSummaryCard) => {
    const key = cardKey(card);
    return isCardKey(key) ? t(CARD_TITLE_IDS[key]) : card.title;
  };
  if (error && !data) return <ErrorState message={t('orders.cards.loadFailed', { reason: error.message })} onRetry={retry} />;
  return (
    <div className="space-y-2">
      {error && <ErrorState message={t('orders.cards.refreshFailed', { reason: error.message })} onRetry={retry} />}
      <ul aria-label={t('orders.cards.label')} aria-busy={fetching} className="grid grid-cols-2 gap-3 sm:grid-cols-3 xl:grid-cols-6">
        {data
          ? data.map((card) => (
              <li key={card.id} data-testid={`order-card-${cardKey(card)}`} className="flex min-w-0 items-center gap-3 rounded-lg border border-slate-200 bg-white p-3 dark:border-slate-700 dark:bg-slate-900">
                <span aria-hidden="true" className="flex size-9 shrink-0 items-center justify-center rounded-full text-white" style={{ backgroundColor: card.color }}>
                  <SummaryIcon name={card.icon} />
                </span>
                <span className="min-w-0">
                  <span className="block truncate text-xs text-slate-500 dark:text-slate-400">{title(card)}</span>
                  <span className="block text-xl font-semibold tabular-nums">{formatCount(card.totalOrder)}</span>
                </span>
              </li>
            ))
          : cardKeys.map((key) => (
              <li key={key} data-testid="order-card-skeleton" className="flex items-center gap-3 rounded-lg border border-slate-200 bg-white p-3 dark:border-slate-700 dark:bg-slate-900">
                <span className="size-9 shrink-0 animate-pulse rounded-full bg-slate-200 dark:bg-slate-700" />
                <span className="flex-1 space-y-2">
                  <span className="block h-3 w-16 animate-pulse rounded bg-slate-200 dark:bg-slate-700" />
                  <span className="block h-5 w-10 animate-pulse rounded bg-slate-200 dark:bg-slate-700" />
                </span>
              </li>
            ))}
      </ul>
    </div>
  );
}
