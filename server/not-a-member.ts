import type { Role } from '../domain/contract/sync-protocol';
import { ApiError } from '../domain/errors';
import { NOT_A_MEMBER } from '../domain/sync/membership';

/** The same answer for a shop that does not exist and one the caller is not in: nothing is revealed. */
export const notAMember = () => new ApiError(403, NOT_A_MEMBER);

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (value: string): boolean => UUID.test(value);

/**
 * "Not a member" answers of the last few seconds, by shop and account: a stranger asking a shop
 * again and again (an attacker's loop) is refused without a query each time, and its requests,
 * known to be refused, wait behind real work (http/admission.ts). Never a long staleness: an
 * entry lives `ttlMs` (5 s), and granting a membership on this copy forgets it at once
 * (an invitation accepted); on another copy the grant is seen within `ttlMs`. At most `max`
 * entries, the oldest going first.
 */
export class NotMembers {
  private readonly entries = new Map<string, number>();

  constructor(
    readonly ttlMs = 5_000,
    readonly max = 10_000,
    private readonly now: () => number = Date.now,
  ) {}

  private static key(shopId: string, uid: string): string {
    return `${shopId}\n${uid}`;
  }

  has(shopId: string, uid: string): boolean {
    const key = NotMembers.key(shopId, uid);
    const until = this.entries.get(key);
    if (until === undefined) return false;
    if (until > this.now()) return true;
    this.entries.delete(key);
    return false;
  }

  /** Remembers a refusal (only of a well-formed shop id: other ids are refused without a query anyway). */
  add(shopId: string, uid: string): void {
    if (!isUuid(shopId)) return;
    const key = NotMembers.key(shopId, uid);
    this.entries.delete(key);
    if (this.entries.size >= this.max) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(key, this.now() + this.ttlMs);
  }

  /** A membership granted: `uid` is in `shopId` now. */
  forget(shopId: string, uid: string): void {
    this.entries.delete(NotMembers.key(shopId, uid));
  }

  get size(): number {
    return this.entries.size;
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
 * forgets it at once. At most `max` entries, the oldest going first.
 */
export class RecentMembers {
  private readonly entries = new Map<string, { role: Role; until: number }>();

  constructor(
    readonly ttlMs = 10_000,
    readonly max = 10_000,
    private readonly now: () => number = Date.now,
  ) {}

  get(shopId: string, uid: string): Role | undefined {
    const key = `${shopId}\n${uid}`;
    const entry = this.entries.get(key);
    if (entry === undefined) return undefined;
    if (entry.until > this.now()) return entry.role;
    this.entries.delete(key);
    return undefined;
  }

  add(shopId: string, uid: string, role: Role): void {
    const key = `${shopId}\n${uid}`;
    this.entries.delete(key);
    if (this.entries.size >= this.max) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(key, { role, until: this.now() + this.ttlMs });
  }

  /** A membership changed or ended on this copy. */
  forget(shopId: string, uid: string): void {
    this.entries.delete(`${shopId}\n${uid}`);
  }

  get size(): number {
    return this.entries.size;
  }
}
