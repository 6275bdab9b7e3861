import { shopServer } from '@/lib/api-client';

/** The shop server's audit trail (docs/sync.md "Audit trail"), for owners and admins. */

export interface AuditEntry {
  seq: number;
  at: string;
  uid: string;
  email: string | null;
  clientId: string | null;
  mutationId: number | null;
  /** The mutation (`PATCH /api/orders`) or the member change (`invite a@b.c as staff`). */
  name: string;
  result: 'applied' | 'rejected';
  message: string | null;
}

export interface AuditPage {
  entries: AuditEntry[];
  /** The `before` of the next (older) page; null at the end. */
  next: number | null;
}

export type ShopRole = 'owner' | 'admin' | 'staff' | 'viewer';

export interface MyShop {
  id: string;
  name: string;
  role: ShopRole;
}

/** Entries per page. */
export const AUDIT_PAGE_SIZE = 50;

export const getAuditPage = (shopId: string, before: number | null, signal?: AbortSignal) =>
  shopServer.get<AuditPage>(`/v1/shops/${encodeURIComponent(shopId)}/audit?limit=${AUDIT_PAGE_SIZE}${before === null ? '' : `&before=${before}`}`, signal);

/** The caller's shops with their role (the activity is read in the chosen one). */
export const getMyShops = async (signal?: AbortSignal) => (await shopServer.get<{ shops: MyShop[] }>('/v1/shops', signal)).shops;
