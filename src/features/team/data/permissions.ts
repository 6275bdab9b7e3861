import { teamRoles, type Role } from '@domain/contract/sync-protocol/roles';

/**
 * The roles the page offers, most first (the protocol lists them least first): the team's only.
 * A customer is invited from their user record, never given as a role here.
 */
export const rolesMostFirst: readonly Role[] = [...teamRoles].reverse();

export const roleLabels: Record<Role, string> = { owner: 'Owner', admin: 'Admin', staff: 'Staff', viewer: 'Viewer', customer: 'Customer' };

/** What each role may do, as the server enforces it. */
export const roleDescriptions: Record<Role, string> = {
  owner: 'Everything, and invites people, changes roles and removes members',
  admin: 'Changes all of the shop’s data and reads its activity',
  staff: 'Works on orders, reviews, tickets and files',
  viewer: 'Reads the shop’s data without changing it',
  customer: 'Sees and changes only their own orders, invoices, tickets, reviews and profile',
};

/** An action the page offers: allowed, or why not (shown next to the disabled control). */
export type Permission = { allowed: true } | { allowed: false; reason: string };

const allowed: Permission = { allowed: true };
const refused = (reason: string): Permission => ({ allowed: false, reason });

export const OFFLINE_REASON = 'Team changes need a connection to the shop server.';

/** Inviting people, withdrawing invitations: owners only, and online. */
export function canManageMembers(role: Role, online: boolean): Permission {
  if (role !== 'owner') return refused(`Only owners invite people, change roles and remove members; you are ${role === 'admin' ? 'an' : 'a'} ${role} of this shop.`);
  if (!online) return refused(OFFLINE_REASON);
  return allowed;
}

export interface MemberLike {
  uid: string;
  role: Role;
}

/** Changing a member's role: owners, online, and never the shop's last owner (it keeps one). */
export function canChangeRole(myRole: Role, member: MemberLike, members: readonly MemberLike[], online: boolean): Permission {
  const manage = canManageMembers(myRole, online);
  if (!manage.allowed) return manage;
  if (member.role === 'owner' && members.filter((m) => m.role === 'owner').length <= 1) return refused('A shop keeps at least one owner: make someone else owner first.');
  return allowed;
}

/** Removing a member: owners (anyone but the last owner), online. */
export function canRemoveMember(myRole: Role, member: MemberLike, members: readonly MemberLike[], online: boolean): Permission {
  return canChangeRole(myRole, member, members, online);
}

/** Creating a shop, accepting an invitation, switching shops need the server: online only. */
export function canUseServer(online: boolean): Permission {
  return online ? allowed : refused(OFFLINE_REASON);
}
