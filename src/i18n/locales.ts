import { appLanguages } from '@domain/schema/values';

/** The languages the app speaks (one list, shared with the settings' schema), each named in itself (the language menu), with its writing direction. */
export const LOCALES = appLanguages;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';

export const LOCALE_NAMES: Record<Locale, string> = { en: 'English', es: 'Español', de: 'Deutsch', ar: 'العربية' };
export const LOCALE_DIRECTIONS: Record<Locale, 'ltr' | 'rtl'> = { en: 'ltr', es: 'ltr', de: 'ltr', ar: 'rtl' };

export const isLocale = (value: unknown): value is Locale => typeof value === 'string' && (LOCALES as readonly string[]).includes(value);

/** The first of the browser's languages the app speaks ("es-MX" → es), else English. */
export function matchLocale(preferred: readonly string[]): Locale {
  for (const tag of preferred) {
    const language = tag.toLowerCase().split('-')[0];
    if (isLocale(language)) return language;
  }
  return DEFAULT_LOCALE;
}
