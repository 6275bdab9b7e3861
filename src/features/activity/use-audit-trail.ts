import { useCallback, useEffect, useState } from 'react';
import type { AuditEntry, AuditPage } from '@domain/contract/sync-protocol';
import { getAuditPage, type AuditFilter } from './api';

/** The pages of a shop's trail read so far, newest first. */
export interface AuditTrail {
  entries: AuditEntry[];
  /** The `before` of the next page; null once the oldest entry is shown. */
  next: number | null;
}

/** A page added after the ones shown: an entry already shown (same seq) is not shown twice. */
export function withPage(trail: AuditTrail, page: AuditPage): AuditTrail {
  const shown = new Set(trail.entries.map((entry) => entry.seq));
  return { entries: [...trail.entries, ...page.entries.filter((entry) => !shown.has(entry.seq))], next: page.next };
}

interface State {
  /** Which shop and attempt the state is for: another key means its first page is loading. */
  key: string;
  trail?: AuditTrail;
  error: Error | null;
  loadingMore: boolean;
  moreError: Error | null;
}

const asError = (error: unknown) => (error instanceof Error ? error : new Error(String(error)));

/**
 * The shop's audit trail, a page at a time: the first on mount (and on `retry`, another shop
 * or another filter), the next ones on `loadMore`. An answer for another shop, filter or
 * attempt is dropped.
 */
export function useAuditTrail(shopId: string, filter: AuditFilter = {}) {
  const [attempt, setAttempt] = useState(0);
  const { uid, kind, since, until } = filter;
  const key = JSON.stringify([shopId, uid, kind, since, until, attempt]);
  const [state, setState] = useState<State>({ key: '', error: null, loadingMore: false, moreError: null });
  useEffect(() => {
    const controller = new AbortController();
    getAuditPage(shopId, null, { uid, kind, since, until }, controller.signal).then(
      (page) => setState({ key, trail: withPage({ entries: [], next: null }, page), error: null, loadingMore: false, moreError: null }),
      (error: unknown) => {
        if (!controller.signal.aborted) setState({ key, error: asError(error), loadingMore: false, moreError: null });
      },
    );
    return () => controller.abort();
  }, [key, shopId, uid, kind, since, until]);

  const mine = state.key === key ? state : undefined;
  const next = mine?.trail?.next ?? null;
  const busy = mine?.loadingMore ?? false;
  const loadMore = useCallback(() => {
    if (next === null || busy) return;
    setState((previous) => (previous.key === key ? { ...previous, loadingMore: true, moreError: null } : previous));
    getAuditPage(shopId, next, { uid, kind, since, until }).then(
      (page) => setState((previous) => (previous.key === key && previous.trail ? { ...previous, trail: withPage(previous.trail, page), loadingMore: false } : previous)),
      (error: unknown) => setState((previous) => (previous.key === key ? { ...previous, loadingMore: false, moreError: asError(error) } : previous)),
    );
  }, [key, shopId, uid, kind, since, until, next, busy]);
  const retry = useCallback(() => setAttempt((n) => n + 1), []);

  return { trail: mine?.trail, error: mine?.error ?? null, loadingMore: busy, moreError: mine?.moreError ?? null, loadMore, retry };
}
