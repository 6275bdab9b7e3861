import type { Page } from '@playwright/test';

/** The precache manifest the worker was built with, its URLs absolute, by group ('' for the entries in no group: sw/precache-group.ts). */
export async function manifestByGroup(page: Page): Promise<Record<string, string[]>> {
  return page.evaluate(async () => {
    const source = await (await fetch('/sw.js')).text();
    const entries = [...source.matchAll(/\{[^{}]*"url":"[^"]*"[^{}]*\}/g)].map((match) => JSON.parse(match[0]) as { url: string; group?: string });
    const groups: Record<string, string[]> = {};
    for (const entry of entries) (groups[entry.group ?? ''] ??= []).push(new URL(entry.url, location.origin + '/').href);
    return groups;
  });
}

/** Every URL in the device's Cache Storage (the worker's caches). */
export async function cachedUrls(page: Page): Promise<Set<string>> {
  const urls = await page.evaluate(async () => {
    const all: string[] = [];
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      // Workbox keys a precached file with its revision as a query (`?__WB_REVISION__=…`).
      for (const request of await cache.keys()) all.push(request.url.replace(/[?&]__WB_REVISION__=[^&]*$/, ''));
    }
    return all;
  });
  return new Set(urls);
}
