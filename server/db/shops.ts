import { ApiError } from '../../domain/errors';
import { atLeast, type Invitation, type MembersAnswer, type MyShops, type Role, type Shop, type TeamRole } from '../../domain/contract/sync-protocol';
import type { ScopeMember } from '../../domain/sync/scope';
import { isUuid, notAMember } from '../not-a-member';
import type { Pool, PoolClient } from './pool';

type Db = Pool | PoolClient;

/** The caller's role in the shop, or 403 when the shop is unknown or the caller is not in it (the same answer). */
export async function memberRole(db: Db, shopId: string, uid: string): Promise<Role> {
  if (!isUuid(shopId)) throw notAMember();
  const { rows } = await db.query<{ role: Role }>({ name: 'member-role', text: 'SELECT role FROM members WHERE shop_id = $1 AND uid = $2', values: [shopId, uid] });
  if (!rows[0]) throw notAMember();
  return rows[0].role;
}

/** memberRole, and 403 naming the role when it is below `least`. */
export async function requireRole(db: Db, shopId: string, uid: string, least: Role, what: string): Promise<Role> {
  const role = await memberRole(db, shopId, uid);
  if (!atLeast(role, least)) throw new ApiError(403, `Your role (${role}) may not ${what}: it takes ${least}`);
  return role;
}

/** A member as a pull reads them (memberScope). */
export interface MemberScope {
  member: ScopeMember;
  emailSince: number;
}

/**
 * The member as domain/sync/scope.ts reads them: a team member, or a customer with their user
 * record's id and (while it is live) its email; with the version since which that record has
 * that email (`emailSince`: the email's older removals were never theirs). 403 when not a member.
 */
export async function memberScope(db: Db, shopId: string, uid: string): Promise<MemberScope> {
  if (!isUuid(shopId)) throw notAMember();
  const { rows } = await db.query<MemberScopeRow>({
    name: 'member-scope',
    text: `SELECT m.role, m.customer_id, u.record->>'email' AS email, u.grants_since AS since FROM members m
     LEFT JOIN records u ON u.shop_id = m.shop_id AND u.kind = 'users' AND u.id = m.customer_id AND NOT u.deleted
     WHERE m.shop_id = $1 AND m.uid = $2`,
    values: [shopId, uid],
  });
  return memberScopeOf(rows[0]);
}

interface MemberScopeRow {
  role: Role;
  customer_id: string | null;
  email: string | null;
  since: string | null;
}

function memberScopeOf(row: MemberScopeRow | undefined): MemberScope {
  if (!row) throw notAMember();
  if (row.role !== 'customer') return { member: { role: row.role }, emailSince: 0 };
  return { member: { role: 'customer', customerId: row.customer_id!, customerEmail: row.email }, emailSince: Number(row.since ?? 0) };
}

/**
 * What an event stream opens with, in one statement: the member as memberScope reads them and
 * the shop's version (its first event). 403 when not a member. A stream storm's opens cost one
 * round trip each, not a membership query and then a version read.
 */
export async function streamStart(db: Db, shopId: string, uid: string): Promise<MemberScope & { version: number }> {
  if (!isUuid(shopId)) throw notAMember();
  const { rows } = await db.query<MemberScopeRow & { version: string | null }>({
    name: 'stream-start',
    text: `SELECT m.role, m.customer_id, u.record->>'email' AS email, u.grants_since AS since,
       (SELECT v.version FROM shop_versions v WHERE v.shop_id = m.shop_id) AS version
     FROM members m
     LEFT JOIN records u ON u.shop_id = m.shop_id AND u.kind = 'users' AND u.id = m.customer_id AND NOT u.deleted
     WHERE m.shop_id = $1 AND m.uid = $2`,
    values: [shopId, uid],
  });
  return { ...memberScopeOf(rows[0]), version: Number(rows[0]?.version ?? 0) };
}

/** A new shop at version 0, its creator its owner. */
export async function createShop(client: PoolClient, name: string, owner: { uid: string; email: string | null }): Promise<Shop> {
  const { rows } = await client.query<{ shop_id: string }>('INSERT INTO shops (name, created_by) VALUES ($1, $2) RETURNING shop_id', [name, owner.uid]);
  const shopId = rows[0]!.shop_id;
  await client.query("INSERT INTO members (shop_id, uid, email, role) VALUES ($1, $2, $3, 'owner')", [shopId, owner.uid, owner.email]);
  await client.query('INSERT INTO shop_versions (shop_id, version) VALUES ($1, 0)', [shopId]);
  return { id: shopId, name, role: 'owner' };
}

/** The shop the user owns with this name, if any (the id of the first found). */
export async function ownedShopNamed(db: Db, uid: string, name: string): Promise<string | undefined> {
  const { rows } = await db.query<{ shop_id: string }>(
    "SELECT s.shop_id FROM members m JOIN shops s ON s.shop_id = m.shop_id WHERE m.uid = $1 AND m.role = 'owner' AND s.name = $2 LIMIT 1",
    [uid, name],
  );
  return rows[0]?.shop_id;
}

/** A customer member's `users` record as the protocol names it (`userId`); nothing for a team member. */
const customerUserId = (customerId: string | null): { userId?: number } => (customerId === null ? {} : { userId: Number(customerId) });

/**
 * The shops the user is in, and the invitations waiting for their (verified) email to shops they
 * are not in: the one lookup across shops, in one statement (an account may ask it often: one
 * round trip, not two).
 */
export async function myShops(db: Db, uid: string, verifiedEmail: string | null): Promise<MyShops> {
  const { rows } = await db.query<{ part: number; shop_id: string; name: string; role: Role; customer_id: string | null; invitation_id: string | null; created_at: Date | null }>({
    name: 'my-shops',
    text: `SELECT * FROM (
       SELECT 0 AS part, s.shop_id, s.name, m.role, m.customer_id, NULL::uuid AS invitation_id, NULL::timestamptz AS created_at
       FROM members m JOIN shops s ON s.shop_id = m.shop_id WHERE m.uid = $1
       UNION ALL
       SELECT 1, i.shop_id, s.name, i.role, NULL, i.invitation_id, i.created_at FROM invitations i JOIN shops s ON s.shop_id = i.shop_id
       WHERE $2::text IS NOT NULL AND i.email = $2 AND NOT EXISTS (SELECT 1 FROM members m WHERE m.shop_id = i.shop_id AND m.uid = $1)
     ) mine
     ORDER BY part, CASE WHEN part = 0 THEN name END, CASE WHEN part = 0 THEN shop_id END, created_at`,
    values: [uid, verifiedEmail],
  });
  const shops = rows.filter((row) => row.part === 0);
  const invitations = rows.filter((row) => row.part === 1);
  return {
    shops: shops.map((row) => ({ id: row.shop_id, name: row.name, role: row.role, ...customerUserId(row.customer_id) })),
    invitations: invitations.map((row) => ({ id: row.invitation_id!, shopId: row.shop_id, shopName: row.name, role: row.role, createdAt: row.created_at!.toISOString() })),
  };
}

/**
 * The shop's team and its invitations waiting for an answer; with `withCustomers` (admins and
 * owners) also its customers signed in and the customers' invitations.
 */
export async function membersOf(db: Db, shopId: string, withCustomers: boolean): Promise<MembersAnswer> {
  const members = await db.query<{ uid: string; email: string | null; role: Role; customer_id: string | null; joined_at: Date }>(
    'SELECT uid, email, role, customer_id, joined_at FROM members WHERE shop_id = $1 ORDER BY joined_at, uid',
    [shopId],
  );
  const invitations = await db.query<{ invitation_id: string; email: string; role: Role; customer_id: string | null; created_at: Date }>(
    'SELECT invitation_id, email, role, customer_id, created_at FROM invitations WHERE shop_id = $1 ORDER BY created_at',
    [shopId],
  );
  const team = members.rows.filter((row) => row.role !== 'customer');
  const customers = members.rows.filter((row) => row.role === 'customer');
  return {
    members: team.map((row) => ({ uid: row.uid, email: row.email, role: row.role, joinedAt: row.joined_at.toISOString() })),
    invitations: invitations.rows
      .filter((row) => withCustomers || row.role !== 'customer')
      .map((row) => ({ id: row.invitation_id, email: row.email, role: row.role, createdAt: row.created_at.toISOString(), ...(row.customer_id === null ? {} : { userId: Number(row.customer_id) }) })),
    ...(withCustomers ? { customers: customers.map((row) => ({ uid: row.uid, email: row.email, userId: Number(row.customer_id), joinedAt: row.joined_at.toISOString() })) } : {}),
  };
}

/** Invites `email` with `role` (again: the role is replaced, a customer's invitation becomes a team one). 409 when that email is already a member. */
export async function invite(client: PoolClient, shopId: string, email: string, role: TeamRole, invitedBy: string): Promise<Invitation> {
  const member = await client.query('SELECT 1 FROM members WHERE shop_id = $1 AND lower(email) = $2', [shopId, email]);
  if (member.rowCount) throw new ApiError(409, `${email} is already a member of this shop`);
  const { rows } = await client.query<{ invitation_id: string; created_at: Date }>(
    `INSERT INTO invitations (shop_id, email, role, invited_by) VALUES ($1, $2, $3, $4)
     ON CONFLICT (shop_id, email) DO UPDATE SET role = EXCLUDED.role, invited_by = EXCLUDED.invited_by, customer_id = NULL
     RETURNING invitation_id, created_at`,
    [shopId, email, role, invitedBy],
  );
  return { id: rows[0]!.invitation_id, email, role, createdAt: rows[0]!.created_at.toISOString() };
}

export const USER_NOT_FOUND = 'User not found';
export const CUSTOMER_HAS_SIGN_IN = 'This customer already has a sign-in to the shop';

/**
 * Invites the customer of the shop's `users` record `userId`, at that record's email (lower
 * case): an invitation of role customer that keeps the user id. 404 when there is no such live
 * record (or it has no email), 409 when the email is already a member's or the record already
 * has a customer signed in. Inviting again replaces an invitation to that email.
 */
export async function inviteCustomer(client: PoolClient, shopId: string, userId: number, invitedBy: string): Promise<Invitation> {
  const user = await client.query<{ email: string | null }>(
    "SELECT record->>'email' AS email FROM records WHERE shop_id = $1 AND kind = 'users' AND id = $2 AND NOT deleted FOR SHARE",
    [shopId, String(userId)],
  );
  const email = user.rows[0]?.email?.trim().toLowerCase();
  if (!email) throw new ApiError(404, USER_NOT_FOUND);
  const member = await client.query<{ customer_id: string | null }>('SELECT customer_id FROM members WHERE shop_id = $1 AND (lower(email) = $2 OR customer_id = $3)', [shopId, email, String(userId)]);
  if (member.rows.some((row) => row.customer_id === String(userId))) throw new ApiError(409, CUSTOMER_HAS_SIGN_IN);
  if (member.rowCount) throw new ApiError(409, `${email} is already a member of this shop`);
  const { rows } = await client.query<{ invitation_id: string; created_at: Date }>(
    `INSERT INTO invitations (shop_id, email, role, invited_by, customer_id) VALUES ($1, $2, 'customer', $3, $4)
     ON CONFLICT (shop_id, email) DO UPDATE SET role = EXCLUDED.role, invited_by = EXCLUDED.invited_by, customer_id = EXCLUDED.customer_id
     RETURNING invitation_id, created_at`,
    [shopId, email, invitedBy, String(userId)],
  );
  return { id: rows[0]!.invitation_id, email, role: 'customer', createdAt: rows[0]!.created_at.toISOString(), userId };
}

/**
 * Makes `customer` the customer member of the shop's `users` record with this email (lower
 * case), with no invitation: the Demo Shop's demo customer (`npm run start:team`). Nothing when
 * no live record has that email, or the account or the record already has a member.
 */
export async function seatCustomerByEmail(client: PoolClient, shopId: string, customer: { uid: string; email: string }): Promise<boolean> {
  const email = customer.email.trim().toLowerCase();
  const { rowCount } = await client.query(
    `INSERT INTO members (shop_id, uid, email, role, customer_id)
     SELECT $1, $2, $3, 'customer', id FROM records
     WHERE shop_id = $1 AND kind = 'users' AND NOT deleted AND lower(record->>'email') = $3
     ORDER BY id LIMIT 1
     ON CONFLICT DO NOTHING`,
    [shopId, customer.uid, email],
  );
  return rowCount === 1;
}

export const INVITATION_NOT_FOUND = 'Invitation not found';
export const STALE_CUSTOMER_INVITATION = 'This invitation is out of date: the shop changed or removed this customer record since; ask the shop for a new invitation';
export const ALREADY_A_MEMBER = 'You are already a member of this shop: your role stays as it is (an owner changes roles on the members screen)';

/** Accepts an invitation sent to the caller's verified email; anyone else's (or none) is the same 404. */
export async function acceptInvitation(client: PoolClient, invitationId: string, caller: { uid: string; email: string | null; emailVerified: boolean }): Promise<Shop> {
  if (!isUuid(invitationId) || !caller.email || !caller.emailVerified) throw new ApiError(404, INVITATION_NOT_FOUND);
  const { rows } = await client.query<{ shop_id: string; email: string; role: Role; customer_id: string | null; name: string; customer_email: string | null }>(
    `SELECT i.shop_id, i.email, i.role, i.customer_id, s.name, u.record->>'email' AS customer_email
     FROM invitations i JOIN shops s ON s.shop_id = i.shop_id
     LEFT JOIN records u ON u.shop_id = i.shop_id AND u.kind = 'users' AND u.id = i.customer_id AND NOT u.deleted
     WHERE i.invitation_id = $1 FOR UPDATE OF i`,
    [invitationId],
  );
  const invitation = rows[0];
  if (!invitation || invitation.email !== caller.email) throw new ApiError(404, INVITATION_NOT_FOUND);
  // A customer's invitation holds while their user record is there with this email: else it names someone else now.
  if (invitation.customer_id !== null && invitation.customer_email?.trim().toLowerCase() !== caller.email) throw new ApiError(409, STALE_CUSTOMER_INVITATION);
  // A member's role changes only through an owner (changeMember keeps the last owner): an invitation never changes it.
  const joined = await client.query(
    `INSERT INTO members (shop_id, uid, email, role, customer_id) VALUES ($1, $2, $3, $4, $5) ON CONFLICT DO NOTHING
     RETURNING role`,
    [invitation.shop_id, caller.uid, caller.email, invitation.role, invitation.customer_id],
  );
  if (!joined.rowCount) {
    const already = await client.query('SELECT 1 FROM members WHERE shop_id = $1 AND uid = $2', [invitation.shop_id, caller.uid]);
    throw new ApiError(409, already.rowCount ? ALREADY_A_MEMBER : CUSTOMER_HAS_SIGN_IN);
  }
  await client.query('DELETE FROM invitations WHERE shop_id = $1 AND invitation_id = $2', [invitation.shop_id, invitationId]);
  return { id: invitation.shop_id, name: invitation.name, role: invitation.role, ...customerUserId(invitation.customer_id) };
}

/** Withdraws an invitation: an owner any, an admin a customer's (403 for a team invitation). */
export async function revokeInvitation(client: PoolClient, shopId: string, invitationId: string, actorRole: Role): Promise<void> {
  if (!isUuid(invitationId)) throw new ApiError(404, INVITATION_NOT_FOUND);
  const { rows } = await client.query<{ role: Role }>('SELECT role FROM invitations WHERE shop_id = $1 AND invitation_id = $2 FOR UPDATE', [shopId, invitationId]);
  if (!rows[0]) throw new ApiError(404, INVITATION_NOT_FOUND);
  if (actorRole !== 'owner' && rows[0].role !== 'customer') throw new ApiError(403, 'Only owners withdraw invitations to the team');
  await client.query('DELETE FROM invitations WHERE shop_id = $1 AND invitation_id = $2', [shopId, invitationId]);
}

export const MEMBER_NOT_FOUND = 'Member not found';
export const LAST_OWNER = 'A shop needs an owner: make another member owner first';

/**
 * Changes a member's role, or removes them (`role` null), as `actor`: an owner, an admin
 * removing a customer, or the member leaving. The shop's owners are locked first, so two
 * owners demoting each other at once cannot leave the shop without one. A customer's role does
 * not change (409): they are tied to their user record; the team invites people by email.
 */
export async function changeMember(client: PoolClient, shopId: string, actor: string, uid: string, role: TeamRole | null): Promise<void> {
  const owners = await client.query<{ uid: string }>("SELECT uid FROM members WHERE shop_id = $1 AND role = 'owner' ORDER BY uid FOR UPDATE", [shopId]);
  const target = await client.query<{ role: Role }>('SELECT role FROM members WHERE shop_id = $1 AND uid = $2 FOR UPDATE', [shopId, uid]);
  const current = target.rows[0]?.role;
  // Checked again under the lock: an owner demoted a moment ago no longer manages members.
  const leaving = role === null && actor === uid;
  if (!leaving && !owners.rows.some((owner) => owner.uid === actor)) {
    const removingCustomer = role === null && current === 'customer';
    const actorRole = removingCustomer ? (await client.query<{ role: Role }>('SELECT role FROM members WHERE shop_id = $1 AND uid = $2 FOR SHARE', [shopId, actor])).rows[0]?.role : undefined;
    if (!actorRole || !atLeast(actorRole, 'admin')) throw new ApiError(403, removingCustomer ? 'Only owners and admins remove customers' : 'Only owners manage members');
  }
  if (!current) throw new ApiError(404, MEMBER_NOT_FOUND);
  if (current === 'customer' && role !== null) throw new ApiError(409, CUSTOMER_ROLE_FIXED);
  if (current === 'owner' && role !== 'owner' && owners.rows.length <= 1) throw new ApiError(409, LAST_OWNER);
  if (role === null) await client.query('DELETE FROM members WHERE shop_id = $1 AND uid = $2', [shopId, uid]);
  else await client.query('UPDATE members SET role = $3 WHERE shop_id = $1 AND uid = $2', [shopId, uid, role]);
}

export const CUSTOMER_ROLE_FIXED = "A customer's role does not change: remove them, and invite them to the team by email";

/** Which of these (shop, user) pairs are members now: one query for every open stream of a copy. */
export async function stillMembers(db: Db, pairs: ReadonlyArray<{ shopId: string; uid: string }>): Promise<Set<string>> {
  if (!pairs.length) return new Set();
  const { rows } = await db.query<{ shop_id: string; uid: string }>(
    'SELECT m.shop_id, m.uid FROM members m JOIN unnest($1::uuid[], $2::text[]) AS p(shop_id, uid) ON m.shop_id = p.shop_id AND m.uid = p.uid',
    [pairs.map((p) => p.shopId), pairs.map((p) => p.uid)],
  );
  return new Set(rows.map((row) => memberKey(row.shop_id, row.uid)));
}

export const memberKey = (shopId: string, uid: string): string => `${shopId} ${uid}`;

/** How many shops the user created since `since` (the daily cap on new shops). */
export async function shopsCreatedSince(db: Db, uid: string, since: Date): Promise<number> {
  const { rows } = await db.query<{ n: string }>('SELECT count(*) AS n FROM shops WHERE created_by = $1 AND created_at > $2', [uid, since]);
  return Number(rows[0]!.n);
}
