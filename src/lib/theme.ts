/**
 * Colour theme: 'light' | 'dark' | 'system' (the default, which follows `prefers-color-scheme`).
 *
 * The preference is remembered in localStorage and applied as the `dark` class on `<html>`
 * (styles.css declares `@custom-variant dark (&:where(.dark, .dark *));`). Call
 * `applyStoredTheme()` once at start-up, before the first render, so there is no flash; it also
 * starts following system and other-tab changes. Components read and change the theme with
 * `useTheme()`.
 *
 * The parsing / resolving helpers at the top are pure so they can be unit-tested without a DOM.
 */
import { useSyncExternalStore } from 'react';

export type ThemePreference = 'light' | 'dark' | 'system';
export type ResolvedTheme = 'light' | 'dark';

export const THEME_STORAGE_KEY = 'shop-admin:theme';
export const THEME_PREFERENCES: readonly ThemePreference[] = ['light', 'dark', 'system'];
export const DEFAULT_THEME: ThemePreference = 'system';
const DARK_QUERY = '(prefers-color-scheme: dark)';

// ---------------------------------------------------------------------------------------------
// Pure helpers
// ---------------------------------------------------------------------------------------------

export function isThemePreference(value: unknown): value is ThemePreference {
  return typeof value === 'string' && (THEME_PREFERENCES as readonly string[]).includes(value);
}

/** A stored value → a preference; anything unknown (null, garbage) falls back to 'system'. */
export function parseThemePreference(value: unknown): ThemePreference {
  return isThemePreference(value) ? value : DEFAULT_THEME;
}

/** The theme actually shown for a preference, given whether the system prefers dark. */
export function resolveTheme(preference: ThemePreference, systemPrefersDark: boolean): ResolvedTheme {
  if (preference === 'system') return systemPrefersDark ? 'dark' : 'light';
  return preference;
}

/** light → dark → system → light: for a toggle that cycles. */
export function nextThemePreference(preference: ThemePreference): ThemePreference {
  const index = THEME_PREFERENCES.indexOf(preference);
  return THEME_PREFERENCES[(index + 1) % THEME_PREFERENCES.length] ?? DEFAULT_THEME;
}

/** Human label, e.g. for `aria-label="Theme: system"`. */
export function themeLabel(preference: ThemePreference): string {
  return `Theme: ${preference}`;
}

/** Reads the preference from a storage; a storage that throws (blocked cookies) gives the default. */
export function readThemePreference(storage: Pick<Storage, 'getItem'> | undefined): ThemePreference {
  try {
    return parseThemePreference(storage?.getItem(THEME_STORAGE_KEY));
  } catch {
    return DEFAULT_THEME;
  }
}

/** Writes the preference; 'system' (the default) removes the key. Never throws. */
export function writeThemePreference(
  storage: Pick<Storage, 'setItem' | 'removeItem'> | undefined,
  preference: ThemePreference,
): void {
  try {
    if (preference === DEFAULT_THEME) storage?.removeItem(THEME_STORAGE_KEY);
    else storage?.setItem(THEME_STORAGE_KEY, preference);
  } catch {
    // Storage unavailable (private mode, quota): the choice just lasts for this session.
  }
}

// ---------------------------------------------------------------------------------------------
// Browser side
// ---------------------------------------------------------------------------------------------

const hasDom = () => typeof window !== 'undefined' && typeof document !== 'undefined';

function browserStorage(): Storage | undefined {
  try {
    return hasDom() ? window.localStorage : undefined;
  } catch {
    return undefined;
  }
}

function darkQuery(): MediaQueryList | undefined {
  return hasDom() && typeof window.matchMedia === 'function' ? window.matchMedia(DARK_QUERY) : undefined;
}

export function systemPrefersDark(): boolean {
  return darkQuery()?.matches ?? false;
}

let preference: ThemePreference | undefined;
let resolved: ResolvedTheme | undefined;
const listeners = new Set<() => void>();
let syncing = false;
let applied = false;

function currentPreference(): ThemePreference {
  preference ??= readThemePreference(browserStorage());
  return preference;
}

function currentResolved(): ResolvedTheme {
  resolved ??= resolveTheme(currentPreference(), systemPrefersDark());
  return resolved;
}

/** Puts a preference on `<html>` (class `dark` and `color-scheme`); returns the shown theme. */
export function applyTheme(next: ThemePreference): ResolvedTheme {
  const shown = resolveTheme(next, systemPrefersDark());
  if (hasDom()) {
    const root = document.documentElement;
    root.classList.toggle('dark', shown === 'dark');
    // Native controls and scrollbars follow the chosen theme, not only the system one.
    root.style.colorScheme = shown;
  }
  const changed = next !== preference || shown !== resolved;
  applied = true;
  preference = next;
  resolved = shown;
  if (changed) listeners.forEach((listener) => listener());
  return shown;
}

/** Follows system colour-scheme changes (while on 'system') and changes made in other tabs. */
function startSync(): void {
  if (syncing || !hasDom()) return;
  syncing = true;
  darkQuery()?.addEventListener('change', () => {
    if (currentPreference() === 'system') applyTheme('system');
  });
  window.addEventListener('storage', (event) => {
    if (event.key === THEME_STORAGE_KEY || event.key === null) {
      applyTheme(readThemePreference(browserStorage()));
    }
  });
}

/** Start-up: applies the remembered preference (before render, so no flash) and starts following changes. */
export function applyStoredTheme(): ThemePreference {
  const stored = readThemePreference(browserStorage());
  applyTheme(stored);
  startSync();
  return stored;
}

/** Remembers and applies a preference; every `useTheme()` re-renders. */
export function setThemePreference(next: ThemePreference): void {
  writeThemePreference(browserStorage(), next);
  applyTheme(next);
}

function subscribe(listener: () => void): () => void {
  // In case the app did not call applyStoredTheme() at start-up.
  if (!applied) applyTheme(currentPreference());
  startSync();
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function useTheme(): {
  preference: ThemePreference;
  resolved: ResolvedTheme;
  setPreference: (preference: ThemePreference) => void;
} {
  const pref = useSyncExternalStore(subscribe, currentPreference, () => DEFAULT_THEME);
  const shown = useSyncExternalStore(subscribe, currentResolved, () => 'light' as const);
  return { preference: pref, resolved: shown, setPreference: setThemePreference };
}
