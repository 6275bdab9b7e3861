import type { CustomerMember, Invitation, MembersAnswer, MyShops, Shop } from '@domain/contract/sync-protocol';
import type { z } from 'zod';
import type { invitationAnswerSchema } from '@domain/contract/sync-protocol';
import type { User } from '@schema/user';
import { api, ApiRequestError, shopServer } from './api-client';
import { currentLocale } from '@/i18n/i18n';

/**
 * The shop server's calls about a shop's customers (docs/sync.md "Customers"), shared by the
 * user's page (invite, revoke) and Settings → Team (the customers listed apart from the team).
 */

type InvitationAnswer = z.infer<typeof invitationAnswerSchema>;

const shopPath = (shopId: string) => `/v1/shops/${encodeURIComponent(shopId)}`;

export const getMyShops = (signal?: AbortSignal) => shopServer.get<MyShops>('/v1/shops', signal);
export const getMembers = (shopId: string, signal?: AbortSignal) => shopServer.get<MembersAnswer>(`${shopPath(shopId)}/members`, signal);
/** Invites the customer of this `users` record, at the record's email (the server reads it). */
export const inviteCustomer = (shopId: string, userId: number) => shopServer.post<InvitationAnswer>(`${shopPath(shopId)}/customers`, { userId });
/** Removes a member; for a customer it revokes their access to the portal (their device drops the shop). */
export const removeMember = (shopId: string, uid: string) => shopServer.delete(`${shopPath(shopId)}/members/${encodeURIComponent(uid)}`);
export const withdrawInvitation = (shopId: string, id: string) => shopServer.delete(`${shopPath(shopId)}/invitations/${encodeURIComponent(id)}`);

/** Admins and owners manage a shop's customers (the server's rule: `POST …/customers`, removing a customer). */
export const managesCustomers = (shop: Pick<Shop, 'role'>): boolean => shop.role === 'admin' || shop.role === 'owner';

/** The team's invitations and the customers' (a customer's names its `users` record). */
export function splitInvitations(invitations: readonly Invitation[]): { team: Invitation[]; customers: Invitation[] } {
  return {
    team: invitations.filter((invitation) => invitation.role !== 'customer'),
    customers: invitations.filter((invitation) => invitation.role === 'customer'),
  };
}

/** Where one user record stands with the portal: signed in, invited (not yet accepted), or neither. */
export type PortalAccess =
  | { state: 'none' }
  | { state: 'invited'; invitation: Invitation }
  | { state: 'joined'; customer: CustomerMember };

export function portalAccessOf(userId: number, members: Pick<MembersAnswer, 'invitations' | 'customers'>): PortalAccess {
  const customer = members.customers?.find((one) => one.userId === userId);
  if (customer) return { state: 'joined', customer };
  const invitation = members.invitations.find((one) => one.role === 'customer' && one.userId === userId);
  if (invitation) return { state: 'invited', invitation };
  return { state: 'none' };
}

/** A joining or invitation date: `3 Mar 2026`. */
export const formatPortalDate = (iso: string) =>
  // English as the portal always wrote it (day first); the other languages their own way.
  new Date(iso).toLocaleDateString(currentLocale() === 'en' ? 'en-GB' : currentLocale(), { dateStyle: 'medium' });

/** The name of the shop's user record `id` on this device, or null when the device has none (deleted, or not yet synced). */
export async function userRecordName(id: number, signal?: AbortSignal): Promise<string | null> {
  try {
    return (await api.get<{ user: User }>('/api/users', { id }, signal)).user.name;
  } catch (error) {
    if (error instanceof ApiRequestError && error.status === 404) return null;
    throw error;
  }
}
