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
  /**
   * The server is there but asked this device to wait (a 429, or a 5xx with Retry-After): not
   * offline. `error` is its message.
   */
  busy?: boolean;
  /** After a failed sync: when the worker tries again by itself (the server's Retry-After, or its backoff). */
  retryAt?: string;
  /** The oldest waiting change cannot be sent: the changes after it wait behind it until it is retried or discarded. */
  stuck?: StuckChange;
}

/**
 * A change this device made that the server refused as a whole push (4xx) or failed on (5xx)
 * again and again, even sent alone (`GET /api/sync/status`, the Sync page).
 */
export interface StuckChange extends Pick<Mutation, 'name' | 'query'> {
  /** Its outbox entry, the oldest. */
  mutationId: number;
  /** The server's reason, as its last answer gave it. */
  message: string;
  /** That answer's status (400 a change this server does not know, 413, 503…). */
  status: number;
  /** Pushes in a row that failed with it first. */
  failures: number;
  /** When the first of them failed. */
  since: string;
}

/** `POST /api/sync/stuck/retry`: the status after the attempt (`stuck` is gone when it was sent). */
export type StuckRetryAnswer = SyncStatus;

/** `DELETE /api/sync/stuck`: the change dropped from this device, now listed as refused (discarded by you). */
export interface StuckDiscardAnswer {
  discarded: StuckChange;
  status: SyncStatus;
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
  /** The person discarded it while it was stuck (StuckChange): it never reached the server, and `code` and `message` are the server's last answer to it. */
  discarded?: boolean;
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
