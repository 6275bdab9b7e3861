import { describe, expect, it } from 'vitest';
import { setupI18n } from '@lingui/core';
import { compileCatalog } from '../../../build/message-catalogs';
import { formatDate, formatMoney, formatNumber, formatPercent, formatRelativeTime } from '@/i18n/format';
import { matchLocale } from '@/i18n/locales';

/** Intl separates with no-break spaces: compared as plain spaces. */
const plain = (text: string) => text.replace(/\s/gu, ' ');

describe('formatting in each language', () => {
  it('writes numbers, money and percentages the way each language does, always in the shop currency', () => {
    expect(formatNumber(1234.5, { maximumFractionDigits: 1 })).toBe('1,234.5');
    expect(formatMoney(1234.5)).toBe('$1,234.50');
    expect(formatPercent(0.125)).toBe('12.5%');
  });

  it('formats in the locale asked for', async () => {
    const { numberFormat, dateFormat } = await import('@/i18n/format');
    expect(plain(numberFormat({ style: 'currency', currency: 'USD' }, 'de').format(1234.5))).toBe('1.234,50 $');
    expect(plain(numberFormat({ style: 'currency', currency: 'USD' }, 'es').format(1234.5))).toBe('1234,50 US$');
    expect(plain(numberFormat({ style: 'currency', currency: 'USD' }, 'ar').format(1234.5))).toMatch(/1,234\.50 US\$/);
    const day = new Date(Date.UTC(2026, 10, 28, 12));
    expect(dateFormat({ dateStyle: 'medium', timeZone: 'UTC' }, 'de').format(day)).toBe('28.11.2026');
    expect(dateFormat({ dateStyle: 'medium', timeZone: 'UTC' }, 'es').format(day)).toBe('28 nov 2026');
    expect(formatDate(day, { dateStyle: 'medium', timeZone: 'UTC' })).toBe('Nov 28, 2026');
  });

  it('says how long ago in each language', () => {
    const now = Date.UTC(2026, 10, 28, 12);
    expect(formatRelativeTime(now - 3 * 60_000, now)).toBe('3 minutes ago');
    expect(formatRelativeTime(now - 3 * 60_000, now, 'es')).toBe('hace 3 minutos');
    expect(formatRelativeTime(now - 3 * 60_000, now, 'de')).toBe('vor 3 Minuten');
    expect(formatRelativeTime(now - 24 * 3600_000, now, 'de')).toBe('gestern');
    expect(formatRelativeTime(now - 10_000, now)).toBe('now');
  });

  it("picks the browser's first language the app speaks", () => {
    expect(matchLocale(['fr-FR', 'es-MX', 'en'])).toBe('es');
    expect(matchLocale(['ar-EG'])).toBe('ar');
    expect(matchLocale(['fr'])).toBe('en');
  });
});

describe('plural forms', () => {
  it("uses all six of Arabic's plural forms from a compiled catalogue", () => {
    const i18n = setupI18n();
    i18n.load('ar', compileCatalog({ n: '{count, plural, zero {لا طلبات} one {طلب واحد} two {طلبان} few {# طلبات} many {# طلبًا} other {# طلب}}' }));
    i18n.activate('ar');
    expect([0, 1, 2, 3, 11, 100].map((count) => i18n._('n', { count }))).toEqual(['لا طلبات', 'طلب واحد', 'طلبان', '3 طلبات', '11 طلبًا', '100 طلب']);
  });
});
