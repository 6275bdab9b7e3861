import { expect, type Page } from '@playwright/test';

/**
 * No sideways scroll of the page at a phone's width, 390 px (a table may scroll inside its own
 * box); the window then gets its size back.
 */
export async function fitsPhone(page: Page, what: string) {
  const before = page.viewportSize();
  await page.setViewportSize({ width: 390, height: 844 });
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow, `${what} at 390 px`).toBeLessThanOrEqual(0);
  if (before) await page.setViewportSize(before);
}
