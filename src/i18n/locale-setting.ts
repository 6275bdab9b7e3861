import { createStoredSetting, hasDom } from '@/lib/stored-setting';
import { LOCALES, matchLocale, type Locale } from './locales';

export const LOCALE_STORAGE_KEY = 'shop-admin:locale';

/**
 * The chosen language of this device: remembered in localStorage and
 * put on `<html lang>`.
 * Nothing stored: the browser's language (`navigator.languages`), on the first visit and after.
 */
const setting = createStoredSetting<Locale | 'auto'>({
  key: LOCALE_STORAGE_KEY,
  values: ['auto', ...LOCALES],
  fallback: 'auto',
  // The direction is the direction setting's (src/lib/direction.ts), which a change of language sets.
  apply: (choice) => {
    document.documentElement.lang = resolveLocale(choice);
  },
});

/** The language a choice stands for ('auto': the browser's). */
export function resolveLocale(choice: Locale | 'auto'): Locale {
  if (choice !== 'auto') return choice;
  return matchLocale(hasDom() ? navigator.languages ?? [navigator.language] : []);
}

export const readLocaleChoice = setting.get;
export const writeLocaleChoice = setting.set;
export const useLocaleChoice = setting.useValue;
export const applyStoredLocale = setting.applyStored;
