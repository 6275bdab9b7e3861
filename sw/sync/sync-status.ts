import type { ShopDb } from '../api/storage/db';
import { NOT_SYNCING, type SyncStatus } from '../../domain/contract/sync';
import { clientState } from './client-state';
import type { PullProgress } from './pull';
import { PUSH_BATCH, type PushProgress } from './push';
import { removalNotice } from './removal';
import { isBusy, ServerRefused } from './server-link';
import { stuckChange } from './stuck';
import { unseenConflicts } from './conflict-list';

/*
 * The sync status the header's badge shows (`GET /api/sync/status`, SyncStatus): what the copy's
 * loop saw of its last run (whether the server answered, its error, whether it asked to wait, when
 * the loop tries again, a long push's or pull's progress, whether the account must sign in
 * again), whether a run is on or due, the writes waiting in the copy's outbox and a
 * stuck one (stuck.ts), its last full pull, the Sync page's entries not seen yet
 * (conflict-list.ts), and the account's removal notice.
 */

/** What a copy's sync loop reports of its runs, and the copy's status made from it. */
export class CopyStatus {
  private online = true;
  private error: string | undefined;
  /** The server asked to wait (a 429, a 5xx with Retry-After). */
  private busy = false;
  /** When the loop tries again after the failure. */
  private retryAt: string | undefined;
  /** Set while a pull of several pages runs: the status's `pulling`. */
  private progress: PullProgress | undefined;
  /** Set while a push of more than one batch runs: the status's `pushing`. */
  private pushProgress: PushProgress | undefined;
  /** The server refused the account's token (401): the status's `signInNeeded`, until a run succeeds. */
  private signInRefused = false;

  constructor(
    private readonly db: ShopDb,
    private readonly shopId: string,
    /** Whether a sync of the copy runs or is due (the status's `syncing`). */
    private readonly syncDue: () => boolean = () => false,
  ) {}

  /** The run pushed and pulled. */
  succeeded(): void {
    this.online = true;
    this.error = undefined;
    this.busy = false;
    this.retryAt = undefined;
    this.signInRefused = false;
  }

  /** The account must sign in again before anything is sent (the last run's token was refused). */
  get signInNeeded(): boolean {
    return this.signInRefused;
  }

  /**
   * The run failed: the server could not be reached, failed, or refused. A refusal is an answer
   * (the device is online), and so is a server that asked to wait: it is busy, not unreachable.
   */
  failed(error: unknown): void {
    this.busy = isBusy(error);
    this.online = error instanceof ServerRefused || this.busy;
    this.error = error instanceof Error ? error.message : String(error);
    this.signInRefused = error instanceof ServerRefused && error.status === 401;
  }

  /** The loop's next attempt after the failure. */
  retrying(at: string): void {
    this.retryAt = at;
  }

  /** A pull's page was applied; only a pull with changes left shows its progress. */
  pulled(progress: PullProgress): void {
    this.progress = progress.remaining > 0 ? progress : undefined;
  }

  pullEnded(): void {
    this.progress = undefined;
  }

  /** A push starts (none sent) or one of its batches was answered (the server is reached); only a push of more than one batch shows its progress. */
  pushed(progress: PushProgress): void {
    // Before the first batch's answer nothing says the server is reachable.
    if (progress.sent > 0) this.online = true;
    this.pushProgress = progress.total > PUSH_BATCH && progress.sent < progress.total ? progress : undefined;
  }

  pushEnded(): void {
    this.pushProgress = undefined;
  }

  async read(): Promise<SyncStatus> {
    // As it is when asked (a status asked on a page's announcement shows that page).
    const progress = this.progress;
    const pushing = this.pushProgress;
    const [pending, state, stuck, unseen] = await Promise.all([this.db.outbox.count(), clientState(this.db), stuckChange(this.db), unseenConflicts(this.db)]);
    return {
      configured: true,
      shopId: this.shopId,
      online: this.online,
      pending,
      lastSyncAt: state.lastSyncAt ?? null,
      ...(this.error ? { error: this.error } : {}),
      ...(this.busy ? { busy: true } : {}),
      ...(this.error && this.retryAt ? { retryAt: this.retryAt } : {}),
      ...(stuck ? { stuck } : {}),
      ...(progress ? { pulling: progress } : {}),
      ...(pushing ? { pushing } : {}),
      ...(this.signInRefused ? { signInNeeded: true } : {}),
      ...(unseen > 0 ? { unseenConflicts: unseen } : {}),
      ...(this.syncDue() ? { syncing: true as const } : {}),
    };
  }
}

/**
 * The account's status: its chosen shop's copy's (`copyStatus`, read after the notice; no shop
 * chosen: NOT_SYNCING) with the removal notice until the person dismisses it.
 */
export async function accountStatus(account: ShopDb, copyStatus: (() => Promise<SyncStatus>) | undefined): Promise<SyncStatus> {
  const removed = await removalNotice(account);
  const status = copyStatus ? await copyStatus() : NOT_SYNCING;
  return { ...status, ...(removed ? { removed } : {}) };
}
