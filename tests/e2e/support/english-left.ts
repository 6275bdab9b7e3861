import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, type Page } from '@playwright/test';

/**
 * "No English word left on screen" (docs/translations.md): the words of the English catalogues
 * (placeholders and ICU syntax taken out), less the words the other language's catalogues also
 * use (names such as "Demo" or "PDF" are the same in both), looked for in what the page shows.
 * Records' own text (a customer's name, a product's title, a ticket's message) is the shop's data,
 * not the app's: it is marked `translate="no"` (HTML's own attribute for it) and not looked at,
 * neither where a control's name repeats it.
 */
const MESSAGES = fileURLToPath(new URL('../../../src/i18n/messages/', import.meta.url));

function catalogueWords(locale: string): Set<string> {
  const words = new Set<string>();
  for (const file of readdirSync(`${MESSAGES}${locale}`)) {
    const messages = JSON.parse(readFileSync(`${MESSAGES}${locale}/${file}`, 'utf8')) as Record<string, string>;
    for (const message of Object.values(messages)) {
      // "{count, plural, one {# order} other {# orders}}" → " # order  # orders ": the branches' text stays.
      const text = message.replace(/\{\s*\w+\s*,\s*(plural|select|selectordinal)\s*,/g, ' ').replace(/(=\d+|zero|one|two|few|many|other|\w+)\s*\{/g, ' ').replace(/\{\s*\w+\s*\}/g, ' ');
      for (const word of text.match(/\p{L}{3,}/gu) ?? []) words.add(word.toLowerCase());
    }
  }
  return words;
}

/**
 * The words `Intl` writes in `locale` (months, weekdays, relative times): a date is the app's text
 * in the page's language even where a word is also English's ("8 may 2026" in Spanish).
 */
function formatWords(locale: string): Set<string> {
  const texts: string[] = [];
  for (let month = 0; month < 12; month++) {
    const date = new Date(Date.UTC(2026, month, 8 + (month % 7)));
    for (const options of [{ month: 'long' }, { month: 'short' }, { weekday: 'long' }, { weekday: 'short' }, { day: 'numeric', month: 'short', year: 'numeric' }, { dateStyle: 'full' }] as const) {
      texts.push(new Intl.DateTimeFormat(locale, { ...options, timeZone: 'UTC' }).format(date));
    }
  }
  const relative = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
  for (const unit of ['second', 'minute', 'hour', 'day', 'week', 'month', 'year'] as const) {
    for (const value of [-2, -1, 0, 1, 2, 5, 11]) texts.push(relative.format(value, unit));
  }
  return new Set(texts.flatMap((text) => text.match(/\p{L}{3,}/gu) ?? []).map((word) => word.toLowerCase()));
}

const cache = new Map<string, Set<string>>();
/** The English words that, seen on a page in `locale`, mean a text was not translated. */
export function englishOnlyWords(locale: string): Set<string> {
  let words = cache.get(locale);
  if (!words) {
    const theirs = new Set([...catalogueWords(locale), ...formatWords(locale)]);
    words = new Set([...catalogueWords('en')].filter((word) => !theirs.has(word)));
    cache.set(locale, words);
  }
  return words;
}

/** The page's visible text and the names it gives controls (aria-label, title, placeholder), outside translate="no": one part per text or name. */
async function shownTexts(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    // The records' own text shown on the page (marked translate="no"): where a control's name
    // repeats it ("Add Office Chair to the cart"), it is taken out of the name too.
    const data = [...document.querySelectorAll('[translate="no"]')]
      .map((element) => element.textContent?.trim() ?? '')
      .filter((text) => text.length >= 3)
      .sort((a, b) => b.length - a.length);
    const withoutData = (value: string) => data.reduce((rest, text) => rest.split(text).join(' '), value);
    const parts: string[] = [];
    const walk = (element: Element) => {
      if (element.getAttribute('translate') === 'no') return;
      if (element instanceof HTMLElement && (element.hidden || getComputedStyle(element).display === 'none')) return;
      if (['SCRIPT', 'STYLE', 'TEMPLATE', 'svg'].includes(element.tagName)) return;
      for (const name of ['aria-label', 'title', 'placeholder', 'alt']) {
        const value = element.getAttribute(name);
        if (value) parts.push(withoutData(value));
      }
      for (const child of element.childNodes) {
        if (child.nodeType === Node.TEXT_NODE) parts.push(child.textContent ?? '');
        else if (child instanceof Element) walk(child);
      }
    };
    walk(document.body);
    return parts;
  });
}

/** The English words on the page now, each with the first text or name it was found in (none when the page is wholly in `locale`). */
async function englishLeft(page: Page, locale: string): Promise<Map<string, string>> {
  const english = englishOnlyWords(locale);
  const found = new Map<string, string>();
  for (const text of await shownTexts(page)) {
    for (const word of text.match(/\p{L}{3,}/gu) ?? []) if (english.has(word.toLowerCase()) && !found.has(word)) found.set(word, text.trim().slice(0, 100));
  }
  return found;
}

/** The English words on the page now (empty when the page is wholly in `locale`). */
export async function englishLeftOnScreen(page: Page, locale: string): Promise<string[]> {
  return [...(await englishLeft(page, locale)).keys()];
}

/** Fails (softly, so a walk goes on) naming the English words left on a page shown in `locale`, and the texts they are in. */
export async function expectNoEnglishLeft(page: Page, locale: string, where: string) {
  const left = await englishLeft(page, locale);
  const texts = [...new Set(left.values())].map((text) => `"${text}"`).join(', ');
  expect.soft([...left.keys()], `English left on ${where} in ${locale}${texts ? ` (in ${texts})` : ''}`).toEqual([]);
}

/** Chooses a language on this device before the app starts (the language menu's stored choice). */
export async function useLocale(page: Page, locale: string) {
  await page.addInitScript((chosen) => localStorage.setItem('shop-admin:locale', chosen), locale);
}
