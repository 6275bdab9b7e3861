import type { Role } from '../domain/contract/sync-protocol';
import { ApiError } from '../domain/errors';
import { NOT_A_MEMBER } from '../domain/sync/membership';

/** The same answer for a shop that does not exist and one the caller is not in: nothing is revealed. */
export const notAMember = () => new ApiError(403, NOT_A_MEMBER);

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (value: string): boolean => UUID.test(value);

/** Whether `error` is the "not a member" refusal (notAMember), from a guard or a statement. */
export const isNotAMember = (error: unknown): boolean => error instanceof Error && error.message === NOT_A_MEMBER;

/**
 * Something known of an account in a shop for `ttlMs`, at most `max` entries, the oldest going
 * first; forgotten at once when the membership changes on this copy.
 */
class KnownForAWhile<T> {
  private readonly entries = new Map<string, { value: T; until: number }>();

  constructor(
    readonly ttlMs: number,
    readonly max: number,
    private readonly now: () => number,
  ) {}

  protected read(shopId: string, uid: string): T | undefined {
    const key = `${shopId}\n${uid}`;
    const entry = this.entries.get(key);
    if (entry === undefined) return undefined;
    if (entry.until > this.now()) return entry.value;
    this.entries.delete(key);
    return undefined;
  }

  protected keep(shopId: string, uid: string, value: T): void {
    const key = `${shopId}\n${uid}`;
    this.entries.delete(key);
    if (this.entries.size >= this.max) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(key, { value, until: this.now() + this.ttlMs });
  }

  /** The membership changed on this copy: granted, changed or ended. */
  forget(shopId: string, uid: string): void {
    this.entries.delete(`${shopId}\n${uid}`);
  }

  get size(): number {
    return this.entries.size;
  }
}

/**
 * "Not a member" answers of the last few seconds, by shop and account: a stranger asking a shop
 * again and again (an attacker's loop) is refused without a query each time, and its requests,
 * known to be refused, wait behind real work (http/admission.ts). Never a long staleness: an
 * entry lives `ttlMs` (5 s), and granting a membership on this copy forgets it at once
 * (an invitation accepted); on another copy the grant is seen within `ttlMs`.
 */
export class NotMembers extends KnownForAWhile<true> {
  constructor(ttlMs = 5_000, max = 10_000, now: () => number = Date.now) {
    super(ttlMs, max, now);
  }

  has(shopId: string, uid: string): boolean {
    return this.read(shopId, uid) !== undefined;
  }

  /** Remembers a refusal (only of a well-formed shop id: other ids are refused without a query anyway). */
  add(shopId: string, uid: string): void {
    if (isUuid(shopId)) this.keep(shopId, uid, true);
  }
}

/**
 * Memberships read in the last few seconds, by shop and account, for the push's guard alone: a
 * device pushing every few seconds is let in without a query each time (one round trip of its
 * five fewer, each of which waits its turn in a loaded copy's event loop). Safe because the push
 * reads the member's role again, locked, in each mutation's transaction (db/clients.ts,
 * enterMutation): a member removed meanwhile has at most one more push body read, then refused
 * 403 by that statement, and a stale role only decides whether a viewer's push is refused whole
 * (read again too). An entry lives `ttlMs` (10 s); changing or removing a member on this copy
 * forgets it at once.
 */
export class RecentMembers extends KnownForAWhile<Role> {
  constructor(ttlMs = 10_000, max = 10_000, now: () => number = Date.now) {
    super(ttlMs, max, now);
  }

  get(shopId: string, uid: string): Role | undefined {
    return this.read(shopId, uid);
  }

  add(shopId: string, uid: string, role: Role): void {
    this.keep(shopId, uid, role);
  }
}
