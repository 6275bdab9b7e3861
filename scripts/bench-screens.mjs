/* global document -- page.waitForFunction callbacks run in the browser */
// A screen's full load in the bench (issue 24): from the navigation's start to the screen showing
// its data (a list's first row, a dashboard's first figure), timed in the page
// (performance.now() counts from the navigation's start), each screen loaded `runs` times.

/** The screens timed, and what "showing its data" is on each. */
export const SCREENS = [
  ['orders', '/orders', 'tbody tr[data-testid="order-row"]'],
  ['users', '/users', 'tbody tr[data-testid="user-row"]'],
  ['products', '/products', 'tbody tr[data-testid="product-row"]'],
  ['invoices', '/invoices', 'tbody tr[data-testid="invoice-row"]'],
  ['sales', '/sales', '[data-testid="stat-value"]'],
];

export const SCREEN_LOAD_GOAL_MS = 500;

/** Each screen loaded `runs` times (the first load of each not counted: it warms the route's code): ms per load. */
export async function timeScreenLoads(page, runs = 5) {
  const times = {};
  for (const [key, path, selector] of SCREENS) {
    times[key] = [];
    for (let run = -1; run < runs; run++) {
      await page.goto(path, { waitUntil: 'commit' });
      const shownAt = await page.waitForFunction((selector) => (document.querySelector(selector) ? performance.now() : null), selector, { timeout: 60_000 });
      if (run >= 0) times[key].push(await shownAt.jsonValue());
    }
  }
  return times;
}
