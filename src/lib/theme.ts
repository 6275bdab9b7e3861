/**
 * Colour theme: 'light' | 'dark' | 'system' (the default, following `prefers-color-scheme`),
 * remembered and applied as the `dark` class on `<html>` (see styles.css). index.html applies
 * it before first paint; `applyStoredTheme()` runs at start-up; components use `useTheme()`.
 */
import { useSyncExternalStore } from 'react';
import { createStoredSetting, hasDom } from './stored-setting';

export type ThemePreference = 'light' | 'dark' | 'system';
export type ResolvedTheme = 'light' | 'dark';

export const THEME_STORAGE_KEY = 'shop-admin:theme';
export const THEME_PREFERENCES: readonly ThemePreference[] = ['light', 'dark', 'system'];
export const DEFAULT_THEME: ThemePreference = 'system';

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

const darkQuery = () => (hasDom() && typeof window.matchMedia === 'function' ? window.matchMedia('(prefers-color-scheme: dark)') : undefined);
export const systemPrefersDark = () => darkQuery()?.matches ?? false;

const setting = createStoredSetting<ThemePreference>({
  key: THEME_STORAGE_KEY,
  values: THEME_PREFERENCES,
  fallback: DEFAULT_THEME,
  apply: (preference) => {
    const shown = resolveTheme(preference, systemPrefersDark());
    const root = document.documentElement;
    root.classList.toggle('dark', shown === 'dark');
    // Native controls and scrollbars follow the chosen theme, not only the system one.
    root.style.colorScheme = shown;
  },
});

export const isThemePreference = setting.is;
/** A stored value → a preference; anything unknown falls back to 'system'. */
export const parseThemePreference = setting.parse;
export const readThemePreference = setting.read;
/** Writes the preference; 'system' (the default) removes the key. Never throws. */
export const writeThemePreference = setting.write;
export const setThemePreference = setting.set;

function subscribeToSystem(onChange: () => void) {
  const query = darkQuery();
  query?.addEventListener('change', onChange);
  return () => query?.removeEventListener('change', onChange);
}

/** Start-up: applies the remembered preference and follows the system scheme and other tabs. */
export function applyStoredTheme(): ThemePreference {
  subscribeToSystem(() => {
    if (setting.get() === 'system') setting.reapply();
  });
  return setting.applyStored();
}

export function useTheme() {
  const preference = setting.useValue();
  const systemDark = useSyncExternalStore(subscribeToSystem, systemPrefersDark, () => false);
  return { preference, resolved: resolveTheme(preference, systemDark), setPreference: setThemePreference };
}
