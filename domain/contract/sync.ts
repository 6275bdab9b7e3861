/** What the worker's sync endpoints answer (`/api/sync/…`, docs/sync.md): shared by the worker and the app. */
import type { ShopRemoval } from './shop-removal';
import type { Mutation, RecordId, SyncedKind } from './sync-protocol';
import { parseMutationName } from './sync-protocol/mutation-name';

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
  /** Refused or overwritten changes listed since the Sync page was last opened (absent: none). */
  unseenConflicts?: number;
  /**
   * The shop server refused the account's sign-in (401: a token that can no longer be refreshed,
   * revoked, or from before a password change): nothing is sent until the person signs in again
   * to the same account; `pending` writes wait on this device meanwhile.
   */
  signInNeeded?: boolean;
  /** While a push of more than one batch runs: the waiting changes sent so far in it, of `total` (those waiting when it began and since). */
  pushing?: { sent: number; total: number };
  /**
   * While a sync of the copy runs or is due (its first, or one asked during a run). `pending` is 0
   * from a push's answer on, but the records this device created keep their pending ids until
   * the pull after it brings the server's (sw/sync/server-ids.ts): the copy is up to date only
   * once no sync runs (`isUpToDate`).
   */
  syncing?: true;
}

/**
 * Whether the copy has sent everything and pulled after it (its status): the server answered,
 * nothing waits, no sync runs or is due, and a pull has reached the server's version.
 */
export const isUpToDate = (status: SyncStatus): boolean => status.online && status.pending === 0 && status.syncing === undefined && status.lastSyncAt !== null;

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

/** The kinds of record the Sync page filters by (the shop server's kinds, in the app's menu order). */
export const conflictKinds = ['users', 'products', 'orders', 'invoices', 'reviews', 'tickets', 'files'] as const satisfies readonly SyncedKind[];
export type ConflictKind = (typeof conflictKinds)[number];

export const conflictTypes = ['refused', 'overwritten'] as const;
export type ConflictType = (typeof conflictTypes)[number];

/** Entries per page of the Sync page's list. */
export const CONFLICTS_PAGE_SIZE = 50;

/** The kind of record a listed change is about: the overwritten field's record, or the refused write's resource (`users` of `PATCH /api/users`). */
export const conflictKindOf = (conflict: SyncConflict): string => (isOverwritten(conflict) ? conflict.kind : parseMutationName(conflict.name).kind);

/** The type a listed change is filtered by (a discarded stuck change is a refused one). */
export const conflictTypeOf = (conflict: SyncConflict): ConflictType => (isOverwritten(conflict) ? 'overwritten' : 'refused');

/** What the Sync page asks of the list: a page, and the kind and type it is filtered by (absent: all). */
export interface ConflictQuery {
  page: number;
  kind?: ConflictKind;
  type?: ConflictType;
}

/**
 * `GET /api/sync/conflicts?page=&pageSize=&kind=&type=` with any of them: the page's entries,
 * newest first, and what the page needs around them.
 */
export interface ConflictPage {
  conflicts: SyncConflict[];
  page: number;
  pageSize: number;
  /** Entries matching the filters, and their ids, newest first (select all matching). */
  total: number;
  ids: number[];
  /** Every entry listed, whatever the filters, and how many are of each kind. */
  all: number;
  kinds: Partial<Record<string, number>>;
}

/** `POST /api/sync/conflicts/put-back` and `/dismiss` `{ ids }`: the entries done (gone from the list) and those not, each with why. */
export interface ConflictsBulkAnswer {
  done: number[];
  failed: Array<{ id: number; status: number; message: string }>;
}

/** Most entries one bulk call takes (the list's "all matching" after months away stays below it). */
export const MAX_CONFLICTS_PER_CALL = 5_000;
