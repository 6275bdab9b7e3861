/** What the worker's sync endpoints answer (`/api/sync/…`, docs/sync.md): shared by the worker and the app. */
import type { ShopRemoval } from './shop-removal';
import type { Mutation, RecordId } from './sync-protocol';

export type { ShopRemoval };

/** `GET /api/sync/status`: the header's badge. */
export interface SyncStatus {
  /** A shop is chosen in a team build. */
  configured: boolean;
  /** Whether the worker's last contact with the server worked. */
  online: boolean;
  /** Writes waiting for the server. */
  pending: number;
  lastSyncAt: string | null;
  error?: string;
  shopId?: string;
  /** The account was found removed from a shop (its copy is gone from this device), until dismissed. */
  removed?: ShopRemoval;
  /** While a pull of several pages runs (a first sync): changes applied so far in it, and the server's count of those left (capped at 100,000). */
  pulling?: { pulled: number; remaining: number };
}

/** The status with no shop chosen, or in a build without a shop server: nothing to sync. */
export const NOT_SYNCING: Readonly<SyncStatus> = Object.freeze({ configured: false, online: true, pending: 0, lastSyncAt: null });

/** What is common to the changes the Sync page lists: the write this device made (its name, e.g. `PATCH /api/users`, query and body) and when it came back. */
interface ConflictOfWrite extends Pick<Mutation, 'name' | 'query' | 'body'> {
  /** The row's key in the worker's `syncConflicts` (for dismiss and put back). */
  id?: number;
  mutationId: number;
  /** When it happened: the refusal's answer, or the other member's change that was kept. */
  at: string;
}

/** A write the shop server refused, kept for the person who made it (rows from before `type` existed are these). */
export interface RefusedChange extends ConflictOfWrite {
  type?: 'refused';
  /** The server's status code and message. */
  code: number;
  message: string;
}

/** A field of this device's write whose value lost: the server kept another member's newer value. */
export interface OverwrittenField extends ConflictOfWrite {
  type: 'overwritten';
  /** The record: `users` 7. */
  kind: string;
  recordId: RecordId;
  field: string;
  /** This device's value and the one kept (null: absent). */
  yours: unknown;
  kept: unknown;
  /** Who made the kept change (their email), when the server knows. */
  by?: string;
}

/** A change listed on the Sync page (`GET /api/sync/conflicts`). */
export type SyncConflict = RefusedChange | OverwrittenField;

export const isOverwritten = (conflict: SyncConflict): conflict is OverwrittenField => conflict.type === 'overwritten';

/** `POST /api/sync/conflicts/:id/put-back`: the conflict put back (it is gone) and the new write's status. */
export interface PutBackAnswer {
  conflict: SyncConflict;
  status: number;
}
