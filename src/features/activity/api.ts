import type { AuditPage, MembersAnswer, MyShops, SyncedKind } from '@domain/contract/sync-protocol';
import { shopServer } from '@/lib/api-client';

/** The shop server's audit trail (docs/sync.md "Audit trail"), for owners and admins. */

/** Entries per page. */
export const AUDIT_PAGE_SIZE = 50;

/** Which lines the trail is read for: one member's, about one kind of record, within a time span (ISO instants). */
export interface AuditFilter {
  uid?: string | undefined;
  kind?: SyncedKind | undefined;
  since?: string | undefined;
  until?: string | undefined;
}

/** The query of a page: its size, where it starts, and the filter's parameters that are set. */
export function auditQuery(before: number | null, filter: AuditFilter = {}): string {
  const params = new URLSearchParams({ limit: String(AUDIT_PAGE_SIZE) });
  if (before !== null) params.set('before', String(before));
  for (const key of ['uid', 'kind', 'since', 'until'] as const) {
    const value = filter[key];
    if (value) params.set(key, value);
  }
  return params.toString();
}

export const getAuditPage = (shopId: string, before: number | null, filter: AuditFilter = {}, signal?: AbortSignal) =>
  shopServer.get<AuditPage>(`/v1/shops/${encodeURIComponent(shopId)}/audit?${auditQuery(before, filter)}`, signal);

/** The caller's shops with their role (the activity is read in the chosen one). */
export const getMyShops = async (signal?: AbortSignal) => (await shopServer.get<MyShops>('/v1/shops', signal)).shops;

/** The shop's members and signed-in customers: whom the trail can be filtered by. */
export const getShopPeople = (shopId: string, signal?: AbortSignal) => shopServer.get<MembersAnswer>(`/v1/shops/${encodeURIComponent(shopId)}/members`, signal);
