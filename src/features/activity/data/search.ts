import type { SyncedKind } from '@domain/contract/sync-protocol';
import { syncedKinds } from '@domain/contract/sync-protocol/synced-kinds';
import { calendarDay, oneOf, searchValidator, text } from '@/lib/search-params';
import type { AuditFilter } from '../api';

export interface ActivitySearch {
  member?: string | undefined;
  kind?: SyncedKind | undefined;
  day?: string | undefined;
}

/**
 * Settings → Activity's URL state: `?member=<uid>&kind=<kind>&day=YYYY-MM-DD`. A bad value
 * falls back to no filter (never an error page), so a stale or hand-edited link still opens.
 */
export const activitySearchSchema = searchValidator(
  (search): ActivitySearch => ({ member: text(search.member, 128, { trim: true }) || undefined, kind: oneOf(syncedKinds, search.kind), day: calendarDay(search.day) }),
);

/** The day from its local midnight to the next (a day of 23 or 25 hours when the clocks change), as ISO instants. */
export function dayBounds(day: string): { since: string; until: string } {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return { since: new Date(year, month - 1, date).toISOString(), until: new Date(year, month - 1, date + 1).toISOString() };
}

/** What the server is asked for the page's filters. */
export function auditFilterOf(search: ActivitySearch): AuditFilter {
  return { uid: search.member, kind: search.kind, ...(search.day ? dayBounds(search.day) : {}) };
}
