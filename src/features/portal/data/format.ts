const money = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
const dayFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });
// Invoice dates are calendar days (stored at 00:00 UTC): shown as that day everywhere.
const calendarDayFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeZone: 'UTC' });
const dateTimeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** "$1,234.50". */
export const formatMoney = (amount: number) => money.format(amount);
/** A moment as its day in the viewer's zone ("Mar 9, 2026"). */
export const formatDay = (iso: string) => dayFormat.format(new Date(iso));
/** An invoice's date as its calendar day. */
export const formatCalendarDay = (iso: string) => calendarDayFormat.format(new Date(iso));
/** A moment as day and time in the viewer's zone. */
export const formatDateTime = (iso: string) => dateTimeFormat.format(new Date(iso));
/** "1 item", "3 items": the units of an order's lines. */
export const itemsText = (lines: ReadonlyArray<{ quantity: number }>) => {
  const units = lines.reduce((sum, line) => sum + line.quantity, 0);
  return units === 1 ? '1 item' : `${units.toLocaleString('en-US')} items`;
};
