import { lastChangeOfEach, recordMapKey, type RecordChange, type RecordId, type ShopRecord, type SyncedKind } from '../../domain/sync/mutation';
import { grantsOf, scopeKeyOf, scopeLeaderOf } from '../../domain/sync/scope';
import type { ScopedChange } from '../db/shop-records';

/**
 * A write's changes with their records' scope keys, as domain/sync/scope.ts gives them
 * (scopeKeyOf, grantsOf), to be stored with them. A record that follows another (a review its
 * product) takes the leader's state this write leaves: from the write's own changes, else as
 * stored now (`get`: the server reads and locks it in the write's transaction, so a product
 * published meanwhile by another write is seen).
 */
export async function scopedChanges(changes: readonly RecordChange[], get: (kind: SyncedKind, id: RecordId) => Promise<ShopRecord | undefined>): Promise<ScopedChange[]> {

  const last = lastChangeOfEach(changes);
  const read = new Map<string, ShopRecord | undefined>();
  const leaderNow = async (kind: SyncedKind, id: RecordId): Promise<ShopRecord | undefined> => {
    const own = last.get(recordMapKey(kind, id));
    if (own) return 'deleted' in own ? undefined : own.record;
    if (!read.has(recordMapKey(kind, id))) read.set(recordMapKey(kind, id), await get(kind, id));
    return read.get(recordMapKey(kind, id));
  };
  const scoped: ScopedChange[] = [];
  for (const change of changes) {
    const record = 'record' in change ? change.record : undefined;
    if (!record) {
      // A bare removal: the row keeps the key it had (shop-records.ts).
      scoped.push({ ...change, scope: null, grants: null });
      continue;
    }
    const leader = scopeLeaderOf(change.kind, record);
    const leaderRecord = leader ? await leaderNow(leader.kind, leader.id) : undefined;
    scoped.push({ ...change, scope: scopeKeyOf(change.kind, record, leaderRecord), grants: grantsOf(change.kind, record) });
  }
  return scoped;
}
