import { lastChangeOfEach, recordMapKey, type RecordId, type SyncedKind } from '../../domain/sync/mutation';
import type { ScopedChange } from './shop-records';

/*
 * The rows a write read and locked (FOR UPDATE) in its transaction, as stored before it: their
 * scope key, grants and whether removed (domain/sync/scope.ts; docs/sync.md, "Customers"). Locked,
 * they stay so until the write commits, so what a change of them leaves behind (a scope exit, a
 * follower to move, the keys to announce) is known without reading them again in the statement
 * that stores it: that second read of each row, under the shop's version lock, halved the push.
 */

/** A row as stored before the write. */
export interface PriorRow {
  deleted: boolean;
  scope: string | null;
  grants: string | null;
}

/** The row before the write of each record: null when there was none, undefined when the write did not read it (unknown). */
export type PriorOf = (kind: SyncedKind, id: RecordId) => PriorRow | null | undefined;

/** Rows read and locked by one write's transaction, and the ids it was given new (no row at all). */
export class PriorRows {
  private readonly rows = new Map<string, PriorRow>();
  private readonly fresh = new Set<string>();

  /** A row read FOR UPDATE (never one read without a lock: another write could change it before this one stores). */
  read(kind: SyncedKind, id: RecordId, row: { deleted: boolean; scope: string | null; grants: string | null }): void {
    this.rows.set(recordMapKey(kind, id), { deleted: row.deleted, scope: row.scope, grants: row.grants });
  }

  /** An id given from a checked block (IdBlocks): no row, live or removed, has it. */
  given(kind: string, id: RecordId): void {
    this.fresh.add(recordMapKey(kind, id));
  }

  readonly of: PriorOf = (kind, id) => {
    const key = recordMapKey(kind, id);
    if (this.fresh.has(key)) return null;
    return this.rows.get(key);
  };
}

const isRemoval = (change: ScopedChange): boolean => 'deleted' in change && change.deleted === true;

/**
 * What storing `changes` leaves behind, from their rows before the write, as the store
 * statement's own read of them would find it (shop-records.ts, changeStatements: `cx`, `bx`,
 * `exited`, `touched`). Undefined when a changed row was not read by the write: then the
 * statement reads it.
 */
export function knownEffects(changes: readonly ScopedChange[], prior: PriorOf): { exits: Array<{ scope: string; kind: string; id: string }>; touched: string[] } | undefined {
  const exits: Array<{ scope: string; kind: string; id: string }> = [];
  const touched = new Set<string>();
  for (const change of lastChangeOfEach(changes).values()) {
    const before = prior(change.kind, change.id);
    if (before === undefined) return undefined;
    const hasRecord = 'record' in change && change.record !== undefined;
    if (hasRecord && change.scope !== null) touched.add(change.scope);
    if (before === null) continue;
    if (before.scope !== null) touched.add(before.scope);
    // A live record whose key changed leaves its old scope (a removal keeps its key: no exit).
    if (hasRecord && !before.deleted && !isRemoval(change) && before.scope !== null && before.scope !== change.scope) {
      exits.push({ scope: before.scope, kind: change.kind, id: String(change.id) });
    }
  }
  return { exits, touched: [...touched] };
}

/**
 * Whether a change may move other records' scopes (shop-records.ts, prepareFollowers: a leader
 * whose key changes, a record whose grants change), from its row before the write: a change of a
 * row it did not read may; of a new record, never; else only when its key or grants change.
 */
export function mayLead(change: ScopedChange, leaderKind: SyncedKind, prior: PriorOf): boolean {
  const before = prior(change.kind, change.id);
  if (before === undefined) return true;
  if (before === null) return false;
  const removal = isRemoval(change);
  const newScope = removal ? before.scope : change.scope;
  const oldGrants = before.deleted ? null : before.grants;
  const newGrants = removal ? null : change.grants;
  return (change.kind === leaderKind && before.scope !== newScope) || oldGrants !== newGrants;
}
