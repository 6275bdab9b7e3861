import type { PrecacheEntry } from 'workbox-precaching';

/*
 * The team's screens' code, precached apart (build/precache-groups.ts marks it `group: 'admin'`
 * in the manifest). In a team build a device may be a shop customer's, which never shows those
 * screens: the worker installs with everything else and caches this group only once a page
 * says the device shows the team's shell (CACHE_ADMIN_SCREENS, src/pwa/admin-screens.ts).
 * From then on the device is a team device: each new version caches the group while it installs,
 * as the rest of the precache, and drops the old version's files when it activates.
 */

export type GroupedEntry = PrecacheEntry & { group?: 'admin' };

export const isAdminScreen = (entry: string | GroupedEntry) => typeof entry !== 'string' && entry.group === 'admin';

/** The cache of the admin group; its presence says the device showed the team's shell. */
export const ADMIN_SCREENS_CACHE = 'shop-admin-admin-screens';

/** Requests at once while caching the group: a few, as a browser loads a page's scripts. */
const PARALLEL = 6;

export class AdminScreens {
  private readonly urls: ReadonlySet<string>;
  private running: Promise<void> | undefined;

  constructor(entries: readonly GroupedEntry[], scope: string) {
    this.urls = new Set(entries.map((entry) => new URL(entry.url, scope).href));
  }

  /** Whether `url` is one of the group's files (answered from its cache, else the network). */
  has(url: URL): boolean {
    return this.urls.has(url.href);
  }

  /** Whether the device showed the team's shell (with this version or an earlier one). */
  wanted(): Promise<boolean> {
    return caches.has(ADMIN_SCREENS_CACHE);
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
    const cache = await caches.open(ADMIN_SCREENS_CACHE);
    for (const request of await cache.keys()) if (!this.urls.has(request.url)) await cache.delete(request);
  }

  async respond(request: Request): Promise<Response> {
    // By URL, whatever the Vary header says (a module script's request carries an Origin the cached
    // one lacked); caches.match, not caches.open: opening would make the cache, which says "a team device".
    return (await caches.match(request.url, { cacheName: ADMIN_SCREENS_CACHE, ignoreVary: true })) ?? fetch(request);
  }

  private async fill(): Promise<void> {
    const cache = await caches.open(ADMIN_SCREENS_CACHE);
    const present = new Set((await cache.keys()).map((request) => request.url));
    const missing = [...this.urls].filter((url) => !present.has(url));
    for (let i = 0; i < missing.length; i += PARALLEL) await cache.addAll(missing.slice(i, i + PARALLEL));
  }
}
