import type { PrecacheEntry } from 'workbox-precaching';

/*
 * Parts of the precache kept apart until a device needs them (build/precache-groups.ts marks them
 * in the manifest):
 * - `admin`, the team's screens' code: in a team build a device may be a shop customer's, which
 *   never shows those screens. Cached once a page says the device shows the team's shell
 *   (CACHE_ADMIN_SCREENS, src/pwa/admin-screens.ts).
 * - `language-<locale>`, a language's message catalogues (English's are in the precache): cached
 *   once a page shows that language (CACHE_LANGUAGE, src/pwa/offline-language.ts). A device
 *   downloads only the languages it uses, and keeps them for offline use.
 * A group's cache existing says the device wants it: each new version caches the wanted groups
 * while it installs, as the rest of the precache, and drops the old version's files when it
 * activates. Until cached, a group's files come from the network.
 */

export type GroupName = 'admin' | `language-${string}`;
export type GroupedEntry = PrecacheEntry & { group?: GroupName };

/** The entry's group, if it has one. */
export const groupOf = (entry: string | GroupedEntry): GroupName | undefined => (typeof entry === 'string' ? undefined : entry.group);

/** The cache of a group; its presence says the device wants the group. */
export const groupCacheName = (group: GroupName) => (group === 'admin' ? 'shop-admin-admin-screens' : `shop-admin-${group}`);

/** Requests at once while caching a group: a few, as a browser loads a page's scripts. */
const PARALLEL = 6;

export class PrecacheGroup {
  private readonly urls: ReadonlySet<string>;
  private readonly cacheName: string;
  private running: Promise<void> | undefined;

  constructor(group: GroupName, entries: readonly GroupedEntry[], scope: string) {
    this.cacheName = groupCacheName(group);
    this.urls = new Set(entries.map((entry) => new URL(entry.url, scope).href));
  }

  /** Whether `url` is one of the group's files (answered from its cache, else the network). */
  has(url: URL): boolean {
    return this.urls.has(url.href);
  }

  /** Whether the device wants the group (this version or an earlier one cached it). */
  wanted(): Promise<boolean> {
    return caches.has(this.cacheName);
  }

  /** Caches the group's files this cache lacks (the files are content-hashed: a cached one is current). */
  cacheAll(): Promise<void> {
    this.running ??= this.fill().finally(() => {
      this.running = undefined;
    });
    return this.running;
  }

  /** Drops files of other versions (at activation: a tab of the old version no longer runs). */
  async prune(): Promise<void> {
    if (!(await this.wanted())) return;
    const cache = await caches.open(this.cacheName);
    for (const request of await cache.keys()) if (!this.urls.has(request.url)) await cache.delete(request);
  }

  async respond(request: Request): Promise<Response> {
    // By URL, whatever the Vary header says (a module script's request carries an Origin the cached
    // one lacked); caches.match, not caches.open: opening would make the cache, which says "wanted".
    return (await caches.match(request.url, { cacheName: this.cacheName, ignoreVary: true })) ?? fetch(request);
  }

  private async fill(): Promise<void> {
    const cache = await caches.open(this.cacheName);
    const present = new Set((await cache.keys()).map((request) => request.url));
    const missing = [...this.urls].filter((url) => !present.has(url));
    for (let i = 0; i < missing.length; i += PARALLEL) await cache.addAll(missing.slice(i, i + PARALLEL));
  }
}
