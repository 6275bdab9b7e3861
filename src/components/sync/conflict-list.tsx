import { useCallback, useEffect, useMemo, useState } from 'react';
import { Button } from '@/components/button';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { EmptyState, ErrorState } from '@/components/data-table/list-states';
import { PageLoading } from '@/components/page-loading';
import { messageOf } from '@/lib/error-message';
import { notify } from '@/lib/notify';
import {
  dismissSyncConflict,
  dismissSyncConflicts,
  getSyncConflictPage,
  isOverwritten,
  markSyncConflictsSeen,
  putBackSyncConflict,
  putBackSyncConflicts,
  type ConflictPage,
  type ConflictQuery,
  type ConflictsBulkAnswer,
  type SyncConflict,
} from '@/lib/shop-sync';
import { conflictKinds, conflictTypes, type ConflictKind, type ConflictType } from '@domain/contract/sync';
import { conflictTitle, formatConflictValue } from './describe-conflict';
import { useReloadOnSync } from './use-reload-on-sync';
import { checkboxClass, ConflictRows } from './conflict-item';

export interface ConflictListProps {
  /** The page and filters, from the URL (`?page=&kind=&type=`). */
  search: ConflictQuery;
  onSearchChange: (search: ConflictQuery) => void;
  /** Read again when it changes (a stuck change was discarded into the list). */
  refresh?: number;
}

const kindLabels: Record<ConflictKind, string> = { users: 'Users', products: 'Products', orders: 'Orders', invoices: 'Invoices', reviews: 'Reviews', tickets: 'Tickets', files: 'Images' };
const typeLabels: Record<ConflictType, string> = { refused: 'Refused', overwritten: 'Overwritten' };
const entries = (n: number) => `${n.toLocaleString('en-US')} ${n === 1 ? 'entry' : 'entries'}`;

/**
 * The page of the list the URL names, read again after each sync, a shop switch and `refresh`.
 * Each answer marks the list seen (the header's count goes): the page is open.
 */
function useConflictPage(search: ConflictQuery, refresh: number) {
  const [state, setState] = useState<{ data?: ConflictPage; error: Error | null }>({ error: null });
  const [reloads, setReloads] = useState(0);
  const { page, kind, type } = search;
  useEffect(() => {
    const controller = new AbortController();
    getSyncConflictPage({ page, ...(kind ? { kind } : {}), ...(type ? { type } : {}) }, controller.signal).then(
      (data) => {
        setState({ data, error: null });
        void markSyncConflictsSeen().catch(() => {});
      },
      (error: unknown) => {
        if (!controller.signal.aborted) setState((previous) => ({ ...previous, error: error instanceof Error ? error : new Error(String(error)) }));
      },
    );
    return () => controller.abort();
  }, [page, kind, type, reloads, refresh]);
  const reload = useCallback(() => setReloads((n) => n + 1), []);
  useReloadOnSync(reload);
  return { ...state, reload };
}

/** The kind and type filters: each choice a new URL (page 1). */
function ConflictFilters({ data, search, onSearchChange }: { data: ConflictPage } & Pick<ConflictListProps, 'search' | 'onSearchChange'>) {
  const set = (next: Partial<ConflictQuery>) => {
    const merged = { ...search, ...next, page: 1 };
    onSearchChange({ page: 1, ...(merged.kind ? { kind: merged.kind } : {}), ...(merged.type ? { type: merged.type } : {}) });
  };
  return (
    <div role="group" aria-label="Filter the list" className="flex flex-wrap items-end gap-3 text-sm">
      <label className="flex flex-col gap-1">
        <span>Kind</span>
        <select className="input py-1" value={search.kind ?? ''} onChange={(event) => set({ kind: (event.target.value || undefined) as ConflictKind | undefined })}>
          <option value="">All kinds ({data.all.toLocaleString('en-US')})</option>
          {conflictKinds.map((kind) => (
            <option key={kind} value={kind}>
              {kindLabels[kind]} ({(data.kinds[kind] ?? 0).toLocaleString('en-US')})
            </option>
          ))}
        </select>
      </label>
      <label className="flex flex-col gap-1">
        <span>Show</span>
        <select className="input py-1" value={search.type ?? ''} onChange={(event) => set({ type: (event.target.value || undefined) as ConflictType | undefined })}>
          <option value="">Refused and overwritten</option>
          {conflictTypes.map((type) => (
            <option key={type} value={type}>
              {typeLabels[type]} only
            </option>
          ))}
        </select>
      </label>
    </div>
  );
}

/** "Showing 51–63 of 63", previous and next. */
function ConflictPager({ data, onPage }: { data: ConflictPage; onPage: (page: number) => void }) {
  const last = Math.max(1, Math.ceil(data.total / data.pageSize));
  const first = (data.page - 1) * data.pageSize;
  return (
    <nav aria-label="Pages of the list" className="flex flex-wrap items-center justify-between gap-3 text-sm">
      <p aria-live="polite">{`Showing ${first + 1}–${first + data.conflicts.length} of ${data.total.toLocaleString('en-US')}`}</p>
      <div className="flex items-center gap-2">
        <Button variant="secondary" size="narrow" disabled={data.page <= 1} onClick={() => onPage(data.page - 1)} aria-label="Previous page">
          ‹ Previous
        </Button>
        <span aria-current="page">
          Page {data.page} of {last}
        </span>
        <Button variant="secondary" size="narrow" disabled={data.page >= last} onClick={() => onPage(data.page + 1)} aria-label="Next page">
          Next ›
        </Button>
      </div>
    </nav>
  );
}

/** What a bulk call did, said once: how many were done, and why the others were not (they stay selected). */
function reportBulk(answer: ConflictsBulkAnswer, done: string) {
  if (answer.done.length > 0) notify.success(`${done}: ${entries(answer.done.length)}.`);
  if (answer.failed.length > 0) {
    const first = answer.failed[0]!;
    const more = answer.failed.length > 1 ? ` (and ${entries(answer.failed.length - 1)} more)` : '';
    notify.error(`${entries(answer.failed.length)} could not be: ${first.message}${more}`);
  }
}

/**
 * The Sync page's list of refused and overwritten changes: a page of 50, filters by kind and
 * type (in the URL), each entry's own actions, and many selected (on the page, or every
 * matching entry) put back or dismissed together, a dismissal confirmed.
 */
export function ConflictList({ search, onSearchChange, refresh = 0 }: ConflictListProps) {
  const { data, error, reload } = useConflictPage(search, refresh);
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [busy, setBusy] = useState<number | 'bulk' | null>(null);
  const [dismissing, setDismissing] = useState<SyncConflict | readonly number[] | null>(null);
  const matching = useMemo(() => new Set(data?.ids ?? []), [data]);
  // Entries gone from the list (put back, dismissed, or filtered away) leave the selection.
  const chosen = useMemo(() => [...selected].filter((id) => matching.has(id)), [selected, matching]);
  const page = data?.page;
  const lastPage = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;
  // A page emptied by a bulk action (or a stale URL): the last page that has entries.
  useEffect(() => {
    if (page !== undefined && page > lastPage) onSearchChange({ ...search, page: lastPage });
  }, [page, lastPage, search, onSearchChange]);

  if (error && !data) return <ErrorState message={error.message} onRetry={reload} />;
  if (!data) return <PageLoading />;
  if (data.all === 0) return <EmptyState message="Nothing to look at: every change this device sent was applied as it made it." />;

  const onPage = data.conflicts.flatMap((conflict) => (conflict.id === undefined ? [] : [conflict.id]));
  const pageSelected = onPage.filter((id) => selected.has(id)).length;
  const select = (ids: readonly number[], on: boolean) =>
    setSelected((previous) => {
      const next = new Set(previous);
      for (const id of ids) {
        if (on) next.add(id);
        else next.delete(id);
      }
      return next;
    });

  const run = async (action: () => Promise<void>) => {
    if (busy !== null) return;
    try {
      await action();
    } catch (caught) {
      notify.error(messageOf(caught));
    } finally {
      setBusy(null);
      reload();
    }
  };
  const putBackOne = (conflict: SyncConflict) =>
    void run(async () => {
      if (conflict.id === undefined) return;
      setBusy(conflict.id);
      await putBackSyncConflict(conflict.id);
      notify.success(`Your value is back: ${conflictTitle(conflict)}. It syncs like any change.`);
    });
  const putBackChosen = () =>
    void run(async () => {
      setBusy('bulk');
      const answer = await putBackSyncConflicts(chosen);
      select(answer.done, false);
      reportBulk(answer, 'Your values are back and sync like any change');
    });

  return (
    <div className="space-y-3">
      <ConflictFilters data={data} search={search} onSearchChange={onSearchChange} />
      {error && <ErrorState message={error.message} onRetry={reload} />}
      {data.total === 0 ? (
        <EmptyState
          message="No entry matches these filters."
          action={
            <Button variant="secondary" onClick={() => onSearchChange({ page: 1 })}>
              Show every entry
            </Button>
          }
        />
      ) : (
        <>
          <div className="flex flex-wrap items-center gap-2 rounded-lg border border-slate-200 p-2 text-sm dark:border-slate-700">
            <label className="flex items-center gap-2 px-1">
              <input
                type="checkbox"
                className={checkboxClass.replace('mt-1 ', '')}
                checked={onPage.length > 0 && pageSelected === onPage.length}
                ref={(el) => {
                  if (el) el.indeterminate = pageSelected > 0 && pageSelected < onPage.length;
                }}
                onChange={(event) => select(onPage, event.target.checked)}
              />
              <span>Select all on this page</span>
            </label>
            {chosen.length > 0 && (
              <div role="region" aria-label="Selection" className="flex flex-wrap items-center gap-2">
                <span className="font-medium" aria-live="polite">
                  {chosen.length.toLocaleString('en-US')} selected
                </span>
                {chosen.length < data.total && (
                  <Button variant="secondary" onClick={() => select(data.ids, true)}>
                    Select all {data.total.toLocaleString('en-US')} matching
                  </Button>
                )}
                <Button variant="secondary" onClick={() => setSelected(new Set())}>
                  Clear selection
                </Button>
                <Button variant="primary" disabled={busy !== null} aria-busy={busy === 'bulk'} onClick={putBackChosen}>
                  Put back {chosen.length.toLocaleString('en-US')}
                </Button>
                <Button variant="dangerOutline" disabled={busy !== null} onClick={() => setDismissing(chosen)}>
                  Dismiss {chosen.length.toLocaleString('en-US')}…
                </Button>
              </div>
            )}
          </div>
          <ConflictRows
            conflicts={data.conflicts}
            busyId={typeof busy === 'number' ? busy : null}
            onPutBack={putBackOne}
            onDismiss={setDismissing}
            isSelected={(conflict) => conflict.id !== undefined && selected.has(conflict.id)}
            onSelectedChange={(conflict, on) => conflict.id !== undefined && select([conflict.id], on)}
          />
          <ConflictPager data={data} onPage={(next) => onSearchChange({ ...search, page: next })} />
        </>
      )}
      <p className="text-sm text-slate-600 dark:text-slate-400">
        The shop shows what the server kept. “Put my value back” makes your change again, as a new change the team then sees (a refused creation or deletion cannot be: make it again if it is still
        needed); “Dismiss” only removes the entry from this list.
      </p>
      <ConfirmDialog
        open={dismissing !== null}
        onOpenChange={(open) => {
          if (!open) setDismissing(null);
        }}
        title={dismissing === null ? '' : Array.isArray(dismissing) ? `Dismiss ${entries(dismissing.length)}?` : `Dismiss “${conflictTitle(dismissing as SyncConflict)}”?`}
        description={dismissDescription(dismissing)}
        confirmLabel="Dismiss"
        destructive
        onConfirm={async () => {
          const target = dismissing;
          if (target === null) return;
          if (Array.isArray(target)) {
            const answer = await dismissSyncConflicts(target);
            select(answer.done, false);
            reportBulk(answer, 'Dismissed');
          } else {
            const one = target as SyncConflict;
            if (one.id === undefined) return;
            await dismissSyncConflict(one.id);
            notify.success('Dismissed');
          }
          reload();
        }}
      />
    </div>
  );
}

function dismissDescription(dismissing: SyncConflict | readonly number[] | null): string {
  if (dismissing === null) return '';
  if (Array.isArray(dismissing)) return `Your values in these ${entries(dismissing.length)} are forgotten and the shop keeps what the server has. This cannot be undone.`;
  const one = dismissing as SyncConflict;
  return isOverwritten(one)
    ? `Your value (${formatConflictValue(one.yours)}) is forgotten and the shop keeps ${formatConflictValue(one.kept)}. This cannot be undone.`
    : 'Your refused change is forgotten; the shop stays as the server keeps it. This cannot be undone.';
}
