import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { compileMessageOrThrow } from '@lingui/message-utils/compileMessage';
import type { Messages } from '@lingui/core';
import type { Plugin } from 'vite';

/** Where the catalogues live: one JSON file per language and area (src/i18n/messages/<locale>/<area>.json). */
export const MESSAGES_DIR = new URL('../src/i18n/messages/', import.meta.url);

const INDEX_ID = 'virtual:message-catalogs';
// Each catalogue's module id ends in its chunk's name: messages-<locale>-<area>.
const CATALOG_PREFIX = 'virtual:message-catalog/messages-';
const RESOLVED = '\0';

/** The catalogue files on disk: `<locale>/<area>` names. */
export function catalogNames(dir: URL = MESSAGES_DIR): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .flatMap((locale) =>
      readdirSync(new URL(`${locale.name}/`, dir))
        .filter((file) => file.endsWith('.json'))
        .map((file) => `${locale.name}/${file.slice(0, -'.json'.length)}`),
    )
    .sort();
}

/** A catalogue's ICU messages compiled for @lingui/core (no message parser ships to the browser). */
export function compileCatalog(source: Record<string, string>): Messages {
  return Object.fromEntries(Object.entries(source).map(([id, message]) => [id, compileMessageOrThrow(message)]));
}

/**
 * Each catalogue as a module of its own, compiled at build time: `virtual:message-catalogs`
 * maps `<locale>/<area>` to a dynamic import, so each language's messages are a chunk (per
 * area) that downloads only when that language is chosen and that area shown.
 */
export function messageCatalogs(dir: URL = MESSAGES_DIR): Plugin {
  return {
    name: 'shop-admin:message-catalogs',
    resolveId(id) {
      if (id === INDEX_ID || id.startsWith(CATALOG_PREFIX)) return RESOLVED + id;
      return undefined;
    },
    load(id) {
      if (id === RESOLVED + INDEX_ID) {
        // A new catalogue file appears without a restart of the dev server.
        this.addWatchFile(dir.pathname);
        const entries = catalogNames(dir).map((name) => `  ${JSON.stringify(name)}: () => import(${JSON.stringify(CATALOG_PREFIX + name.replace('/', '-'))}),`);
        return `export const catalogLoaders = {\n${entries.join('\n')}\n};\n`;
      }
      if (id.startsWith(RESOLVED + CATALOG_PREFIX)) {
        const [locale, area] = id.slice(RESOLVED.length + CATALOG_PREFIX.length).split(/-(.*)/);
        const file = join(dir.pathname, locale!, `${area}.json`);
        this.addWatchFile(file);
        const source = JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>;
        return `export default ${JSON.stringify(compileCatalog(source))};\n`;
      }
      return undefined;
    },
  };
}
