import type { ShopDb } from '../api/storage/db';
import type { Resource } from '../api/context';
import { listenForVersions } from './events';
import { pullToLatest } from './pull';
import { pushOutbox } from './push';
import type { Replay } from './rebase';
import { NoToken, ServerFailed, ServerRefused, type ServerLink } from './server-link';
import { CopyStatus } from './sync-status';
import type { SyncStatus } from '../../domain/contract/sync';
import { NOT_A_MEMBER } from '../../domain/sync/membership';

export type { SyncStatus };

export interface SyncLoopOptions {
  /** Told which resources a pull changed (the change channel: open tabs refresh). */
  announce?: (resources: Set<Resource>) => void;
  /** Listen to the shop's live events (off in tests that drive the loop by hand). */
  live?: boolean;
  /** First retry delay after a failure, doubled each time up to maxRetryMs. */
  retryMs?: number;
  maxRetryMs?: number;
  /** navigator.locks where the platform has it: one sync of a copy at a time across workers and tabs. */
  locks?: LockManager;
  /**
   * The server answered that the account is not a member of the shop (removed, or never was):
   * the loop has stopped; the hub drops the copy (awaited before the run ends).
   */
  onRemoved?: () => Promise<void>;
  /** Called when the server cannot be reached with changes waiting (the worker asks for a Background Sync). */
  whenUnreachable?: () => void;
  /**
   * How waiting writes are run again over pulled records (rebase.ts): the account's /api router,
   * once a call of the account has been answered; undefined before (pulls then wait for an empty outbox).
   */
  replay?: () => Replay | undefined;
}

/** The server's 403 for someone not in the shop, not a role's refusal (which is per mutation, in the push's results). */
export const isNotAMember = (error: unknown): boolean => error instanceof ServerRefused && error.status === 403 && error.message === NOT_A_MEMBER;

/**
 * How long after it starts a loop makes its first sync and opens the live events: a worker
 * starts its loop on the first /api call it answers, and that call (a screen waiting for its
 * data) goes first.
 */
export const FIRST_SYNC_DELAY_MS = 250;

/**
 * The sync of one shared shop's copy: push the outbox, then pull to the server's version, at
 * once after each write (`kick`), on start, on reconnection (`kick` from the worker's online
 * event), on each live event, and after a failure with exponential backoff. One run at a time:
 * a kick during a run makes one more run after it.
 */
export class SyncLoop {
  private running: Promise<void> | null = null;
  private firstSync: ReturnType<typeof setTimeout> | undefined;
  private liveStart: ReturnType<typeof setTimeout> | undefined;
  private again = false;
  private failures = 0;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private stopped = false;
  /** The last run found no tab to ask for a token. */
  private waitingForToken = false;
  private readonly events = new AbortController();
  /** What the runs showed, as the header's status says it. */
  private readonly copyStatus: CopyStatus;

  constructor(
    readonly db: ShopDb,
    readonly link: ServerLink,
    private readonly options: SyncLoopOptions = {},
  ) {
    this.copyStatus = new CopyStatus(db, link.shopId);
  }

  /** Starts: a sync and the live events (when asked), both after FIRST_SYNC_DELAY_MS. */
  start(): this {
    this.firstSync = setTimeout(() => this.kick(), FIRST_SYNC_DELAY_MS);
    if (this.options.live !== false) this.liveStart = setTimeout(() => void this.listen(), FIRST_SYNC_DELAY_MS);
    return this;
  }

  /** Asks for a sync (now, or right after the one running). */
  kick(): void {
    clearTimeout(this.firstSync);
    this.firstSync = undefined;
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    clearTimeout(this.timer);
    this.timer = undefined;
    this.running = this.runAll().finally(() => {
      this.running = null;
    });
  }

  /** A retry asked by the person (`POST /api/sync/retry`): at once, backoff forgotten. */
  retry(): void {
    this.failures = 0;
    this.kick();
  }

  /** Resolves once no sync runs or is queued (tests); a first sync still to come runs now. */
  async settled(): Promise<void> {
    if (this.firstSync !== undefined) this.kick();
    while (this.running) await this.running;
  }

  /** The copy's sync status (sync-status.ts). */
  status(): Promise<SyncStatus> {
    return this.copyStatus.read();
  }

  /**
   * A tab of the account is calling /api now, so a token can be had: a sync waiting for one
   * (its last run found no tab to ask) runs at once instead of after its backoff.
   */
  tabIsHere(): void {
    if (this.waitingForToken) this.retry();
  }

  /** Stopped: the copy was left or found removed (its database may be gone). */
  get isStopped(): boolean {
    return this.stopped;
  }

  stop(): void {
    this.stopped = true;
    clearTimeout(this.firstSync);
    clearTimeout(this.liveStart);
    clearTimeout(this.timer);
    this.events.abort();
  }

  private async runAll(): Promise<void> {
    do {
      this.again = false;
      await this.exclusively(() => this.syncOnce());
    } while (this.again && !this.stopped);
  }

  /** Across workers and tabs too, where the platform has Web Locks. */
  private exclusively(work: () => Promise<void>): Promise<void> {
    const locks = this.options.locks;
    return locks ? locks.request(`shop-sync:${this.db.name}`, work) : work();
  }

  private async syncOnce(): Promise<void> {
    try {
      const pushFailure = await this.push();
      const pulled = await pullToLatest(
        this.db,
        this.link,
        (resources) => this.options.announce?.(resources),
        (progress) => this.copyStatus.pulled(progress),
        this.options.replay?.(),
      ).finally(() => this.copyStatus.pullEnded());
      if (pushFailure) throw pushFailure;
      // Writes came meanwhile: push them, then pull.
      if (pulled === 'deferred') this.again = true;
      this.failures = 0;
      this.waitingForToken = false;
      this.copyStatus.succeeded();
    } catch (error) {
      if (isNotAMember(error) && this.options.onRemoved) {
        this.stop();
        await this.options.onRemoved();
        return;
      }
      this.copyStatus.failed(error);
      this.waitingForToken = error instanceof NoToken;
      if (!this.copyStatus.reachedServer && this.options.whenUnreachable && (await this.db.outbox.count()) > 0) this.options.whenUnreachable();
      this.retryLater();
    }
  }

  /**
   * Pushes the outbox. A push the server fails or refuses as a whole (a 5xx, a 413) keeps its
   * entries for the retry but does not keep the team's changes out: the failure is answered, the
   * pull still runs, and the run fails after it. Unreachable without an answer, no token, or not
   * a member: thrown, nothing more to try now.
   */
  private async push(): Promise<Error | undefined> {
    try {
      await pushOutbox(this.db, this.link);
      return undefined;
    } catch (error) {
      const answered = error instanceof ServerRefused ? !isNotAMember(error) && error.status !== 401 : error instanceof ServerFailed;
      if (answered) return error as Error;
      throw error;
    }
  }

  private retryLater(): void {
    if (this.stopped) return;
    const base = this.options.retryMs ?? 1_000;
    const delay = Math.min(base * 2 ** this.failures, this.options.maxRetryMs ?? 60_000);
    this.failures++;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.kick(), delay);
  }

  /** The live events: each new version starts a sync; a dropped stream is opened again after a pause. */
  private async listen(): Promise<void> {
    let pause = 1_000;
    while (!this.stopped) {
      try {
        await listenForVersions(this.link, () => this.kick(), this.events.signal);
        pause = 1_000;
      } catch (error) {
        // Not a member: a sync finds it too and drops the copy (one path for push, pull and events).
        if (isNotAMember(error)) this.kick();
        pause = Math.min(pause * 2, 30_000);
      }
      if (this.stopped) return;
      await new Promise((resolve) => setTimeout(resolve, pause));
    }
  }
}
