// zod/mini: route search schemas are evaluated with the route tree, at start-up.
import * as z from 'zod/mini';
import { syncedKinds } from '@domain/contract/sync-protocol/synced-kinds';
import { isCalendarDay } from '@/components/data-table/list-search';
import type { AuditFilter } from '../api';

/**
 * Settings → Activity's URL state: `?member=<uid>&kind=<kind>&day=YYYY-MM-DD`. A bad value
 * falls back to no filter (never an error page), so a stale or hand-edited link still opens.
 */
export const activitySearchSchema = z.object({
  member: z.catch(z.optional(z.string().check(z.trim(), z.minLength(1), z.maxLength(128))), undefined),
  kind: z.catch(z.optional(z.enum(syncedKinds)), undefined),
  day: z.catch(z.optional(z.string().check(z.refine(isCalendarDay))), undefined),
});
export type ActivitySearch = z.infer<typeof activitySearchSchema>;

/** The day from its local midnight to the next (a day of 23 or 25 hours when the clocks change), as ISO instants. */
export function dayBounds(day: string): { since: string; until: string } {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return { since: new Date(year, month - 1, date).toISOString(), until: new Date(year, month - 1, date + 1).toISOString() };
}

/** What the server is asked for the page's filters. */
export function auditFilterOf(search: ActivitySearch): AuditFilter {
  return { uid: search.member, kind: search.kind, ...(search.day ? dayBounds(search.day) : {}) };
}
