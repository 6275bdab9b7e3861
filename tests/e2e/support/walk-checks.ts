import { expect, type Page } from '@playwright/test';
import { violations } from './axe';
import { expectNoEnglishLeft } from './english-left';

/** A translation walk's checks of the screen shown, on a desktop (1440 px) and a phone (390 px): no English left, no sideways scroll, axe clean. */
export async function checkAtBothWidths(page: Page, locale: string, where: string) {
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await expectNoEnglishLeft(page, locale, `${where} at ${width} px`);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect.soft(overflow, `sideways scroll on ${where} at ${width} px`).toBeLessThanOrEqual(0);
    expect.soft(await violations(page), `axe on ${where} at ${width} px`).toEqual([]);
  }
  await page.setViewportSize({ width: 1440, height: 900 });
}
