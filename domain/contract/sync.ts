/** What the worker's sync endpoints answer (`/api/sync/…`, docs/sync.md): shared by the worker and the app. */
import type { ShopRemoval } from './shop-removal';

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

/** A write the shop server refused (`GET /api/sync/conflicts`), kept for the person who made it. */
export interface SyncConflict {
  id?: number;
  mutationId: number;
  /** The write, e.g. `PATCH /api/users`. */
  name: string;
  query: Record<string, string>;
  body: unknown;
  /** The server's status code and message. */
  code: number;
  message: string;
  at: string;
}
