import { describe, expect, it } from 'vitest';
import { memoryStorage, throwingStorage } from '../support/storage';
import {
  THEME_STORAGE_KEY,
  nextThemePreference,
  parseThemePreference,
  readThemePreference,
  resolveTheme,
  writeThemePreference,
} from '@/lib/theme';

describe('theme', () => {
  it('parses stored values and falls back to system', () => {
    expect(parseThemePreference('light')).toBe('light');
    expect(parseThemePreference('dark')).toBe('dark');
    expect(parseThemePreference('system')).toBe('system');
    expect(parseThemePreference(null)).toBe('system');
    expect(parseThemePreference('Dark')).toBe('system');
    expect(parseThemePreference(undefined)).toBe('system');
  });

  it('resolves system from the media query and keeps explicit choices', () => {
    expect(resolveTheme('system', true)).toBe('dark');
    expect(resolveTheme('system', false)).toBe('light');
    expect(resolveTheme('light', true)).toBe('light');
    expect(resolveTheme('dark', false)).toBe('dark');
  });

  it('cycles light → dark → system → light', () => {
    expect(nextThemePreference('light')).toBe('dark');
    expect(nextThemePreference('dark')).toBe('system');
    expect(nextThemePreference('system')).toBe('light');
  });

  it('reads and writes the shop-admin:theme key', () => {
    expect(THEME_STORAGE_KEY).toBe('shop-admin:theme');
    const storage = memoryStorage();
    expect(readThemePreference(storage)).toBe('system');
    writeThemePreference(storage, 'dark');
    expect(storage.data.get('shop-admin:theme')).toBe('dark');
    expect(readThemePreference(storage)).toBe('dark');
    writeThemePreference(storage, 'system');
    expect(storage.data.has('shop-admin:theme')).toBe(false);
    expect(readThemePreference(memoryStorage({ 'shop-admin:theme': 'purple' }))).toBe('system');
  });

  it('survives missing or blocked storage', () => {
    expect(readThemePreference(undefined)).toBe('system');
    expect(readThemePreference(throwingStorage)).toBe('system');
    expect(() => writeThemePreference(throwingStorage, 'dark')).not.toThrow();
    expect(() => writeThemePreference(undefined, 'dark')).not.toThrow();
  });
});
