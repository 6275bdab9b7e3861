const money = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
// Invoice dates are calendar days (stored at 00:00 UTC by the form): shown as that day everywhere.
const dayFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeZone: 'UTC' });

/** "$1,234.50". */
export const formatMoney = (amount: number) => money.format(amount);

/** An invoice date as its calendar day ("Mar 7, 2026"). */
export const formatInvoiceDay = (iso: string) => dayFormat.format(new Date(iso));
