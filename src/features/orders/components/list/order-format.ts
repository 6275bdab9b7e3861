/** How the orders screens write money and days (the app's figures are US English). */
export const money = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
export const count = new Intl.NumberFormat('en-US');
const dayFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

/** An ISO date as a day ("Mar 9, 2026"). */
export const formatDay = (iso: string) => dayFormat.format(new Date(iso));
