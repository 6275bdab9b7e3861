import { useCallback, useEffect, useEffectEvent, useState } from 'react';
import { latestOnly } from './latest-only';
import { onResourceChange } from '@/pwa/live-refresh';

export interface ListQueryState<Data> {
  /** The last answer, kept while a newer one loads (the table dims it), undefined before the first. */
  data: Data | undefined;
  /** A request is in flight. */
  fetching: boolean;
  /** The last request's failure (cleared by the next success). */
  error: Error | null;
  /** Asks again with the same parameters. */
  retry: () => void;
}

interface Settled<Data> {
  /** Which request this answers (`key#reloads`). */
  request: string;
  data: Data | undefined;
  error: Error | null;
}

/**
 * Fetches a list page for `key` (the serialised query) and again whenever the resource
 * changes (live refresh, any tab). A newer request aborts the one before, and an answer
 * that is not for the newest request is ignored, so a slow, stale answer never
 * overwrites a newer one. The previous data stays until the new data arrives.
 */
export function useListQuery<Data>(resource: string, key: string, fetchPage: (signal: AbortSignal) => Promise<Data>): ListQueryState<Data> {
  const [reloads, setReloads] = useState(0);
  const [settled, setSettled] = useState<Settled<Data>>({ request: '', data: undefined, error: null });
  const request = `${key}#${reloads}`;
  const [requests] = useState(latestOnly);
  // The fetcher closes over the current query; `key` says when it changed.
  const fetchCurrent = useEffectEvent((signal: AbortSignal) => fetchPage(signal));

  useEffect(() => {
    const ticket = requests.start();
    const controller = new AbortController();
    fetchCurrent(controller.signal).then(
      (data) => {
        if (ticket.isNewest()) setSettled({ request, data, error: null });
      },
      (failure: unknown) => {
        if (!ticket.isNewest() || controller.signal.aborted) return;
        const error = failure instanceof Error ? failure : new Error(String(failure));
        setSettled((previous) => ({ request, data: previous.data, error }));
      },
    );
    return () => controller.abort();
  }, [request, requests]);

  const retry = useCallback(() => setReloads((n) => n + 1), []);
  useEffect(() => onResourceChange(resource, retry), [resource, retry]);

  return { data: settled.data, fetching: settled.request !== request, error: settled.error, retry };
}
