import type { ShopDb } from '../api/storage/db';
import type { Resource } from '../api/context';
import { withStoreLock } from '../api/storage/sync-write';
import { clientState, updateClientState } from './client-state';
import type { PullAnswer, PullBody } from '../../domain/contract/sync-protocol';
import { applyChanges, dropRecordsNotSent } from './apply-changes';
import { rebaseWaitingWrites, recordKey, type Replay } from './rebase';
import { dropAnsweredPendingRecords } from './server-ids';
import { postJson, type ServerLink } from './server-link';
import { readOutboxEntries } from './outbox-format';

/** How far a pull of several pages is: changes applied in it so far, and those the server says remain. */
export interface PullProgress {
  pulled: number;
  remaining: number;
}

/**
 * Pulls pages from the stored cookie until the server says there is no more, applying each
 * (apply-changes.ts) and storing its cookie, under the store's lock (no write comes between).
 * With writes waiting in the outbox, each page is rebased (rebase.ts): the waiting writes that
 * name a record the page replaced run again through `replay`, so the copy shows "the server's
 * records + my waiting writes". After the last page the records still under pending ids leave,
 * but those a waiting write created (server-ids.ts); after a full pull (from no cookie) so do the
 * records it did not send (dropRecordsNotSent). Without `replay` (no /api router known yet:
 * a Background Sync before any call of the account) a page waits for an empty outbox: answers
 * 'deferred' then, 'done' when the copy is at the server's version.
 */
export async function pullToLatest(
  db: ShopDb,
  link: ServerLink,
  announce: (resources: Set<Resource>) => void,
  onProgress: (progress: PullProgress) => void = () => {},
  replay?: Replay,
): Promise<'done' | 'deferred'> {
  let pulled = 0;
  // A full pull (from no cookie) sends every record the copy may hold: what it did not send leaves at its end.
  let sent: Set<string> | undefined;
  for (;;) {
    const { clientId, cookie } = await clientState(db);
    if (cookie === null && sent === undefined) sent = new Set();
    const page = await postJson<PullAnswer>(link, 'pull', { clientId, cookie } satisfies PullBody);
    const outcome = await withStoreLock(db, async () => {
      // Read once per page (an upload's entries carry files): the rebase and the clean-up use them.
      const waiting = (await db.outbox.count()) > 0 ? readOutboxEntries(await db.outbox.orderBy(':id').toArray()) : [];
      if (waiting.length > 0 && !replay) return 'deferred' as const;
      const touched = await applyChanges(db, page.changes);
      if (sent) for (const change of page.changes) sent.add(recordKey(change.kind, change.id));
      if (waiting.length > 0 && replay) {
        const replaced = new Set(page.changes.map((change) => recordKey(change.kind, change.id)));
        for (const resource of await rebaseWaitingWrites(waiting, replaced, page.lastMutationIds[clientId] ?? 0, replay)) touched.add(resource);
      }
      if (!page.more) for (const resource of await dropAnsweredPendingRecords(db, waiting)) touched.add(resource);
      if (!page.more && sent) for (const resource of await dropRecordsNotSent(db, sent, recordKey)) touched.add(resource);
      await updateClientState(db, (state) => ({ ...state, cookie: page.cookie, ...(page.more ? {} : { lastSyncAt: new Date().toISOString() }) }));
      pulled += page.changes.length;
      // Told before the announcement, so a status asked on it shows the progress.
      onProgress({ pulled, remaining: page.more ? page.remaining : 0 });
      if (touched.size > 0) announce(touched);
      return page.more ? ('more' as const) : ('done' as const);
    });
    if (outcome !== 'more') return outcome;
  }
}
