import { teamRoles, type Role } from '@domain/contract/sync-protocol/roles';
import { t } from '@/i18n/i18n';
import { translatedLabels } from '@/lib/translated-labels';

/**
 * The roles the page offers, most first (the protocol lists them least first): the team's only.
 * A customer is invited from their user record, never given as a role here.
 */
export const rolesMostFirst: readonly Role[] = [...teamRoles].reverse();

/** Each role's name in the current language (the `team` area is loaded by the screens that read it). */
export const roleLabels: Record<Role, string> = translatedLabels({
  owner: 'team.role.owner',
  admin: 'team.role.admin',
  staff: 'team.role.staff',
  viewer: 'team.role.viewer',
  customer: 'team.role.customer',
});

/** What each role may do, as the server enforces it. */
export const roleDescriptions: Record<Role, string> = translatedLabels({
  owner: 'team.roleDescription.owner',
  admin: 'team.roleDescription.admin',
  staff: 'team.roleDescription.staff',
  viewer: 'team.roleDescription.viewer',
  customer: 'team.roleDescription.customer',
});

/** An action the page offers: allowed, or why not (shown next to the disabled control). */
export type Permission = { allowed: true } | { allowed: false; reason: string };

const allowed: Permission = { allowed: true };
const refused = (reason: string): Permission => ({ allowed: false, reason });

/** Why a team change waits: no connection to the shop server (in the current language). */
export const offlineReason = () => t('team.permission.offline');

/** Inviting people, withdrawing invitations: owners only, and online. */
export function canManageMembers(role: Role, online: boolean): Permission {
  if (role !== 'owner') return refused(t('team.permission.ownersOnly', { role }));
  if (!online) return refused(offlineReason());
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
  if (member.role === 'owner' && members.filter((m) => m.role === 'owner').length <= 1) return refused(t('team.permission.lastOwner'));
  return allowed;
}

/** Removing a member: owners (anyone but the last owner), online. */
export function canRemoveMember(myRole: Role, member: MemberLike, members: readonly MemberLike[], online: boolean): Permission {
  return canChangeRole(myRole, member, members, online);
}

/** Creating a shop, accepting an invitation, switching shops need the server: online only. */
export function canUseServer(online: boolean): Permission {
  return online ? allowed : refused(offlineReason());
}
