import { useEffect } from 'react';
import { useListQuery, type ListQueryState } from '@/components/data-table/use-list-query';
import { onResourceChange } from '@/pwa/live-refresh';

/**
 * Fetches a dashboard for `key` (its name and period) and again whenever one of the
 * `resources` it is computed from changes, in any tab (the worker's change channel). As with
 * the lists, a newer request aborts the older and the last answer stays while the next loads.
 */
export function useDashboardQuery<Data>(
  resources: readonly [string, ...string[]],
  key: string,
  fetch: (signal: AbortSignal) => Promise<Data>,
  /** An answer already at hand for `key` (prefetched by the route): shown until the query's own. */
  early?: Data,
): ListQueryState<Data> {
  const [first, ...others] = resources;
  const state = useListQuery(first, key, fetch);
  const { retry } = state;
  const othersKey = others.join(',');
  useEffect(() => {
    const stops = othersKey ? othersKey.split(',').map((resource) => onResourceChange(resource, retry)) : [];
    return () => stops.forEach((stop) => stop());
  }, [othersKey, retry]);
  return state.data === undefined && !state.error && early !== undefined ? { ...state, data: early } : state;
}
