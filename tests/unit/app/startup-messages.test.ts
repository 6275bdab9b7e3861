import { afterEach, describe, expect, it, vi } from 'vitest';
import { memoryStorage } from '../support/storage';

/*
 * What start-up loads of the catalogues (src/i18n/choose-locale.ts): a signed-out first visit
 * (/login) only the `start` part in its language, never the rest of `common`; a browser signed
 * in last time the shells' messages too, before the first render. A fresh module graph per test.
 */

async function startWith(storage: Record<string, string>, languages: string[]) {
  vi.resetModules();
  vi.stubGlobal('window', { localStorage: memoryStorage(storage), addEventListener: () => {} });
  vi.stubGlobal('document', { documentElement: { lang: '', dir: '' } });
  vi.stubGlobal('navigator', { languages, language: languages[0] });
  const catalogs = await import('virtual:message-catalogs');
  const loaded: string[] = [];
  for (const [name, load] of Object.entries(catalogs.valueLoaders)) {
    catalogs.valueLoaders[name] = () => {
      loaded.push(name);
      return load();
    };
  }
  const { startLocale } = await import('@/i18n/choose-locale');
  const { i18n, t } = await import('@/i18n/i18n');
  await startLocale();
  return { loaded: loaded.sort(), i18n, t };
}

afterEach(() => vi.unstubAllGlobals());

describe('the catalogues start-up loads', () => {
  it('a first visit: start-up’s messages alone, in the browser’s language', async () => {
    const { loaded, i18n, t } = await startWith({}, ['es-MX']);
    expect(loaded).toEqual(['es/start']);
    expect(i18n.locale).toBe('es');
    expect(t('common.title.app')).toBe('Shop Admin');
    expect(t('common.update.reload')).not.toBe('common.update.reload');
    // The shells' messages are not there yet.
    expect(t('common.nav.overview')).toBe('common.nav.overview');
  });

  it('a browser signed in last time: the shells’ messages too, in the chosen language', async () => {
    const { loaded, t } = await startWith({ 'shop-admin:signed-in': '1', 'shop-admin:locale': 'de' }, ['en-US']);
    expect(loaded).toEqual(['de/common', 'de/start']);
    expect(t('common.nav.overview')).not.toBe('common.nav.overview');
  });
});
