import type { FastifyRequest } from 'fastify';
import { RetryLater } from './retry-later';

export const COPY_BUSY = 'The server is busy right now; try again in a moment';
export const TOO_MANY_WAITING = 'Your account has too many requests waiting at this server: try again when they are answered';

/** Gives a request's place back (call it once; later calls do nothing). */
export type Release = () => void;

interface Waiter {
  uid: string;
  tag: number;
  seq: number;
  /** A refusal known in advance (a known stranger's 403): served only when no other request waits. */
  low: boolean;
  admit: () => void;
  timer: NodeJS.Timeout;
}

interface Account {
  /** The tag the account's next request starts from (its last request's tag plus one). */
  finish: number;
  running: number;
  /** Its waiting requests of the normal class, first come first. */
  waiting: Waiter[];
}

/** The most requests of one account waiting at once; more are refused at once (429). */
export const WAITING_PER_USER = 32;
/** The most requests waiting at once on a copy; more are refused at once (503). */
export const WAITING_PER_COPY = 4_000;

/**
 * The requests one copy works on at once (`capacity`), shared fairly between accounts. A request
 * is admitted once its caller is known (the token checked) and before anything else of it runs
 * (the rate limit, the membership query, its body): beyond `capacity` it waits, unread, at no
 * cost to the copy. Waiters are served by start-time fair queueing over accounts: each request
 * is tagged with its account's share of the admissions so far (the later of the copy's current
 * tag and its account's previous request's tag plus one), and the smallest tag goes first. So an
 * account with nothing at the copy (an honest device's push every few seconds) goes before the
 * requests an account keeps in line (an attacker's loops, whose tags run ahead), and one account
 * holds at most `perUser` places, whatever it sends. Requests known to be refused (a stranger
 * asking again for a shop it is not in) wait in a class below: served when nothing else waits.
 * A request that waits past `waitMs` is answered 429 with Retry-After. Without a queue a copy
 * worked on every request that reached it at once, and an honest push waited in the event loop
 * behind 200 attackers' (issue 32, docs/security.md "Limits").
 */
export class FairAdmission {
  private running = 0;
  /** The copy's current tag: the largest tag admitted. */
  private now = 0;
  private seq = 0;
  private waitingCount = 0;
  private readonly accounts = new Map<string, Account>();
  /** Accounts with normal waiters. */
  private readonly lining = new Set<Account>();
  private readonly low: Waiter[] = [];
  private admittedSinceSweep = 0;

  constructor(
    readonly capacity: number,
    readonly perUser: number,
    readonly waitMs: number,
  ) {}

  /** A place for `uid`'s request, now or once its turn comes; a RetryLater when it cannot wait, or waited too long. */
  enter(uid: string, low = false): Release | Promise<Release> {
    let account = this.accounts.get(uid);
    if (!account) {
      account = { finish: 0, running: 0, waiting: [] };
      this.accounts.set(uid, account);
    }
    const tag = Math.max(this.now, account.finish);
    if (!low) account.finish = tag + 1;
    if (!low && this.running < this.capacity && account.running < this.perUser && account.waiting.length === 0 && this.lining.size === 0) {
      return this.start(uid, account, tag);
    }
    if (this.waitingCount >= WAITING_PER_COPY) throw new RetryLater(503, COPY_BUSY, 1);
    if (account.waiting.length + this.lowOf(uid) >= WAITING_PER_USER) throw new RetryLater(429, TOO_MANY_WAITING, 1);
    return new Promise<Release>((resolve, reject) => {
      const waiter: Waiter = {
        uid,
        tag,
        seq: this.seq++,
        low,
        admit: () => resolve(this.start(uid, account, tag)),
        timer: setTimeout(() => {
          this.forget(waiter, account);
          reject(new RetryLater(429, COPY_BUSY, 1));
        }, this.waitMs),
      };
      this.waitingCount++;
      if (low) this.low.push(waiter);
      else {
        account.waiting.push(waiter);
        this.lining.add(account);
      }
      this.dispatch();
    });
  }

  /** Requests being worked on, and waiting. */
  get inFlight(): number {
    return this.running;
  }

  get queued(): number {
    return this.waitingCount;
  }

  /** How many accounts are remembered (those at the copy, and those ahead of the copy's tag). */
  get tracked(): number {
    return this.accounts.size;
  }

  private lowOf(uid: string): number {
    let n = 0;
    for (const waiter of this.low) if (waiter.uid === uid) n++;
    return n;
  }

  private start(uid: string, account: Account, tag: number): Release {
    this.running++;
    account.running++;
    if (tag > this.now) this.now = tag;
    if (++this.admittedSinceSweep >= 1_000) this.sweep();
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.running--;
      account.running--;
      if (this.idle(account) && this.accounts.get(uid) === account) this.accounts.delete(uid);
      this.dispatch();
    };
  }

  /** Admits waiters while there is room: the normal class's smallest tag first (then the first come), else the oldest refusal. */
  private dispatch(): void {
    while (this.running < this.capacity) {
      let best: Account | undefined;
      for (const account of this.lining) {
        if (account.running >= this.perUser) continue;
        const head = account.waiting[0]!;
        const top = best?.waiting[0];
        if (!top || head.tag < top.tag || (head.tag === top.tag && head.seq < top.seq)) best = account;
      }
      const next = best ? best.waiting.shift()! : this.low.shift();
      if (!next) return;
      if (best && best.waiting.length === 0) this.lining.delete(best);
      clearTimeout(next.timer);
      this.waitingCount--;
      next.admit();
    }
  }

  private forget(waiter: Waiter, account: Account): void {
    const line = waiter.low ? this.low : account.waiting;
    const at = line.indexOf(waiter);
    if (at < 0) return;
    line.splice(at, 1);
    this.waitingCount--;
    if (!waiter.low && account.waiting.length === 0) this.lining.delete(account);
  }

  /**
   * An account with nothing at the copy whose next tag is at most one ahead of the copy's: it
   * would start from (about) the copy's tag anyway, so it is forgotten. Those kept are the ones
   * that took more than their share lately, as many as the accounts active of late.
   */
  private idle(account: Account): boolean {
    return account.running === 0 && account.waiting.length === 0 && account.finish <= this.now + 1;
  }

  /** Forgets the idle accounts (see idle) now and then. */
  private sweep(): void {
    this.admittedSinceSweep = 0;
    for (const [uid, account] of this.accounts) if (this.idle(account) && this.lowOf(uid) === 0) this.accounts.delete(uid);
  }
}

/** Each admitted request's release, so that a request that stops working before it is answered (an event stream once open, an unread refusal) gives its place back. */
const admitted = new WeakMap<FastifyRequest, Release>();

export function holdAdmission(request: FastifyRequest, release: Release): void {
  admitted.set(request, release);
}

/** Gives `request`'s place back now (nothing when it holds none). */
export function releaseAdmission(request: FastifyRequest): void {
  admitted.get(request)?.();
  admitted.delete(request);
}
