import type { Role } from '../contract/sync-protocol';
import type { RecordId, ShopRecord, SyncedKind } from './mutation';

/*
 * Who sees what of a shop (docs/sync.md, "Customers"; docs/security.md, "Customers"): the one
 * rule the shop server's pull and event stream follow, and the oracle of the tests.
 *
 * A team member (viewer and up) sees every record as stored. A customer (a member of role
 * `customer`, tied to one `users` record of the shop) sees:
 * - their own `users` record;
 * - the orders and invoices whose `customer.id` is that record's id;
 * - the tickets whose `email` is that record's email (any case);
 * - the `published` products, without their stock count (customerView);
 * - the reviews of the published products (without the last voter's `myVote`);
 * - no files: a customer's device holds none (product images that are uploaded files show as
 *   missing there; see docs/security.md).
 *
 * `maySee` says it record by record, as a person would read it. The server cannot ask it of
 * every row of a large shop at each pull, so each stored record carries its **scope key**
 * (`scopeKeyOf`, computed when the record is written): `customer:<user id>`, `email:<email>`,
 * `public`, or none; and a customer's pull selects the rows whose key is one of theirs
 * (`memberScopeKeys`). tests/domain/scope.test.ts checks that the two say the same.
 */

/** The key of what every customer sees. */
export const PUBLIC_SCOPE = 'public';
/** The key of one customer's own records: their user record, orders and invoices. */
export const customerScope = (userId: RecordId): string => `customer:${String(userId)}`;
/** The key of the tickets sent from one email address (compared in lower case). */
export const emailScope = (email: string): string => `email:${email.trim().toLowerCase()}`;

/** A reader of the shop: a team member, or a customer with their user record's id and (when that record is live) its email. */
export type ScopeMember = { role: Exclude<Role, 'customer'> } | { role: 'customer'; customerId: string; customerEmail: string | null };

/**
 * A record whose scope is its leader's: a review has its product's (published: public). When a
 * product's key changes, the server gives its reviews the new key (and their customers a removal):
 * `follower` records whose `field` is the `leader`'s id.
 */
export const scopeFollowers: ReadonlyArray<{ follower: SyncedKind; field: string; leader: SyncedKind }> = [{ follower: 'reviews', field: 'productId', leader: 'products' }];

/** The leader whose scope the record follows (a review's product), if its kind has one. */
export function scopeLeaderOf(kind: SyncedKind, record: ShopRecord): { kind: SyncedKind; id: RecordId } | undefined {
  const rule = scopeFollowers.find((f) => f.follower === kind);
  const id = rule ? record[rule.field] : undefined;
  return rule && (typeof id === 'number' || typeof id === 'string') ? { kind: rule.leader, id } : undefined;
}

const isPublished = (record: ShopRecord | undefined): boolean => record?.status === 'published';

/** The `users` record id an order or invoice names as its customer, as text (undefined when it names none). */
function customerIdOf(record: ShopRecord): string | undefined {
  const customer = record.customer as { id?: unknown } | null | undefined;
  const id = customer?.id;
  return typeof id === 'number' || typeof id === 'string' ? String(id) : undefined;
}

const sameEmail = (a: unknown, b: string): boolean => typeof a === 'string' && a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * Whether `member` may see this live record. `leader` is the live record it follows (a
 * review's product: scopeLeaderOf), undefined when there is none.
 */
export function maySee(member: ScopeMember, kind: SyncedKind, record: ShopRecord, leader?: ShopRecord): boolean {
  if (member.role !== 'customer') return true;
  switch (kind) {
    case 'users':
      return String(record.id) === member.customerId;
    case 'orders':
    case 'invoices':
      return customerIdOf(record) === member.customerId;
    case 'tickets':
      return member.customerEmail !== null && sameEmail(record.email, member.customerEmail);
    case 'products':
      return isPublished(record);
    case 'reviews':
      return isPublished(leader);
    case 'files':
      return false;
  }
}

/** The scope key of a live record (null: no customer sees it). `leader` as for maySee. */
export function scopeKeyOf(kind: SyncedKind, record: ShopRecord, leader?: ShopRecord): string | null {
  switch (kind) {
    case 'users':
      return customerScope(record.id);
    case 'orders':
    case 'invoices': {
      const id = customerIdOf(record);
      return id === undefined ? null : customerScope(id);
    }
    case 'tickets':
      return typeof record.email === 'string' ? emailScope(record.email) : null;
    case 'products':
      return isPublished(record) ? PUBLIC_SCOPE : null;
    case 'reviews':
      return leader ? scopeKeyOf('products', leader) : null;
    case 'files':
      return null;
  }
}

/**
 * The other key a live record opens to its own customer: a user record's email opens the
 * tickets sent from it (`email:<email>`). When it changes (the email edited, the record deleted
 * or restored) that customer's tickets change: the server removes the old ones from their
 * device and sends the new ones.
 */
export function grantsOf(kind: SyncedKind, record: ShopRecord): string | null {
  return kind === 'users' && typeof record.email === 'string' ? emailScope(record.email) : null;
}

/** The scope keys a member reads: 'all' for the team; a customer's own, their email's (while their user record is live) and the public one. */
export function memberScopeKeys(member: ScopeMember): 'all' | string[] {
  if (member.role !== 'customer') return 'all';
  return [customerScope(member.customerId), ...(member.customerEmail === null ? [] : [emailScope(member.customerEmail)]), PUBLIC_SCOPE];
}

/**
 * What of a record the member is shown. A customer sees a product without its stock count (the
 * shop's inventory is its own business: `inStock` says whether it can be ordered) and a review
 * without `myVote` (the vote of the team member who voted last). Everything else as stored.
 */
export function viewFor(member: ScopeMember, kind: SyncedKind, record: ShopRecord): ShopRecord {
  if (member.role !== 'customer') return record;
  if (kind === 'products') {
    const { stock, ...rest } = record;
    return { ...rest, inStock: typeof stock === 'number' && stock > 0 };
  }
  if (kind === 'reviews') {
    const { myVote: _myVote, ...rest } = record;
    return rest as ShopRecord;
  }
  return record;
}

/** The fields of a product a customer never receives (viewFor). */
export const productFieldsHiddenFromCustomers = ['stock'] as const;
