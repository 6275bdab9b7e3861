import type { ShopDb } from '../api/storage/db';
import type { Resource } from '../api/context';
import { withStoreLock } from '../api/storage/sync-write';
import { clientState, updateClientState } from './client-state';
import { applyChanges, dropPendingRecords, type PulledChange } from './apply-changes';
import { postJson, type ServerLink } from './server-link';

interface PullAnswer {
  cookie: number | string;
  lastMutationIds: Record<string, number>;
  changes: PulledChange[];
  more: boolean;
  /** Changes after this page (servers before it did not say). */
  remaining?: number;
}

/** How far a pull of several pages is: changes applied in it so far, and those the server says remain. */
export interface PullProgress {
  pulled: number;
  remaining: number;
}

/**
 * Pulls pages from the stored cookie until the server says there is no more, applying each
 * (apply-changes.ts) and storing its cookie. A page is applied only while the outbox is empty
 * (checked under the store's lock, so no write comes between): the copy then shows the server's
 * records, and the writes not yet pushed are pushed first (sync-loop.ts), so "server + my
 * pending writes" holds without re-running them. Answers 'deferred' when writes are waiting,
 * 'done' when the copy is at the server's version.
 */
export async function pullToLatest(
  db: ShopDb,
  link: ServerLink,
  announce: (resources: Set<Resource>) => void,
  onProgress: (progress: PullProgress) => void = () => {},
): Promise<'done' | 'deferred'> {
  let pulled = 0;
  for (;;) {
    const { clientId, cookie } = await clientState(db);
    const page = await postJson<PullAnswer>(link, 'pull', { clientId, cookie });
    const outcome = await withStoreLock(db, async () => {
      if ((await db.outbox.count()) > 0) return 'deferred' as const;
      const touched = await applyChanges(db, page.changes);
      if (!page.more) for (const resource of await dropPendingRecords(db)) touched.add(resource);
      await updateClientState(db, (state) => ({ ...state, cookie: page.cookie, ...(page.more ? {} : { lastSyncAt: new Date().toISOString() }) }));
      pulled += page.changes.length;
      // Told before the announcement, so a status asked on it shows the progress.
      onProgress({ pulled, remaining: page.more ? (page.remaining ?? 0) : 0 });
      if (touched.size > 0) announce(touched);
      return page.more ? ('more' as const) : ('done' as const);
    });
    if (outcome !== 'more') return outcome;
  }
}
