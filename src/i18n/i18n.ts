import { use, useContext } from 'react';
import { setupI18n } from '@lingui/core';
import { LinguiContext } from '@lingui/react';
import { areaParts, idLoaders, valueLoaders } from 'virtual:message-catalogs';
import { catalogMessages } from './catalog-format';
import { DEFAULT_LOCALE, type Locale } from './locales';

/**
 * The app's one translation instance (Lingui's runtime, ~2.6 KB: catalogues are compiled at
 * build time, build/message-catalogs.ts). Messages are ICU strings in
 * src/i18n/messages/<locale>/<area>.json, loaded per area as screens need them.
 */
export const i18n = setupI18n();

/**
 * The catalogue areas: `start` (the part of `common` start-up shows: src/i18n/start-messages.ts)
 * loads with start-up, `common` (the shells, shared components) with the first screen that asks
 * for it (a start-up whose browser was signed in last time loads it at once); `errors`
 * (domain/error-codes.ts, form problems) with a signed-in person's first screen (the root route,
 * src/routes/__root.tsx); the rest with
 * their screens. An error shown before its area is loaded is shown in English.
 * `session` is the sign-in page's alone (its first visit's budget); `account` the other pages of signing up and in
 * (register, password reset, verification) and the new-password policy.
 */
export type Area =
  | 'start'
  | 'common'
  | 'errors'
  | 'session'
  | 'account'
  | 'dashboards'
  | 'users'
  | 'products'
  | 'orders'
  | 'invoices'
  | 'support'
  | 'settings'
  | 'team'
  | 'sync'
  | 'activity'
  | 'backup'
  | 'portal';

/** A promise React's `use` reads without suspending once it has settled (its `status` convention). */
type TrackedPromise = Promise<void> & { status?: 'pending' | 'fulfilled' | 'rejected' };

/** The catalogue parts loaded or loading, by `<locale>/<part>`, and the areas' loads, by `<locale>/<area>`. */
const partLoads = new Map<string, TrackedPromise>();
const areaLoads = new Map<string, TrackedPromise>();
/** The areas shown so far: a change of language loads all of them before switching. */
const wantedAreas = new Set<Area>(['start']);

function track(promise: Promise<void>): TrackedPromise {
  const tracked = promise as TrackedPromise;
  tracked.status = 'pending';
  tracked.then(
    () => (tracked.status = 'fulfilled'),
    () => (tracked.status = 'rejected'),
  );
  return tracked;
}

/** Loads one catalogue part in one language: its ids (shared by the languages) and the language's values. */
function loadPart(locale: Locale, part: string): TrackedPromise {
  const name = `${locale}/${part}`;
  let load = partLoads.get(name);
  if (!load || load.status === 'rejected') {
    const ids = idLoaders[part];
    const values = valueLoaders[name] ?? valueLoaders[`${DEFAULT_LOCALE}/${part}`];
    load = track(
      ids && values
        ? Promise.all([ids(), values()]).then(([idModule, valueModule]) => i18n.load(locale, catalogMessages(idModule.default, valueModule.default)))
        : Promise.resolve(),
    );
    partLoads.set(name, load);
  }
  return load;
}

/** Loads one area's messages in one language (once; a failed load is tried again next time). */
export function loadArea(locale: Locale, area: Area): TrackedPromise {
  const name = `${locale}/${area}`;
  let load = areaLoads.get(name);
  if (!load || load.status === 'rejected') {
    load = track(Promise.all((areaParts[area] ?? []).map((part) => loadPart(locale, part))).then(() => {}));
    areaLoads.set(name, load);
  }
  return load;
}

/** Asks for an area with the ones a change of language loads (start-up's guess of what the first screen shows). */
export function wantArea(area: Area): void {
  wantedAreas.add(area);
}

/** Switches the language once every area shown so far has its messages in it (no half-translated frame). */
export async function activateLocale(locale: Locale): Promise<void> {
  await Promise.all([...wantedAreas].map((area) => loadArea(locale, area)));
  i18n.activate(locale);
}

/** The current language (English until one is activated). */
export const currentLocale = (): Locale => (i18n.locale || DEFAULT_LOCALE) as Locale;

/** A message by its id in the current language, outside React (toasts, errors); its area must be loaded. */
export function t(id: string, values?: Record<string, unknown>): string {
  return i18n._(id, values);
}

/**
 * A component's translator for one area: suspends (the route's pending screen shows) until the
 * area's messages are loaded in the current language, and re-renders on a change of language.
 */
export function useT(area: Area): typeof t {
  // Outside an I18nProvider (a component rendered alone, as unit tests do) the one instance answers.
  const _ = useContext(LinguiContext)?._ ?? i18n._.bind(i18n);
  wantedAreas.add(area);
  const load = loadArea(currentLocale(), area);
  if (load.status !== 'fulfilled') use(load as Promise<void>);
  return (id, values) => _(id, values);
}
