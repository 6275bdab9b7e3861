import { formatDateTime as formatMoment, formatDate, formatMoney as formatAmount } from '@/i18n/format';
import { t } from '@/i18n/i18n';

/** An amount in the shop's currency, the current language's way ("$1,234.50", "1.234,50 $"). */
export const formatMoney = (amount: number) => formatAmount(amount);
/** A moment as its day in the viewer's zone ("Mar 9, 2026"). */
export const formatDay = (iso: string) => formatDate(iso);
// Invoice dates are calendar days (stored at 00:00 UTC): shown as that day everywhere.
/** An invoice's date as its calendar day. */
export const formatCalendarDay = (iso: string) => formatDate(iso, { dateStyle: 'medium', timeZone: 'UTC' });
/** A moment as day and time in the viewer's zone. */
export const formatDateTime = (iso: string) => formatMoment(iso);
/** "1 item", "3 items": the units of an order's lines (the `portal` area must be loaded). */
export const itemsText = (lines: ReadonlyArray<{ quantity: number }>) => t('portal.orders.items', { count: lines.reduce((sum, line) => sum + line.quantity, 0) });

