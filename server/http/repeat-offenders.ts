/**
 * Accounts that keep sending requests the server refuses as malformed (400, 413, 414, 415, 431):
 * past `refusalsPerMinute` of them in a minute, an account is a repeat offender for the next
 * minute. Its refusals are then held like a stranger's (http/held-refusals.ts) and its request
 * rate is lowered (app.ts): each broken push it sends costs the copy its parse and checks, and
 * a member's account looping on them (13,000 broken pushes a minute from eight staff accounts in
 * the hostile bench) kept the copy's event loop busy before the honest members' pushes. The
 * worker never sends a malformed request on purpose: it backs off after a refusal (a few a
 * minute at most), so an honest device stays far below the bound.
 */
export const MALFORMED_STATUSES: ReadonlySet<number> = new Set([400, 413, 414, 415, 431]);

/** How long one counts, and how long an offender stays one after its last counted refusal. */
const MINUTE_MS = 60_000;

interface Tally {
  /** Refusals counted in the minute that started at `since`. */
  count: number;
  since: number;
  /** An offender until then (0: not one). */
  until: number;
}

export class RepeatOffenders {
  private readonly tallies = new Map<string, Tally>();
  private sweptAt = 0;

  constructor(
    readonly refusalsPerMinute: number,
    readonly max = 10_000,
    private readonly now: () => number = Date.now,
  ) {}

  /** Counts a refusal answered to `uid`; only malformed requests count. */
  refused(uid: string, status: number): void {
    if (!MALFORMED_STATUSES.has(status)) return;
    const now = this.now();
    let tally = this.tallies.get(uid);
    if (!tally || (now - tally.since >= MINUTE_MS && tally.until <= now)) {
      if (tally) this.tallies.delete(uid);
      else if (this.tallies.size >= this.max) this.forgetOldest(now);
      tally = { count: 0, since: now, until: 0 };
      this.tallies.set(uid, tally);
    } else if (now - tally.since >= MINUTE_MS) {
      // An offender still: a new minute of counting, its standing kept.
      tally.count = 0;
      tally.since = now;
    }
    if (++tally.count > this.refusalsPerMinute) tally.until = now + MINUTE_MS;
  }

  /** Whether `uid` is a repeat offender now. */
  has(uid: string): boolean {
    const tally = this.tallies.get(uid);
    return tally !== undefined && tally.until > this.now();
  }

  /** How many accounts are counted (for memory's sake: at most `max`). */
  get tracked(): number {
    return this.tallies.size;
  }

  /** Makes room: the tallies past their minute go first (looked for at most once a second), else the oldest. */
  private forgetOldest(now: number): void {
    if (now - this.sweptAt >= 1_000) {
      this.sweptAt = now;
      for (const [uid, tally] of this.tallies) if (now - tally.since >= MINUTE_MS && tally.until <= now) this.tallies.delete(uid);
    }
    if (this.tallies.size >= this.max) this.tallies.delete(this.tallies.keys().next().value!);
  }
}
