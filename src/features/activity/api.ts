import type { AuditPage, MyShops } from '@domain/contract/sync-protocol';
import { shopServer } from '@/lib/api-client';

/** The shop server's audit trail (docs/sync.md "Audit trail"), for owners and admins. */

/** Entries per page. */
export const AUDIT_PAGE_SIZE = 50;

export const getAuditPage = (shopId: string, before: number | null, signal?: AbortSignal) =>
  shopServer.get<AuditPage>(`/v1/shops/${encodeURIComponent(shopId)}/audit?limit=${AUDIT_PAGE_SIZE}${before === null ? '' : `&before=${before}`}`, signal);

/** The caller's shops with their role (the activity is read in the chosen one). */
export const getMyShops = async (signal?: AbortSignal) => (await shopServer.get<MyShops>('/v1/shops', signal)).shops;
