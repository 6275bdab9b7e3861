import { useCallback, useEffect, useMemo, useState } from 'react';
import { Button } from '@/components/button';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { EmptyState, ErrorState } from '@/components/data-table/list-states';
import { PageLoading } from '@/components/page-loading';
import { messageOf } from '@/lib/error-message';
import { translatedMessage } from '@/lib/translated-message';
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
import { t, useT } from '@/i18n/i18n';

export interface ConflictListProps {
  /** The page and filters, from the URL (`?page=&kind=&type=`). */
  search: ConflictQuery;
  onSearchChange: (search: ConflictQuery) => void;
  /** Read again when it changes (a stuck change was discarded into the list). */
  refresh?: number;
}

const kindLabels: Record<ConflictKind, string> = {
  users: 'sync.kinds.users',
  products: 'sync.kinds.products',
  orders: 'sync.kinds.orders',
  invoices: 'sync.kinds.invoices',
  reviews: 'sync.kinds.reviews',
  tickets: 'sync.kinds.tickets',
  files: 'sync.kinds.files',
};
const typeLabels: Record<ConflictType, string> = { refused: 'sync.filters.refusedOnly', overwritten: 'sync.filters.overwrittenOnly' };

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
  const t = useT('sync');
  const set = (next: Partial<ConflictQuery>) => {
    const merged = { ...search, ...next, page: 1 };
    onSearchChange({ page: 1, ...(merged.kind ? { kind: merged.kind } : {}), ...(merged.type ? { type: merged.type } : {}) });
  };
  return (
    <div role="group" aria-label={t('sync.filters.label')} className="flex flex-wrap items-end gap-3 text-sm">
      <label className="flex flex-col gap-1">
        <span>{t('sync.filters.kind')}</span>
        <select className="input py-1" value={search.kind ?? ''} onChange={(event) => set({ kind: (event.target.value || undefined) as ConflictKind | undefined })}>
          <option value="">{t('sync.filters.allKinds', { count: data.all })}</option>
          {conflictKinds.map((kind) => (
            <option key={kind} value={kind}>
              {t(kindLabels[kind], { count: data.kinds[kind] ?? 0 })}
            </option>
          ))}
        </select>
      </label>
      <label className="flex flex-col gap-1">
        <span>{t('sync.filters.show')}</span>
        <select className="input py-1" value={search.type ?? ''} onChange={(event) => set({ type: (event.target.value || undefined) as ConflictType | undefined })}>
          <option value="">{t('sync.filters.both')}</option>
          {conflictTypes.map((type) => (
            <option key={type} value={type}>
              {t(typeLabels[type])}
            </option>
          ))}
        </select>
      </label>
    </div>
  );
}

/** "Showing 51–63 of 63", previous and next. */
function ConflictPager({ data, onPage }: { data: ConflictPage; onPage: (page: number) => void }) {
  const t = useT('sync');
  const last = Math.max(1, Math.ceil(data.total / data.pageSize));
  const first = (data.page - 1) * data.pageSize;
  return (
    <nav aria-label={t('sync.pager.label')} className="flex flex-wrap items-center justify-between gap-3 text-sm">
      <p aria-live="polite">{t('sync.pager.showing', { from: first + 1, to: first + data.conflicts.length, total: data.total })}</p>
      <div className="flex items-center gap-2">
        <Button variant="secondary" size="narrow" disabled={data.page <= 1} onClick={() => onPage(data.page - 1)} aria-label={t('sync.pager.previousLabel')}>
          {t('sync.pager.previous')}
        </Button>
        <span aria-current="page">
          {t('sync.pager.page', { page: data.page, last })}
        </span>
        <Button variant="secondary" size="narrow" disabled={data.page >= last} onClick={() => onPage(data.page + 1)} aria-label={t('sync.pager.nextLabel')}>
          {t('sync.pager.next')}
        </Button>
      </div>
    </nav>
  );
}

/** What a bulk call did, said once: how many were done, and why the others were not (they stay selected). */
function reportBulk(answer: ConflictsBulkAnswer, done: 'putBack' | 'dismissed') {
  if (answer.done.length > 0) notify.success(t('sync.bulk.done', { action: done, count: answer.done.length }));
  if (answer.failed.length > 0) {
    const first = answer.failed[0]!;
    notify.error(t('sync.bulk.failed', { count: answer.failed.length, reason: translatedMessage(first.message), more: answer.failed.length - 1 }));
  }
}

/**
 * The Sync page's list of refused and overwritten changes: a page of 50, filters by kind and
 * type (in the URL), each entry's own actions, and many selected (on the page, or every
 * matching entry) put back or dismissed together, a dismissal confirmed.
 */
export function ConflictList({ search, onSearchChange, refresh = 0 }: ConflictListProps) {
  const t = useT('sync');
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

  if (error && !data) return <ErrorState message={messageOf(error)} onRetry={reload} />;
  if (!data) return <PageLoading />;
  if (data.all === 0) return <EmptyState message={t('sync.list.nothing')} />;

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
      notify.success(t('sync.list.putBackOne', { title: conflictTitle(conflict) }));
    });
  const putBackChosen = () =>
    void run(async () => {
      setBusy('bulk');
      const answer = await putBackSyncConflicts(chosen);
      select(answer.done, false);
      reportBulk(answer, 'putBack');
    });

  return (
    <div className="space-y-3">
      <ConflictFilters data={data} search={search} onSearchChange={onSearchChange} />
      {error && <ErrorState message={messageOf(error)} onRetry={reload} />}
      {data.total === 0 ? (
        <EmptyState
          message={t('sync.list.noMatch')}
          action={
            <Button variant="secondary" onClick={() => onSearchChange({ page: 1 })}>
              {t('sync.list.showAll')}
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
              <span>{t('sync.list.selectPage')}</span>
            </label>
            {chosen.length > 0 && (
              <div role="region" aria-label={t('sync.list.selection')} className="flex flex-wrap items-center gap-2">
                <span className="font-medium" aria-live="polite">
                  {t('sync.list.selected', { count: chosen.length })}
                </span>
                {chosen.length < data.total && (
                  <Button variant="secondary" onClick={() => select(data.ids, true)}>
                    {t('sync.list.selectMatching', { count: data.total })}
                  </Button>
                )}
                <Button variant="secondary" onClick={() => setSelected(new Set())}>
                  {t('sync.list.clearSelection')}
                </Button>
                <Button variant="primary" disabled={busy !== null} aria-busy={busy === 'bulk'} onClick={putBackChosen}>
                  {t('sync.list.putBackMany', { count: chosen.length })}
                </Button>
                <Button variant="dangerOutline" disabled={busy !== null} onClick={() => setDismissing(chosen)}>
                  {t('sync.list.dismissMany', { count: chosen.length })}
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
        {t('sync.list.explain')}
      </p>
      <ConfirmDialog
        open={dismissing !== null}
        onOpenChange={(open) => {
          if (!open) setDismissing(null);
        }}
        title={dismissing === null ? '' : Array.isArray(dismissing) ? t('sync.dismiss.titleMany', { count: dismissing.length }) : t('sync.dismiss.titleOne', { title: conflictTitle(dismissing as SyncConflict) })}
        description={dismissDescription(dismissing)}
        confirmLabel={t('sync.item.dismiss')}
        destructive
        onConfirm={async () => {
          const target = dismissing;
          if (target === null) return;
          if (Array.isArray(target)) {
            const answer = await dismissSyncConflicts(target);
            select(answer.done, false);
            reportBulk(answer, 'dismissed');
          } else {
            const one = target as SyncConflict;
            if (one.id === undefined) return;
            await dismissSyncConflict(one.id);
            notify.success(t('sync.dismiss.done'));
          }
          reload();
        }}
      />
    </div>
  );
}

function dismissDescription(dismissing: SyncConflict | readonly number[] | null): string {
  if (dismissing === null) return '';
  if (Array.isArray(dismissing)) return t('sync.dismiss.textMany', { count: dismissing.length });
  const one = dismissing as SyncConflict;
  return isOverwritten(one) ? t('sync.dismiss.textOverwritten', { yours: formatConflictValue(one.yours), kept: formatConflictValue(one.kept) }) : t('sync.dismiss.textRefused');
}
