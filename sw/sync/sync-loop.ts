import type { ShopDb } from '../api/storage/db';
import type { Resource } from '../api/context';
import { listenForVersions } from './events';
import { pullToLatest } from './pull';
import type { Replay } from './rebase';
import { isNotAMember, NoToken, retryAfterOf, ServerFailed, ServerRefused, Unreachable, type ServerLink } from './server-link';
import { pushWatched } from './stuck';
import { CopyStatus } from './sync-status';
import type { SyncStatus } from '../../domain/contract/sync';

export type { SyncStatus };
export { isNotAMember };

/** The retry timer's clock (tests read the delays it is given). */
export interface LoopClock {
  now(): number;
  setTimeout(run: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

const systemClock: LoopClock = {
  now: () => Date.now(),
  setTimeout: (run, ms) => setTimeout(run, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

/** The longest Retry-After honoured (a server's mistake, or a stranger's proxy, does not park the device for days; Retry always tries now). */
export const MAX_RETRY_AFTER_MS = 60 * 60_000;

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
  /** The clock of the retry after a failure (tests). */
  clock?: LoopClock;
  /**
   * The account's own work done with each run (its preferences, account-preferences.ts): after the
   * copy's push and pull, before the run ends; its failures are its own (never the copy's status).
   */
  beside?: () => Promise<void>;
}

/**
 * How long after it starts a loop makes its first sync and opens the live events: a worker
 * starts its loop on the first /api call it answers, and that call (a screen waiting for its
 * data) goes first.
 */
export const FIRST_SYNC_DELAY_MS = 250;

/**
 * The sync of one shared shop's copy: push the outbox, then pull to the server's version, at
 * once after each write (`kick`), on start, on reconnection (`kick` from the worker's online
 * event), on each live event, and after a failure with exponential backoff, or, when the server
 * asked for it (Retry-After of a 429 or 5xx), no sooner than it said: kicks meanwhile wait for the
 * retry. One run at a time: a kick during a run makes one more run after it.
 */
export class SyncLoop {
  private running: Promise<void> | null = null;
  /** Set while runAll runs (`running` is also a stuck entry's discard: whileIdle). */
  private runningSyncs = false;
  private firstSync: ReturnType<typeof setTimeout> | undefined;
  private liveStart: ReturnType<typeof setTimeout> | undefined;
  private again = false;
  private failures = 0;
  private timer: unknown;
  /** The server's Retry-After runs until then (ms since the epoch): only the retry timer, or the person's retry, syncs before. */
  private notBefore = 0;
  private readonly clock: LoopClock;
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
    this.copyStatus = new CopyStatus(db, link.shopId, () => this.syncDue());
    this.clock = options.clock ?? systemClock;
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
    // The server asked for a pause: the retry timer syncs when it ends.
    if (this.waitingForServer()) return;
    this.clock.clearTimeout(this.timer);
    this.timer = undefined;
    this.runningSyncs = true;
    this.running = this.runAll().finally(() => {
      this.running = null;
      this.runningSyncs = false;
    });
  }

  /**
   * A sync runs, or is due: the first one (after FIRST_SYNC_DELAY_MS), or one asked during a
   * stuck entry's discard. Not the retry after a failure: the status shows that failure.
   */
  private syncDue(): boolean {
    return !this.stopped && (this.runningSyncs || this.firstSync !== undefined || (this.running !== null && this.again));
  }

  /** A retry asked by the person (`POST /api/sync/retry`): at once, backoff and the server's pause forgotten. */
  retry(): void {
    this.failures = 0;
    this.notBefore = 0;
    this.kick();
  }

  /**
   * Runs `work` while no sync of the copy runs (a running one is waited for; kicks meanwhile run
   * after it): a stuck entry's discard renumbers the outbox, which no push may see half done.
   */
  async whileIdle<T>(work: () => Promise<T>): Promise<T> {
    while (this.running) await this.running;
    let outcome = { error: new Error('not run') } as { value: T } | { error: unknown };
    this.running = this.exclusively(async () => {
      try {
        outcome = { value: await work() };
      } catch (error) {
        outcome = { error };
      }
    }).finally(() => {
      this.running = null;
      if (this.again && !this.stopped) {
        this.again = false;
        this.kick();
      }
    });
    await this.running;
    if ('error' in outcome) throw outcome.error;
    return outcome.value;
  }

  private waitingForServer(): boolean {
    return this.notBefore > this.clock.now() && this.timer !== undefined;
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
   * (its last run found no tab to ask) runs at once instead of after its backoff, and so does
   * one whose token the server refused when the call carries another (`newToken`: the person
   * signed in again).
   */
  tabIsHere(newToken = false): void {
    if (this.waitingForToken || (newToken && this.copyStatus.signInNeeded)) this.retry();
  }

  /** Stopped: the copy was left or found removed (its database may be gone). */
  get isStopped(): boolean {
    return this.stopped;
  }

  stop(): void {
    this.stopped = true;
    clearTimeout(this.firstSync);
    clearTimeout(this.liveStart);
    this.clock.clearTimeout(this.timer);
    this.events.abort();
  }

  private async runAll(): Promise<void> {
    do {
      this.again = false;
      await this.exclusively(() => this.syncOnce());
      // A kick during a run that the server answered "wait" waits for the retry timer.
    } while (this.again && !this.stopped && !this.waitingForServer());
    if (this.waitingForServer()) this.again = false;
  }

  /** Across workers and tabs too, where the platform has Web Locks. */
  private exclusively(work: () => Promise<void>): Promise<void> {
    const locks = this.options.locks;
    return locks ? locks.request(`shop-sync:${this.db.name}`, work) : work();
  }

  private async syncOnce(): Promise<void> {
    await this.syncCopy();
    // After the copy's requests (their token refused, it is not offered here again).
    await this.options.beside?.().catch(() => undefined);
  }

  private async syncCopy(): Promise<void> {
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
      this.notBefore = 0;
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
      if (error instanceof Unreachable && this.options.whenUnreachable && (await this.db.outbox.count()) > 0) this.options.whenUnreachable();
      this.retryLater(error);
    }
  }

  /**
   * Pushes the outbox, counting failures against a stuck entry (stuck.ts). A push the server
   * fails or refuses as a whole (a 5xx, a 413) keeps its entries for the retry but does not keep
   * the team's changes out: the failure is answered, the pull still runs, and the run fails after
   * it. Unreachable without an answer, no token, not a member, or too many requests (429: the
   * server asked to wait, a pull would be one more): thrown, nothing more to try now.
   */
  private async push(): Promise<Error | undefined> {
    try {
      await pushWatched(this.db, this.link, (progress) => this.copyStatus.pushed(progress)).finally(() => this.copyStatus.pushEnded());
      return undefined;
    } catch (error) {
      const answered = error instanceof ServerRefused ? !isNotAMember(error) && error.status !== 401 && error.status !== 429 : error instanceof ServerFailed;
      if (answered) return error as Error;
      throw error;
    }
  }

  /** The next attempt: after the backoff, and no sooner than the server's Retry-After (kicks wait for it too). */
  private retryLater(error: unknown): void {
    if (this.stopped) return;
    const base = this.options.retryMs ?? 1_000;
    const backoff = Math.min(base * 2 ** this.failures, this.options.maxRetryMs ?? 60_000);
    const asked = retryAfterOf(error);
    const delay = asked === undefined ? backoff : Math.max(backoff, Math.min(asked, MAX_RETRY_AFTER_MS));
    this.failures++;
    this.notBefore = asked === undefined ? 0 : this.clock.now() + delay;
    this.clock.clearTimeout(this.timer);
    this.timer = this.clock.setTimeout(() => {
      this.timer = undefined;
      this.notBefore = 0;
      this.kick();
    }, delay);
    this.copyStatus.retrying(new Date(this.clock.now() + delay).toISOString());
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
        // Too many streams at once, a busy server: reopened no sooner than it asked.
        pause = Math.max(Math.min(pause * 2, 30_000), Math.min(retryAfterOf(error) ?? 0, MAX_RETRY_AFTER_MS));
      }
      if (this.stopped) return;
      await new Promise((resolve) => setTimeout(resolve, pause));
    }
  }
}
