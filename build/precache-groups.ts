import type { Plugin } from 'vite';
import { valuesLocaleOf } from './message-catalogs';

/*
 * The worker's precache in groups (docs/architecture.md, "Offline"; sw/precache-group.ts):
 * - each language's messages but English's (`language-<locale>`), cached once a page shows the
 *   language: a device downloads only the languages it uses;
 * - the "admin" group, the code only the team's screens load (the routes under
 *   src/routes/_authenticated and what they alone import). A team build's worker caches it only
 *   once the device shows the team's shell: a customer's device never downloads the admin
 *   screens' code.
 * Everything else (start-up, the sign-in pages, the portal, what both shells share, English's
 * messages) is precached by every device.
 */

/** The area of the app a route file belongs to. */
type Area = 'admin' | 'portal' | 'shared';

/** A route module split by the router plugin (`…/src/routes/x.tsx?tsr-split=component`): its area. */
export function routeAreaOf(moduleId: string): Area | undefined {
  if (!moduleId.includes('tsr-split')) return undefined;
  const path = moduleId.replace(/\\/g, '/');
  const match = /\/src\/routes\/([^?]*)/.exec(path);
  if (!match) return undefined;
  const route = match[1]!;
  if (/^_authenticated(\.tsx|\/)/.test(route)) return 'admin';
  if (/^portal(\.tsx|\/)/.test(route)) return 'portal';
  return 'shared';
}

/** What the grouping reads of a chunk of the bundle. */
export interface ChunkInfo {
  fileName: string;
  isEntry: boolean;
  moduleIds: readonly string[];
  imports: readonly string[];
  dynamicImports: readonly string[];
}

/**
 * The chunks only admin routes reach. Each route's split chunk is a root of its area, the entry
 * a root of "shared"; from each root every chunk it imports (statically or not) is reached,
 * without going through another route's root (the route tree imports them all). A chunk reached
 * by admin roots only is the admin group's.
 */
export function adminChunks(chunks: readonly ChunkInfo[]): Set<string> {
  const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const rootArea = new Map<string, Area>();
  for (const chunk of chunks) {
    const areas = new Set(chunk.moduleIds.flatMap((id) => routeAreaOf(id) ?? []));
    if (areas.size > 0) rootArea.set(chunk.fileName, areas.size === 1 ? [...areas][0]! : 'shared');
  }
  const reachedBy = new Map<string, Set<Area>>();
  const visit = (from: string, area: Area) => {
    const stack = [from];
    const seen = new Set<string>();
    while (stack.length > 0) {
      const name = stack.pop()!;
      if (seen.has(name)) continue;
      seen.add(name);
      const areas = reachedBy.get(name) ?? new Set<Area>();
      areas.add(area);
      reachedBy.set(name, areas);
      const chunk = byName.get(name);
      for (const next of [...(chunk?.imports ?? []), ...(chunk?.dynamicImports ?? [])]) {
        if (!rootArea.has(next)) stack.push(next);
      }
    }
  };
  for (const chunk of chunks) if (chunk.isEntry) visit(chunk.fileName, 'shared');
  for (const [name, area] of rootArea) visit(name, area);
  return new Set([...reachedBy].flatMap(([name, areas]) => (areas.size === 1 && areas.has('admin') ? [name] : [])));
}

/** The chunks holding a language's values (build/message-catalogs.ts), with their language: `fileName → locale`. */
export function languageChunks(chunks: readonly ChunkInfo[]): Map<string, string> {
  const languages = new Map<string, string>();
  for (const chunk of chunks) {
    const locale = chunk.moduleIds.map(valuesLocaleOf).find((found) => found !== undefined);
    if (locale) languages.set(chunk.fileName, locale);
  }
  return languages;
}

/** The last build's groups (file names relative to the output directory, as the precache manifest's URLs are). */
const adminFiles = new Set<string>();
const languageFiles = new Map<string, string>();

/** Finds the groups when the bundle is complete (the worker's manifest is made after). */
export function precacheGroups(): Plugin {
  return {
    name: 'shop-admin:precache-groups',
    apply: 'build',
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        adminFiles.clear();
        languageFiles.clear();
        const chunks = Object.values(bundle).flatMap((output) => (output.type === 'chunk' ? [output] : []));
        for (const name of adminChunks(chunks)) adminFiles.add(name);
        for (const [name, locale] of languageChunks(chunks)) languageFiles.set(name, locale);
      },
    },
  };
}

interface ManifestEntry {
  url: string;
  revision: string | null;
  integrity?: string;
}

/**
 * The precache group of a file (sw/precache-group.ts), if any: each language's messages but
 * English's, `language-<locale>` (the worker caches them once a page shows the language); the
 * admin group's files, `admin`.
 */
export function precacheGroupOf(url: string, groups: { admin: ReadonlySet<string>; languages: ReadonlyMap<string, string> }): string | undefined {
  const locale = groups.languages.get(url);
  if (locale) return locale === 'en' ? undefined : `language-${locale}`;
  return groups.admin.has(url) ? 'admin' : undefined;
}

/** vite-plugin-pwa's `manifestTransforms`: marks the grouped entries (`group`, read by sw/precache-group.ts). */
export async function markPrecacheGroups<T extends ManifestEntry>(entries: T[]): Promise<{ manifest: T[]; warnings: string[] }> {
  // No groups in `vite dev` (no bundle): every entry stays in the one precache.
  return {
    manifest: entries.map((entry) => {
      const group = precacheGroupOf(entry.url, { admin: adminFiles, languages: languageFiles });
      return group ? { ...entry, group } : entry;
    }),
    warnings: [],
  };
}
