import { expect, type Page } from '@playwright/test';

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
