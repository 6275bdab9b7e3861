/* global document, requestAnimationFrame -- page.evaluate callbacks run in the browser */
// The languages' costs (issue 34, docs/translations.md): `localeChunkGzipKB`, the largest
// language's catalogues (every part's chunk of it, gzip, from the build in dist/; the parts'
// ids, shared by the languages, apart: `localeIdsGzipKB`), and
// `localeSwitchMs`, a signed-in admin choosing another language in the header's menu until the
// screen is redrawn in it (its catalogues not loaded in the page yet), the median of three.
import { readdirSync, readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { ROOT } from './settings.mjs';
import { createAccount, signInThroughUi } from './set-up.mjs';

export const LOCALE_SWITCH_GOAL_MS = 300;
export const LOCALE_CHUNK_GOAL_KB = 25;

/**
 * Each language's catalogues in KB gzip, every chunk of it (`messages-<locale>-<part>`: its
 * values), { en: 3.1, es: 3.4, … }; `ids` the parts' ids (`message-ids-<part>`), one set shared
 * by every language (a first visit fetches them with its language, a change of language not).
 */
export function localeChunkSizes(dist = `${ROOT}dist/assets/`) {
  const sizes = {};
  for (const file of readdirSync(dist)) {
    const match = /^messages-([a-z]{2})-.+\.js$/.exec(file) ?? (/^message-ids-.+\.js$/.test(file) ? [file, 'ids'] : null);
    if (match) sizes[match[1]] = (sizes[match[1]] ?? 0) + gzipSync(readFileSync(`${dist}${file}`), { level: 9 }).length / 1024;
  }
  return Object.fromEntries(Object.entries(sizes).map(([locale, kb]) => [locale, Math.round(kb * 10) / 10]));
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
  await context.close();
  times.sort((a, b) => a - b);
  const { ids = 0, ...chunks } = localeChunkSizes();
  return { localeSwitchMs: Math.round(times[1]), localeSwitchRunsMs: times.map(Math.round), localeChunkGzipKB: Math.max(...Object.values(chunks)), localeChunksKB: chunks, localeIdsGzipKB: ids };
}
