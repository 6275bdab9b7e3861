import type { Page } from './pull';

/** A page every member of an audience gets for the same shop and versions (sync/pull.ts sharedPage). */
export interface SharedPage {
  page: Page;
  /** The customers' page: the scope keys changed in between (a customer with one of theirs among them reads their own page). */
  changed?: ReadonlySet<string>;
}

/** Which page: of a shop, for the team or the customers, from a version (exclusive) up to another. */
export interface SharedPageKey {
  shopId: string;
  audience: 'team' | 'customers';
  after: number;
  version: number;
}

export interface SharedPagesLimits {
  /** About how much memory the kept pages may take (estimated from their JSON), in bytes. */
  maxBytes: number;
  /** How long a page is kept after it was last used. */
  ttlMs: number;
}

interface Entry {
  value: Promise<SharedPage | undefined>;
  bytes: number;
  usedAt: number;
}

/**
 * The pages pulls share, per copy: a change every customer sees wakes all their devices at once,
 * and each would read the same changes; the first pull of a shop, audience and pair of versions
 * reads the page, those that come meanwhile wait for it, and those after are answered from
 * memory. Bounded: at most `maxBytes` of pages (estimated), the least recently used dropped first,
 * and none kept `ttlMs` past its last use (a shop's next version makes new pairs).
 */
export class SharedPages {
  private readonly entries = new Map<string, Entry>();
  private bytes = 0;
  /** Pulls answered from a kept page, and pages read. */
  hits = 0;
  reads = 0;

  constructor(
    private readonly limits: SharedPagesLimits,
    private readonly now: () => number = Date.now,
  ) {}

  /** The page, read by `read` when no pull has read it yet (undefined: not shared, not kept). */
  get(key: SharedPageKey, read: () => Promise<SharedPage | undefined>): Promise<SharedPage | undefined> {
    const name = `${key.shopId} ${key.audience} ${key.after} ${key.version}`;
    const now = this.now();
    this.expire(now);
    const kept = this.entries.get(name);
    if (kept) {
      // Moved to the end: the Map's order is the order of last use.
      this.entries.delete(name);
      this.entries.set(name, kept);
      kept.usedAt = now;
      this.hits++;
      return kept.value;
    }
    this.reads++;
    const entry: Entry = { value: read(), bytes: 0, usedAt: now };
    this.entries.set(name, entry);
    entry.value.then(
      (page) => {
        if (this.entries.get(name) !== entry) return;
        if (!page) return this.drop(name);
        entry.bytes = estimatedBytes(page);
        this.bytes += entry.bytes;
        this.shrink();
      },
      () => this.entries.get(name) === entry && this.drop(name),
    );
    return entry.value;
  }

  /** Pages kept (or being read) and their estimated bytes: for `/metrics`. */
  get size(): { pages: number; bytes: number } {
    return { pages: this.entries.size, bytes: this.bytes };
  }

  private drop(name: string) {
    const entry = this.entries.get(name);
    if (!entry) return;
    this.bytes -= entry.bytes;
    this.entries.delete(name);
  }

  private expire(now: number) {
    for (const [name, entry] of this.entries) {
      if (entry.usedAt + this.limits.ttlMs > now) break;
      this.drop(name);
    }
  }

  private shrink() {
    for (const name of this.entries.keys()) {
      if (this.bytes <= this.limits.maxBytes) break;
      this.drop(name);
    }
  }
}

/** A page's memory, about: its JSON's length, twice (objects weigh more than their text), and the changed keys'. */
function estimatedBytes({ page, changed }: SharedPage): number {
  let keys = 0;
  for (const key of changed ?? []) keys += key.length + 32;
  return 2 * JSON.stringify(page.changes).length + keys + 256;
}
