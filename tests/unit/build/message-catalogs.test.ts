import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { catalogNames, compileCatalog, compileValue, messageCatalogs, MESSAGES_DIR, partIds, partOf, startupIdsOutsideStart } from '../../../build/message-catalogs';
import { catalogMessages, type CompiledValue } from '@/i18n/catalog-format';
import { START_MESSAGES } from '@/i18n/start-messages';

/*
 * The catalogues' chunks (build/message-catalogs.ts, docs/translations.md): a part's ids once,
 * each language's values alone in the same order, plain messages as plain strings; `common`
 * split into start-up's part and the rest. Loaded back, every language's messages are exactly
 * what compiling its catalogue files gives.
 */

const catalog = (name: string) => JSON.parse(readFileSync(new URL(`${name}.json`, MESSAGES_DIR), 'utf8')) as Record<string, string>;
const plugin = messageCatalogs();
/** A virtual module's code, as the plugin gives it to the bundler. */
const moduleCode = (id: string) => (plugin.load as (this: unknown, id: string) => string).call({ addWatchFile: () => {} }, `\0${id}`);
/** A generated `export default <JSON>;` module's value. */
const exported = <T>(code: string) => JSON.parse(code.replace(/^export default /, '').replace(/;\n$/, '')) as T;

const ids = partIds();
const locales = [...new Set(catalogNames().map((name) => name.split('/')[0]!))];

describe('the catalogue parts', () => {
  it('hold every English id once, start-up’s part of common in `start`', () => {
    const all = [...ids.values()].flat();
    const english = catalogNames().filter((name) => name.startsWith('en/')).flatMap((name) => Object.keys(catalog(name)));
    expect(all.sort()).toEqual([...english].sort());
    expect(new Set(all).size).toBe(all.length);
    const start = ids.get('start')!;
    expect(start).toContain('common.title.app');
    expect(start).toContain('common.update.reload');
    expect(start.every((id) => START_MESSAGES.some((entry) => (entry.endsWith('.') ? id.startsWith(entry) : id === entry)))).toBe(true);
    // The shells' messages stay out of start-up's part.
    expect(partOf('common', 'common.nav.overview')).toBe('common');
    expect(ids.get('common')).not.toContain('common.title.app');
    expect(partOf('orders', 'orders.list.title')).toBe('orders');
  });

  it('store a plain message as its text and an ICU message compiled', () => {
    expect(compileValue('Sign in')).toBe('Sign in');
    expect(compileValue('{count, plural, one {# order} other {# orders}}')).toEqual([['count', 'plural', { one: ['#', ' order'], other: ['#', ' orders'] }]]);
    expect(compileValue("It''s {name}")).toEqual(["It's ", ['name']]);
  });

  it('ship each language’s values without the ids, which a chunk of their own holds once', () => {
    for (const locale of locales) {
      const code = moduleCode(`virtual:message-catalog/messages-${locale}-orders`);
      expect(code).not.toMatch(/"orders\.[\w.]+"/);
      expect(exported<CompiledValue[]>(code)).toHaveLength(ids.get('orders')!.length);
    }
    expect(exported<string[]>(moduleCode('virtual:message-catalog/message-ids-orders'))).toEqual(ids.get('orders'));
    const index = moduleCode('virtual:message-catalogs');
    expect(index).toContain('"common":["start","common"]');
    expect(index).toContain('"start":["start"]');
  });

  it('give back, loaded, exactly the compiled catalogue of every language and area', () => {
    for (const locale of locales) {
      for (const [part, partIdList] of ids) {
        const values = exported<CompiledValue[]>(moduleCode(`virtual:message-catalog/messages-${locale}-${part}`));
        const area = part === 'start' ? 'common' : part;
        const source = catalog(`${locale}/${area}`);
        const expected = compileCatalog(Object.fromEntries(partIdList.map((id) => [id, source[id]!])));
        expect(catalogMessages(partIdList, values), `${locale}/${part}`).toEqual(expected);
      }
    }
  });
});

describe('the build’s check of start-up’s messages', () => {
  const chunk = (fileName: string, code: string, more: { isEntry?: boolean; imports?: string[]; moduleIds?: string[] } = {}) => ({ fileName, code, isEntry: false, imports: [], moduleIds: [], ...more });
  const start = new Set(['common.title.app', 'common.loading']);

  it('finds a common id outside the start part in the entry, the start-up steps and what they import, not in lazy chunks', () => {
    const chunks = [
      chunk('index.js', 'e("common.title.app")', { isEntry: true, imports: ['shared.js'] }),
      chunk('shared.js', "x('common.nav.overview')"),
      chunk('route-tree.js', 't(`common.loading`);t(`common.sync.badge.synced`)', { moduleIds: ['/app/src/routeTree.gen.ts'] }),
      chunk('orders.js', "t('common.list.count')"),
    ];
    expect(startupIdsOutsideStart(chunks, start)).toEqual(
      new Map([
        ['shared.js', ['common.nav.overview']],
        ['route-tree.js', ['common.sync.badge.synced']],
      ]),
    );
    expect(startupIdsOutsideStart([chunks[0]!, chunk('shared.js', 'x()'), chunks[3]!], start).size).toBe(0);
  });
});
