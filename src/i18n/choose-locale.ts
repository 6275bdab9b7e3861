import { currentDirection, setDirection } from '@/lib/direction';
import { wasSignedIn } from '@/auth/signed-in-hint';
import { activateLocale, wantArea } from './i18n';
import { applyStoredLocale, resolveLocale, writeLocaleChoice } from './locale-setting';
import { DEFAULT_LOCALE, LOCALE_DIRECTIONS, type Locale } from './locales';

/**
 * Start-up: the remembered language (or the browser's), its direction on the page (Arabic
 * turns the layout right-to-left; the header's direction toggle can still flip it, for
 * testing), and the messages of the first screen loaded before the first render: start-up's
 * (`start`), and the shells' (`common`) when this browser was signed in last time (the first
 * screen is then a signed-in shell; a sign-in page loads them with the first screen after it).
 * A language whose messages cannot load falls back to English.
 */
export function startLocale(): Promise<void> {
  if (wasSignedIn()) wantArea('common');
  const locale = resolveLocale(applyStoredLocale());
  // Written only when it changes: a start in Arabic on a device already right to left writes nothing.
  if (LOCALE_DIRECTIONS[locale] === 'rtl' && currentDirection() !== 'rtl') setDirection('rtl');
  return activateLocale(locale).catch(() => activateLocale(DEFAULT_LOCALE));
}

/**
 * Another language chosen (the header's menu, Settings → Profile): its messages for every area
 * shown so far load first (the screen is never half in one language), then the page switches.
 */
export async function chooseLocale(choice: Locale | 'auto'): Promise<void> {
  const locale = resolveLocale(choice);
  await activateLocale(locale);
  writeLocaleChoice(choice);
  setDirection(LOCALE_DIRECTIONS[locale]);
}
