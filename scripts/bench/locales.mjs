/* global document, requestAnimationFrame -- page.evaluate callbacks run in the browser */
// The languages' costs (issue 34, docs/translations.md, docs/performance.md "JavaScript size"):
// - `localeChunkGzipKB`: the most of one language's catalogue that one screen loads. The
//   catalogues are in parts (start-up's, `common`, one per area), each language's values a chunk of
//   their own (`messages-<locale>-<part>`) beside the part's ids shared by the languages
//   (`message-ids-<part>`). The screens are walked in Arabic, each loaded afresh, to see which
//   parts it fetches (the same parts in every language); a screen's figure in a language is those
//   parts' values and ids, gzip, from the build in dist/ (a first visit in that language: the ids
//   count too). /login is walked signed out.
// - `localeTotalsKB`: each language's every part (its values; the ids apart, `localeIdsGzipKB`):
//   what the worker precaches, and what a change of language fetches after every area was shown.
// - `localeSwitchMs`: a signed-in admin choosing another language in the header's menu until the
//   screen is redrawn in it (its catalogues not loaded in the page yet), the median of three.
import { readdirSync, readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { screens } from '../lib/screens.mjs';
import { ROOT } from './settings.mjs';
import { createAccount, signInThroughUi } from './set-up.mjs';

export const LOCALE_SWITCH_GOAL_MS = 300;
export const LOCALE_CHUNK_GOAL_KB = 25;

const MESSAGES_FILE = /^messages-([a-z]{2})-([a-z]+)-[\w-]+\.js$/;
const IDS_FILE = /^message-ids-([a-z]+)-[\w-]+\.js$/;
const kb = (bytes) => Math.round((bytes / 1024) * 10) / 10;

/**
 * The catalogues' chunks in the build, gzip bytes: `values[locale][part]` (each language's
 * values of a part) and `ids[part]` (a part's ids, shared by the languages).
 */
export function catalogueChunks(dist = `${ROOT}dist/assets/`) {
  const values = {};
  const ids = {};
  for (const file of readdirSync(dist)) {
    const size = () => gzipSync(readFileSync(`${dist}${file}`), { level: 9 }).length;
    const message = MESSAGES_FILE.exec(file);
    if (message) (values[message[1]] ??= {})[message[2]] = size();
    const id = IDS_FILE.exec(file);
    if (id) ids[id[1]] = size();
  }
  return { values, ids };
}

/** Each language's every part, KB gzip ({ en: 27.8, … }), and the parts' ids once. */
export function localeTotals({ values, ids }) {
  const sum = (sizes) => Object.values(sizes).reduce((total, size) => total + size, 0);
  return { totals: Object.fromEntries(Object.entries(values).map(([locale, parts]) => [locale, kb(sum(parts))])), ids: kb(sum(ids)) };
}

/**
 * The largest of `screenParts` ({ path: [part, …] }) in any language: a screen's parts' values
 * in that language and their ids. { kb, locale, path, parts }.
 */
export function largestScreenCatalogue({ values, ids }, screenParts) {
  let largest = { kb: 0, locale: '', path: '', parts: [] };
  for (const [locale, localeValues] of Object.entries(values)) {
    for (const [path, parts] of Object.entries(screenParts)) {
      const bytes = parts.reduce((total, part) => total + (localeValues[part] ?? 0) + (ids[part] ?? 0), 0);
      if (kb(bytes) > largest.kb) largest = { kb: kb(bytes), locale, path, parts };
    }
  }
  return largest;
}

/** The catalogue parts a page load of `path` fetches, once its main heading shows and a second more has passed. */
async function partsLoadedBy(page, path) {
  const parts = new Set();
  const onRequest = (request) => {
    const file = new URL(request.url()).pathname.split('/').pop() ?? '';
    const found = MESSAGES_FILE.exec(file)?.[2] ?? IDS_FILE.exec(file)?.[1];
    if (found) parts.add(found);
  };
  page.on('request', onRequest);
  await page.goto(path);
  await page.locator('h1').first().waitFor({ timeout: 60_000 });
  // Parts a screen asks for after its first paint (its data's own words) come within this.
  await page.waitForTimeout(1_000);
  page.off('request', onRequest);
  return [...parts].sort();
}

/** One switch: opens the language menu and picks `name`, until <html lang> is `locale` and the menu's button speaks it. */
async function switchTo(page, name, locale, label) {
  await page.getByRole('button', { name: /^(Language|Idioma|Sprache|اللغة):/ }).click();
  const item = page.getByRole('menuitemradio', { name });
  await item.waitFor();
  const start = await page.evaluate(() => performance.now());
  await item.click();
  return page.evaluate(
    ([wantedLocale, wantedLabel, from]) =>
      new Promise((resolve) => {
        const done = () => document.documentElement.lang === wantedLocale && document.querySelector(`button[aria-label^="${wantedLabel}:"]`);
        const check = () => (done() ? resolve(performance.now() - from) : requestAnimationFrame(check));
        check();
      }),
    [locale, label, start],
  );
}

export async function measureLocales(browser, url) {
  const account = await createAccount(`bench-locale-${Date.now().toString(36)}@example.com`);
  const context = await browser.newContext({ baseURL: url, serviceWorkers: 'allow', locale: 'en-US' });
  const page = await context.newPage();
  await signInThroughUi(page, account.email);
  const times = [];
  for (let run = 0; run < 3; run += 1) {
    // A fresh page in English each run: German's catalogues are not loaded in it yet.
    await page.reload();
    await page.getByRole('button', { name: /^Language:/ }).waitFor({ timeout: 60_000 });
    times.push(await switchTo(page, 'Deutsch', 'de', 'Sprache'));
    await switchTo(page, 'English', 'en', 'Language');
  }
  times.sort((a, b) => a - b);

  // Each screen in Arabic, loaded afresh: the parts it fetches.
  await switchTo(page, 'العربية', 'ar', 'اللغة');
  const screenParts = {};
  for (const [path] of screens) screenParts[path] = await partsLoadedBy(page, path);
  await context.close();
  const signedOut = await browser.newContext({ baseURL: url, serviceWorkers: 'allow', locale: 'ar' });
  screenParts['/login'] = await partsLoadedBy(await signedOut.newPage(), '/login');
  await signedOut.close();

  const chunks = catalogueChunks();
  const largest = largestScreenCatalogue(chunks, screenParts);
  const { totals, ids } = localeTotals(chunks);
  return {
    localeSwitchMs: Math.round(times[1]),
    localeSwitchRunsMs: times.map(Math.round),
    localeChunkGzipKB: largest.kb,
    localeChunkLargest: { locale: largest.locale, path: largest.path, parts: largest.parts },
    localeTotalsKB: totals,
    localeIdsGzipKB: ids,
  };
}
