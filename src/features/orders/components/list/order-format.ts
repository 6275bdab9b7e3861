/** How the orders list writes counts and days (money and status labels: ../details/order-format.ts). */
export const count = new Intl.NumberFormat('en-US');
const dayFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

/** An ISO date as a day ("Mar 9, 2026"). */
export const formatDay = (iso: string) => dayFormat.format(new Date(iso));
