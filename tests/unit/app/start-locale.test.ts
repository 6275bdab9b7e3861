import { afterEach, describe, expect, it, vi } from 'vitest';

// Start-up in a right-to-left language (src/i18n/choose-locale.ts startLocale): the page turns
// right to left, and the direction is written to the device's storage only when it changes, not
// on every start.

const LOCALE_KEY = 'shop-admin:locale';
const DIRECTION_KEY = 'shop-admin:direction';

/** A browser page enough for the stored settings: localStorage (its writes counted), `<html>`. */
function browserWith(stored: Record<string, string>) {
  const items = new Map(Object.entries(stored));
  const writes: Array<[string, string]> = [];
  const localStorage = {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => {
      writes.push([key, value]);
      items.set(key, value);
    },
    removeItem: (key: string) => void items.delete(key),
  };
  const documentElement = { dir: '', lang: '' };
  vi.stubGlobal('window', { localStorage, addEventListener: () => {} });
  vi.stubGlobal('document', { documentElement });
  vi.stubGlobal('navigator', { languages: ['en-US'], language: 'en-US' });
  return { items, writes, documentElement };
}

/** Start-up as src/start.tsx runs it: the stored direction applied, then the language. */
async function start() {
  vi.resetModules();
  const { applyStoredDirection } = await import('@/lib/direction');
  const { startLocale } = await import('@/i18n/choose-locale');
  applyStoredDirection();
  await startLocale();
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('start-up in Arabic', () => {
  it('a first start turns the page right to left and remembers it once', async () => {
    const browser = browserWith({ [LOCALE_KEY]: 'ar' });
    await start();
    expect(browser.documentElement.dir).toBe('rtl');
    expect(browser.documentElement.lang).toBe('ar');
    expect(browser.writes).toEqual([[DIRECTION_KEY, 'rtl']]);
  });

  it('the next starts write nothing: the direction is already right to left', async () => {
    const browser = browserWith({ [LOCALE_KEY]: 'ar', [DIRECTION_KEY]: 'rtl' });
    await start();
    await start();
    expect(browser.documentElement.dir).toBe('rtl');
    expect(browser.writes).toEqual([]);
  });

  it('a left-to-right language leaves the direction as stored (the header’s toggle may have flipped it)', async () => {
    const browser = browserWith({ [LOCALE_KEY]: 'de' });
    await start();
    expect(browser.documentElement.dir).toBe('ltr');
    expect(browser.writes).toEqual([]);
  });
});
