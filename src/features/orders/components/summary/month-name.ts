import { formatDate } from '@/i18n/format';
import type { OrderMonth } from '../../list-api';

/** A chart month (`key` "2026-03") in the current language: "Mar" / "March 2026", "mar" / "marzo de 2026". */
export function monthName(month: Pick<OrderMonth, 'key'>, style: 'short' | 'long'): string {
  const day = new Date(`${month.key}-01T00:00:00Z`);
  return style === 'short' ? formatDate(day, { month: 'short', timeZone: 'UTC' }) : formatDate(day, { month: 'long', year: 'numeric', timeZone: 'UTC' });
}
