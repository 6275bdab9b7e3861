import { shopServer } from '@/lib/api-client';
import type { ShopRole } from './data/permissions';

/** The shop server's team endpoints (docs/sync.md "Shops, members, roles"). */

export interface Shop {
  id: string;
  name: string;
  role: ShopRole;
}

export interface MyInvitation {
  id: string;
  shopId: string;
  shopName: string;
  role: ShopRole;
  createdAt: string;
}

export interface Member {
  uid: string;
  email: string;
  role: ShopRole;
  joinedAt: string;
}

export interface Invitation {
  id: string;
  email: string;
  role: ShopRole;
  createdAt: string;
}

const shopPath = (shopId: string) => `/v1/shops/${encodeURIComponent(shopId)}`;

export const getMyShops = (signal?: AbortSignal) => shopServer.get<{ shops: Shop[]; invitations: MyInvitation[] }>('/v1/shops', signal);
export const createShop = async (name: string) => (await shopServer.post<{ shop: Shop }>('/v1/shops', { name })).shop;
export const acceptInvitation = async (id: string) => (await shopServer.post<{ shop: Shop }>(`/v1/invitations/${encodeURIComponent(id)}/accept`)).shop;
export const getMembers = (shopId: string, signal?: AbortSignal) => shopServer.get<{ members: Member[]; invitations: Invitation[] }>(`${shopPath(shopId)}/members`, signal);
export const inviteMember = (shopId: string, email: string, role: ShopRole) => shopServer.post<{ invitation: Invitation }>(`${shopPath(shopId)}/members`, { email, role });
export const changeRole = (shopId: string, uid: string, role: ShopRole) => shopServer.patch<{ member: { uid: string; role: ShopRole } }>(`${shopPath(shopId)}/members/${encodeURIComponent(uid)}`, { role });
export const removeMember = (shopId: string, uid: string) => shopServer.delete(`${shopPath(shopId)}/members/${encodeURIComponent(uid)}`);
export const withdrawInvitation = (shopId: string, id: string) => shopServer.delete(`${shopPath(shopId)}/invitations/${encodeURIComponent(id)}`);
