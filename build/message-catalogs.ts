import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { compileMessageOrThrow } from '@lingui/message-utils/compileMessage';
import type { Messages } from '@lingui/core';
import type { Plugin } from 'vite';
import { START_MESSAGES } from '../src/i18n/start-messages';
import type { CompiledValue } from '../src/i18n/catalog-format';

/** Where the catalogues live: one JSON file per language and area (src/i18n/messages/<locale>/<area>.json). */
export const MESSAGES_DIR = new URL('../src/i18n/messages/', import.meta.url);
const SOURCE_LOCALE = 'en';

const INDEX_ID = 'virtual:message-catalogs';
// Each module's id ends in its chunk's name: messages-<locale>-<part> (a language's values),
// message-ids-<part> (the part's ids, the same for every language).
const VALUES_PREFIX = 'virtual:message-catalog/messages-';
const IDS_PREFIX = 'virtual:message-catalog/message-ids-';
const RESOLVED = '\0';

/** The language whose values a module of the build holds (`messages-<locale>-<part>`), if it holds a language's values. */
export function valuesLocaleOf(moduleId: string): string | undefined {
  if (!moduleId.startsWith(RESOLVED + VALUES_PREFIX)) return undefined;
  return moduleId.slice(RESOLVED.length + VALUES_PREFIX.length).split('-')[0];
}

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

/** One message compiled as a chunk stores it: a message without placeholders, plurals or selects as its plain text. */
export function compileValue(message: string): CompiledValue {
  const compiled = compileMessageOrThrow(message);
  return compiled.length === 1 && typeof compiled[0] === 'string' ? compiled[0] : compiled;
}

/**
 * The part (chunk) that holds a message: the start-up's messages of `common` (START_MESSAGES:
 * what /login's first visit shows, and the page titles) are the `start` part; every other
 * message is in its area's part.
 */
export function partOf(area: string, id: string): string {
  return area === 'common' && isStartMessage(id) ? 'start' : area;
}

const isStartMessage = (id: string) => START_MESSAGES.some((entry) => (entry.endsWith('.') ? id.startsWith(entry) : id === entry));

/**
 * The areas the code asks for (`useT(area)`, `loadArea`) and the parts each loads: `start` is
 * start-up's part of `common`, `common` all of it (start-up has loaded the `start` part already).
 */
export function areaParts(areas: readonly string[]): Record<string, string[]> {
  return Object.fromEntries([['start', ['start']], ...areas.map((area) => [area, area === 'common' ? ['start', 'common'] : [area]])]);
}

/** Each part's ids, in English's order (the order every language's values follow): { part: ids }. */
export function partIds(dir: URL = MESSAGES_DIR): Map<string, string[]> {
  const parts = new Map<string, string[]>();
  for (const name of catalogNames(dir).filter((name) => name.startsWith(`${SOURCE_LOCALE}/`))) {
    const area = name.slice(SOURCE_LOCALE.length + 1);
    for (const id of Object.keys(readCatalog(dir, SOURCE_LOCALE, area))) {
      const part = partOf(area, id);
      parts.set(part, [...(parts.get(part) ?? []), id]);
    }
  }
  return parts;
}

/** What the start-up check reads of a chunk of the bundle. */
export interface StartupChunk {
  fileName: string;
  isEntry: boolean;
  code: string;
  imports: readonly string[];
  moduleIds: readonly string[];
}

/** The modules whose chunks start-up evaluates besides the entry's (src/main.tsx's steps). */
const STARTUP_ROOTS = [/[\\/]src[\\/]routeTree\.gen\.ts$/, /[\\/]src[\\/]start\.tsx$/];

/**
 * The `common` ids that start-up's code names but the `start` part lacks: start-up's chunks
 * are the entry, the chunks of src/main.tsx's steps (the route tree, src/start.tsx) and what
 * they import statically. Such a message would show as its id on the first screen.
 */
export function startupIdsOutsideStart(chunks: readonly StartupChunk[], startIds: ReadonlySet<string>): Map<string, string[]> {
  const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const startup = new Set<string>();
  const visit = (name: string) => {
    if (startup.has(name)) return;
    startup.add(name);
    for (const next of byName.get(name)?.imports ?? []) visit(next);
  };
  for (const chunk of chunks) if (chunk.isEntry || chunk.moduleIds.some((id) => STARTUP_ROOTS.some((root) => root.test(id)))) visit(chunk.fileName);
  const outside = new Map<string, string[]>();
  for (const name of startup) {
    const ids = [...(byName.get(name)?.code ?? '').matchAll(/[`'"](common\.[\w.-]+)[`'"]/g)].map(([, id]) => id!).filter((id) => !startIds.has(id));
    if (ids.length > 0) outside.set(name, [...new Set(ids)].sort());
  }
  return outside;
}

/** Area of a part's messages: the part's own name, or `common` for `start`. */
const areaOfPart = (part: string) => (part === 'start' ? 'common' : part);

function readCatalog(dir: URL, locale: string, area: string): Record<string, string> {
  try {
    return JSON.parse(readFileSync(join(dir.pathname, locale, `${area}.json`), 'utf8')) as Record<string, string>;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return {};
    throw error;
  }
}

/**
 * One language's values of a part, in the order of `ids`: a message the language lacks is
 * English's (the catalogues' check, scripts/check-messages.mjs, fails the lint on it first).
 */
export function partValues(ids: readonly string[], messages: Record<string, string>, english: Record<string, string>): CompiledValue[] {
  return ids.map((id) => compileValue(messages[id] ?? english[id]!));
}

/**
 * The catalogues as chunks, compiled at build time. For each language and part, a chunk of the
 * compiled messages alone, in an order fixed at build time (`messages-<locale>-<part>`); the
 * part's ids once, in a chunk every language shares (`message-ids-<part>`). Plain messages are
 * plain strings. `virtual:message-catalogs` maps each area to its parts, each part to a loader of
 * its ids and `<locale>/<part>` to a loader of its values: a language's messages download only when it is chosen and a screen shows
 * that area, and a change of language downloads only the new language's values.
 */
export function messageCatalogs(dir: URL = MESSAGES_DIR): Plugin {
  return {
    name: 'shop-admin:message-catalogs',
    resolveId(id) {
      if (id === INDEX_ID || id.startsWith(VALUES_PREFIX) || id.startsWith(IDS_PREFIX)) return RESOLVED + id;
      return undefined;
    },
    load(id) {
      if (id === RESOLVED + INDEX_ID) {
        // Each area's English catalogue is watched (an edit reloads the list of parts); the folder is
        // not: the dev server resolves a watched file as a dependency, and a folder fails it (a 500
        // for this module). A new area's catalogue needs a restart of the dev server.
        const names = catalogNames(dir);
        const locales = [...new Set(names.map((name) => name.split('/')[0]!))];
        const areas = names.filter((name) => name.startsWith(`${SOURCE_LOCALE}/`)).map((name) => name.slice(SOURCE_LOCALE.length + 1));
        for (const area of areas) this.addWatchFile(join(dir.pathname, SOURCE_LOCALE, `${area}.json`));
        const parts = [...partIds(dir).keys()];
        const ids = parts.map((part) => `  ${JSON.stringify(part)}: () => import(${JSON.stringify(IDS_PREFIX + part)}),`);
        const values = locales.flatMap((locale) => parts.map((part) => `  ${JSON.stringify(`${locale}/${part}`)}: () => import(${JSON.stringify(`${VALUES_PREFIX}${locale}-${part}`)}),`));
        return [
          `export const areaParts = ${JSON.stringify(areaParts(areas))};`,
          `export const idLoaders = {\n${ids.join('\n')}\n};`,
          `export const valueLoaders = {\n${values.join('\n')}\n};`,
          '',
        ].join('\n');
      }
      if (id.startsWith(RESOLVED + IDS_PREFIX)) {
        const part = id.slice(RESOLVED.length + IDS_PREFIX.length);
        this.addWatchFile(join(dir.pathname, SOURCE_LOCALE, `${areaOfPart(part)}.json`));
        return `export default ${JSON.stringify(partIds(dir).get(part) ?? [])};\n`;
      }
      if (id.startsWith(RESOLVED + VALUES_PREFIX)) {
        const [locale, part] = id.slice(RESOLVED.length + VALUES_PREFIX.length).split(/-(.*)/) as [string, string];
        const area = areaOfPart(part);
        for (const source of [locale, SOURCE_LOCALE]) this.addWatchFile(join(dir.pathname, source, `${area}.json`));
        const values = partValues(partIds(dir).get(part) ?? [], readCatalog(dir, locale, area), readCatalog(dir, SOURCE_LOCALE, area));
        return `export default ${JSON.stringify(values)};\n`;
      }
      return undefined;
    },
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).flatMap((output) => (output.type === 'chunk' ? [output] : []));
      const outside = startupIdsOutsideStart(chunks, new Set(partIds(dir).get('start')));
      if (outside.size > 0) {
        const list = [...outside].map(([chunk, ids]) => `${chunk}: ${ids.join(', ')}`).join('; ');
        this.error(`Start-up's code names messages of common outside its start part (${list}): list them in src/i18n/start-messages.ts, or load that code later`);
      }
    },
  };
}
