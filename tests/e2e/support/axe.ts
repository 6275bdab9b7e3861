import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/**
 * WCAG 2.1 A/AA violations on the page as it is now (axe-core). A rule broken in a first run
 * counts when a second run finds it broken too: a toast that starts fading out while axe reads
 * the page (a frame with a fraction of its opacity, a contrast failure no one reads) is gone by
 * then; a real failure stays.
 */
export async function violations(page: Page, within?: string) {
  const first = await analyze(page, within);
  if (first.length === 0) return first;
  const rule = (violation: string) => violation.slice(0, violation.indexOf(':'));
  const firstRules = new Set(first.map(rule));
  return (await analyze(page, within)).filter((violation) => firstRules.has(rule(violation)));
}

async function analyze(page: Page, within?: string) {
  // Legacy mode: axe.run in the page itself. The default (runPartial) opens a blank page for
  // every check to finish the run, which costs seconds each time; the app has no iframes.
  // Only violations are read: axe then keeps one example node of each passed rule instead of
  // all of them, less to collect and send back (every rule still runs). Before withTags, as
  // options() replaces the options withTags sets.
  await animationsEnded(page);
  const builder = new AxeBuilder({ page }).options({ resultTypes: ['violations'] }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).setLegacyMode();
  // An open modal menu hides the rest of the page from assistive tech (Radix), so check the menu itself.
  if (within) builder.include(within);
  const results = await builder.analyze();
  return results.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
}

/**
 * Waits (up to 2 s) for the page's finite animations to end: a toast fading in has a fraction of
 * its opacity, which axe measures as a contrast failure of a frame no one reads. Spinners (infinite)
 * are not waited for.
 */
async function animationsEnded(page: Page) {
  await page.evaluate(async () => {
    const finite = document.getAnimations().filter((animation) => animation.effect?.getTiming().iterations !== Infinity);
    await Promise.race([Promise.all(finite.map((animation) => animation.finished.catch(() => undefined))), new Promise((resolve) => setTimeout(resolve, 2_000))]);
  });
}
