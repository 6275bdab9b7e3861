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
