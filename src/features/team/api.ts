import type { z } from 'zod';
import type { invitationAnswerSchema, Role, roleChangedAnswerSchema, shopAnswerSchema } from '@domain/contract/sync-protocol';
import { shopServer } from '@/lib/api-client';

// Shared with the user's page (a customer's invitation and revocation): src/lib/customer-portal.ts.
export { acceptInvitation, getMembers, getMyShops, removeMember, withdrawInvitation } from '@/lib/customer-portal';

/** The shop server's team endpoints (docs/sync.md "Shops, members, roles"); the protocol types their answers. */

type ShopAnswer = z.infer<typeof shopAnswerSchema>;
type InvitationAnswer = z.infer<typeof invitationAnswerSchema>;
type RoleChangedAnswer = z.infer<typeof roleChangedAnswerSchema>;

const shopPath = (shopId: string) => `/v1/shops/${encodeURIComponent(shopId)}`;

export const createShop = async (name: string) => (await shopServer.post<ShopAnswer>('/v1/shops', { name })).shop;
export const inviteMember = (shopId: string, email: string, role: Role) => shopServer.post<InvitationAnswer>(`${shopPath(shopId)}/members`, { email, role });
export const changeRole = (shopId: string, uid: string, role: Role) => shopServer.patch<RoleChangedAnswer>(`${shopPath(shopId)}/members/${encodeURIComponent(uid)}`, { role });
