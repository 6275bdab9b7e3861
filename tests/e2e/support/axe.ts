import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** WCAG 2.1 A/AA violations on the page as it is now (axe-core). */
export async function violations(page: Page, within?: string) {
  // Legacy mode: axe.run in the page itself. The default (runPartial) opens a blank page for
  // every check to finish the run, which costs seconds each time; the app has no iframes.
  // Only violations are read: axe then keeps one example node of each passed rule instead of
  // all of them, less to collect and send back (every rule still runs). Before withTags, as
  // options() replaces the options withTags sets.
  const builder = new AxeBuilder({ page }).options({ resultTypes: ['violations'] }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).setLegacyMode();
  // An open modal menu hides the rest of the page from assistive tech (Radix), so check the menu itself.
  if (within) builder.include(within);
  const results = await builder.analyze();
  return results.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
}

/**
 * Waits until the page has settled: nothing says it is loading, no skeleton, nothing busy
 * (figures being refreshed are dimmed, which axe would rightly flag as low contrast).
 */
export async function settled(page: Page) {
  await expect(page.getByRole('status').filter({ hasText: /^Loading/ })).toHaveCount(0);
  await expect(page.locator('[aria-busy="true"], [data-testid="dashboard-skeleton"]')).toHaveCount(0);
}

/** Sets the theme and layout direction the app reads before its first paint (index.html); applies on the next load. */
export async function chooseLook(page: Page, theme: 'light' | 'dark', direction: 'ltr' | 'rtl') {
  await page.evaluate(
    ([theme, direction]) => {
      localStorage.setItem('shop-admin:theme', theme);
      localStorage.setItem('shop-admin:direction', direction);
    },
    [theme, direction] as const,
  );
}

/**
 * Goes to `path` inside the app, as a link does (the router follows history.pushState): the page
 * is not loaded again, quicker than page.goto.
 */
export async function navigateInApp(page: Page, path: string) {
  await page.evaluate((path) => {
    const index = (history.state as { __TSR_index?: number } | null)?.__TSR_index ?? 0;
    history.pushState({ __TSR_index: index + 1 }, '', path);
  }, path);
}
