import { useCallback, useEffect, useEffectEvent, useState } from 'react';
import { requestSlot } from './request-slot';
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
  /**
   * Sends the request for `key` now, before a render asks for it: the render that then
   * asks for `key` takes this request over instead of sending another. Typing uses it, so
   * the search leaves when the debounce ends, not after the re-render it causes.
   */
  prefetch: (key: string, fetchPage: (signal: AbortSignal) => Promise<Data>) => void;
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
  const [slot] = useState(requestSlot);
  // The fetcher closes over the current query; `key` says when it changed.
  const fetchCurrent = useEffectEvent((signal: AbortSignal) => fetchPage(signal));

  const send = useCallback(
    (request: string, fetch: (signal: AbortSignal) => Promise<Data>) =>
      slot.send(request, fetch, (outcome) =>
        setSettled((previous) => ('data' in outcome ? { request, data: outcome.data, error: null } : { request, data: previous.data, error: outcome.error })),
      ),
    [slot],
  );

  useEffect(() => {
    // Already sent ahead of this render (prefetch): its answer is on its way.
    if (!slot.sent(request)) send(request, (signal) => fetchCurrent(signal));
  }, [request, send, slot]);
  // Leaving the screen aborts the request in flight.
  useEffect(() => () => slot.stop(), [slot]);

  const retry = useCallback(() => setReloads((n) => n + 1), []);
  useEffect(() => onResourceChange(resource, retry), [resource, retry]);
  const prefetch = useCallback((next: string, fetch: (signal: AbortSignal) => Promise<Data>) => send(`${next}#${reloads}`, fetch), [send, reloads]);

  return { data: settled.data, fetching: settled.request !== request, error: settled.error, retry, prefetch };
}
