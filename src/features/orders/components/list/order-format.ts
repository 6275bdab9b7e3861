import { formatDate, formatNumber } from '@/i18n/format';

/** How the orders list writes counts and days in the current language (money and status labels: ../details/order-format.ts). */
export const formatCount = (value: number) => formatNumber(value);

/** An ISO date as a day ("Mar 9, 2026", "9 mar 2026"). */
export const formatDay = (iso: string) => formatDate(iso);
