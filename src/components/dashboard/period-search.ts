import { dashboardPeriods, type DashboardPeriod } from '@schema/dashboard';
import { oneOf, searchValidator } from '@/lib/search-params';

/** The period a dashboard opens with; left out of the URL (the routes strip it). */
export const DEFAULT_PERIOD: DashboardPeriod = 'month';

/** What a dashboard route strips from its URL: `?period=month` is the default. */
export const PERIOD_SEARCH_DEFAULTS = { period: DEFAULT_PERIOD } as const;

export interface PeriodSearch {
  period: DashboardPeriod;
}

/**
 * A dashboard route's `validateSearch`: `?period=week|month|year`, anything else (missing,
 * misspelt, another case) falls back to the default month, never an error page.
 */
export const periodSearchSchema = searchValidator((search): PeriodSearch => ({ period: oneOf(dashboardPeriods, search.period) ?? DEFAULT_PERIOD }));

/** A dashboard route's `loaderDeps`: its loader runs again when the period changes. */
export const periodLoaderDeps = ({ search }: { search: PeriodSearch }) => ({ period: search.period });
