import type { RowSelectionState } from '@tanstack/react-table';
import { useCallback, useEffect, useMemo, useReducer, useState, type ReactNode } from 'react';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { undoToast } from '@/components/undo-toast';
import { notify } from '@/lib/notify';
import { DataTable, type DataTableSort } from './data-table';
import { DateRangeFilter } from './date-range-filter';
import { ExportProgressBar } from './export-progress';
import { ImportDialog } from './import-dialog';
import type { ListColumn, ListConfig } from './list-config';
import { apiListQuery, type ListSearch } from './list-search';
import { EmptyState, ErrorState } from './list-states';
import { Pagination } from './pagination';
import { PlainLink } from './plain-link';
import type { RecordId } from './resource-api';
import { SearchInput } from './search-input';
import { mustWrite, NOT_TYPING, typing } from './typed-search';
import { useListQuery } from './use-list-query';
import { BulkActions } from './bulk-actions';
import { QuickView } from './quick-view';
import { RowActions } from './row-actions';
import { useCsvExport } from './use-csv-export';
import { Button, buttonClass } from '@/components/button';
import { t as translate, useT } from '@/i18n/i18n';

export interface ResourceListProps<T> {
  config: ListConfig<T>;
  /** The list's URL state (the route's validated search). */
  search: ListSearch;
  /**
   * Changes the URL state (the route navigates; `replace` for typing). Returns the
   * navigation's promise (searchChanger does), so typing knows when its URL write is done.
   */
  onSearchChange: (next: Partial<ListSearch>, options?: { replace?: boolean }) => void | Promise<void>;
  /** Shown between the heading and the filters (orders: the summary cards and the chart). */
  aboveTable?: ReactNode;
  /**
   * Called after each write this list makes (delete, bulk delete and status, undo), so
   * content that depends on the rows (the orders' cards) refreshes at once, not only when
   * the worker's change announcement arrives.
   */
  onChanged?: () => void;
  /** The page heading's level: 2 when the list sits in a section that has its own h1 (support). */
  headingLevel?: 1 | 2;
  /** A row to show open on arrival (with `config.expand`; e.g. a link to one ticket). */
  initiallyExpanded?: RecordId | undefined;
}

/** The list's query while typed text is not yet in the URL: the typed search's first page. */
const typedQuery = (search: ListSearch, text: string): ListSearch => ({ ...search, search: text, page: 1 });
/** Names a query: requests for equal keys are the same request. */
const queryKey = (query: ListSearch) => JSON.stringify(apiListQuery(query));
const errorMessage = (error: unknown) => (error instanceof Error ? error.message : translate('common.error.generic'));

/**
 * A management list, whole: search as you type, status, exact-value and date-range filters
 * with Reset, sortable columns, paging, selection with bulk delete and status change, delete
 * with undo, streamed CSV export (progress, Cancel) and import, loading, empty and error
 * states, live refresh. An area supplies a ListConfig.
 */
export function ResourceList<T>({ config, search, onSearchChange, aboveTable, onChanged, headingLevel = 1, initiallyExpanded }: ResourceListProps<T>) {
  const { api, noun } = config;
  const t = useT('common');
  /** The list's kind of record: the messages that name it choose their words by it. */
  const kind = config.resource;
  // Typed text is fetched at once and reaches the URL once its rows are painted (below):
  // until then the list shows the typed search's first page (typed-search.ts).
  const [typingState, dispatchTyping] = useReducer(typing, NOT_TYPING);
  const seen = typing(typingState, { type: 'url', url: search.search });
  if (seen !== typingState) dispatchTyping({ type: 'url', url: search.search });
  const { typed } = seen;
  const query: ListSearch = typed ? typedQuery(search, typed.text) : search;
  const { data, fetching, error, retry, prefetch } = useListQuery(config.resource, queryKey(query), (signal) => api.list(query, signal));
  const [selection, setSelection] = useState<RowSelectionState>({});
  const [pendingDelete, setPendingDelete] = useState<T | null>(null);
  const [bulkDeleteOpen, setBulkDeleteOpen] = useState(false);
  const [viewing, setViewing] = useState<T | null>(null);
  const [importOpen, setImportOpen] = useState(false);
  // Bumped by Reset: a fresh search box also drops text typed but not yet sent.
  const [resets, setResets] = useState(0);
  // Rows open in place (config.expand), by id.
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(() => new Set(initiallyExpanded === undefined ? [] : [String(initiallyExpanded)]));
  const toggleExpanded = useCallback(
    (id: string) =>
      setExpanded((open) => {
        const next = new Set(open);
        if (!next.delete(id)) next.add(id);
        return next;
      }),
    [],
  );
  const panelId = useCallback((id: string) => `${config.resource}-${id}-panel`, [config.resource]);

  // A new filter is a new set of rows: what was selected under the old one is dropped.
  // (Adjusted while rendering, React's pattern for state that follows a prop.)
  const { dateRange } = config;
  const filterParams = [...(config.filters ?? []).map((f) => f.param), ...(dateRange ? [dateRange.fromParam, dateRange.toParam] : [])];
  const filterKey = [query.search, search.status, ...filterParams.map((param) => search[param])].join('|');
  const [selectionFilter, setSelectionFilter] = useState(filterKey);
  if (selectionFilter !== filterKey) {
    setSelectionFilter(filterKey);
    setSelection({});
  }

  // A delete can empty the last page: go to the new last page.
  const meta = data?.meta;
  useEffect(() => {
    if (meta && meta.total > 0 && meta.page > meta.totalPages) onSearchChange({ page: meta.totalPages }, { replace: true });
  }, [meta, onSearchChange]);

  const selectedIds = useMemo(() => Object.keys(selection).filter((id) => selection[id]), [selection]);
  const idOf = useCallback((row: T) => String(config.getId(row)), [config]);
  const toRecordIds = (ids: string[]): RecordId[] => ids.map((id) => (/^\d+$/.test(id) ? Number(id) : id));

  const columns = useMemo<Array<ListColumn<T>>>(
    () => [
      ...config.columns,
      {
        id: 'actions',
        enableSorting: false,
        header: () => <span className="sr-only">{translate('common.table.actions')}</span>,
        cell: ({ row }) => (
          <RowActions
            config={config}
            row={row.original}
            open={expanded.has(row.id)}
            panelId={panelId(row.id)}
            onToggle={() => toggleExpanded(row.id)}
            onView={() => setViewing(row.original)}
            onDelete={() => setPendingDelete(row.original)}
          />
        ),
      },
    ],
    [config, expanded, panelId, toggleExpanded, setPendingDelete, setViewing],
  );

  const afterWrite = () => {
    retry();
    onChanged?.();
  };
  const restore = (ids: RecordId[]) => async () => {
    const rows = await api.restore(ids);
    afterWrite();
    return rows;
  };

  const deleteOne = async (row: T) => {
    const id = config.getId(row);
    const label = config.getLabel(row);
    await api.remove(id);
    setSelection(({ [String(id)]: _removed, ...rest }) => rest);
    afterWrite();
    undoToast(t('common.list.deletedOne', { label }), restore([id]), t('common.list.restoredOne', { label }));
  };

  const deleteSelected = async () => {
    const ids = toRecordIds(selectedIds);
    await api.bulkDelete(ids);
    setSelection({});
    afterWrite();
    const what = t('common.list.count', { kind, count: ids.length });
    undoToast(t('common.list.deletedMany', { what, count: ids.length }), restore(ids), t('common.list.restoredMany', { what, count: ids.length }));
  };

  const changeStatus = (status: string) => {
    const ids = toRecordIds(selectedIds);
    const what = t('common.list.count', { kind, count: ids.length });
    const label = config.statuses.find((s) => s.value === status)?.label ?? status;
    void notify
      .promise(api.bulkStatus(ids, status), { loading: t('common.list.updating', { what, count: ids.length }), success: t('common.list.statusSet', { what, status: label, count: ids.length }), error: errorMessage })
      .then(afterWrite, () => undefined);
  };

  const selectAllMatching = () => {
    void api.ids(query).then(
      (ids) => setSelection(Object.fromEntries(ids.map((id) => [String(id), true]))),
      (e: unknown) => notify.error(errorMessage(e)),
    );
  };

  const { running, exportCsv } = useCsvExport(config, () => query);

  const filtered = query.search !== '' || search.status !== undefined || filterParams.some((param) => search[param] !== undefined);
  // A fresh search box also drops text typed but not yet sent, or sent but not yet in the URL.
  const clearFilters = () => {
    dispatchTyping({ type: 'cleared' });
    setResets((n) => n + 1);
    onSearchChange({ search: '', status: undefined, page: 1, ...Object.fromEntries(filterParams.map((param) => [param, undefined])) });
  };
  const onSort = (sort: DataTableSort) => onSearchChange({ sort: sort.field, order: sort.order, page: 1 });
  // The typed search is sent first, ahead of any render; the URL follows once its rows are shown.
  const onSearch = (text: string) => {
    const event = { type: 'typed', text, url: search.search } as const;
    // Typed back to what the URL says: the URL's list (and page) again, nothing to send.
    if (typing(seen, event).typed) {
      const next = typedQuery(search, text);
      prefetch(queryKey(next), (signal) => api.list(next, signal));
    }
    dispatchTyping(event);
  };
  // The typed search's rows (or its error) are shown: now it goes into the URL, after the
  // frame that paints them. Done before, the router's navigation (its URL write and the
  // re-render of the route, the layout and every <Link> that reads the location) held up
  // the request and then the rows.
  const toWrite = mustWrite(seen) && !fetching ? typed?.text : undefined;
  useEffect(() => {
    if (toWrite === undefined) return;
    let write: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      write = setTimeout(() => {
        dispatchTyping({ type: 'writing', text: toWrite });
        const done = () => dispatchTyping({ type: 'written', text: toWrite });
        void Promise.resolve(onSearchChange({ search: toWrite, page: 1 }, { replace: true })).then(done, done);
      });
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(write);
    };
  }, [toWrite, onSearchChange]);

  const emptyMessage = query.search ? t('common.list.noMatch', { kind, search: query.search }) : filtered ? t('common.list.noFilterMatch', { kind }) : t('common.list.empty', { kind });
  const total = data?.meta.total ?? 0;

  return (
    <section className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        {headingLevel === 1 ? <h1 className="text-2xl font-semibold">{config.title}</h1> : <h2 className="text-xl font-semibold">{config.title}</h2>}
        <div className="flex flex-wrap gap-2">
          {config.csv.toInput && (
            <Button variant="secondary" onClick={() => setImportOpen(true)}>
              {t('common.list.importCsv')}
            </Button>
          )}
          <Button variant="secondary" disabled={running !== null} onClick={() => void exportCsv()}>
            {running ? t('common.export.exporting') : t('common.list.exportCsv')}
          </Button>
          {config.createHref && (
            <PlainLink href={config.createHref} className={buttonClass({ variant: 'primary' })}>
              {t('common.list.create', { kind })}
            </PlainLink>
          )}
        </div>
      </div>

      {running && <ExportProgressBar kind={kind} progress={running.progress} onCancel={() => running.controller.abort()} />}

      {aboveTable}

      <div role="search" className="flex flex-wrap items-center gap-2">
        <SearchInput key={resets} label={t('common.list.search', { kind })} placeholder={config.searchPlaceholder} value={query.search} onSearch={onSearch} />
        <label className="sr-only" htmlFor={`${config.resource}-status`}>
          {t('common.list.status')}
        </label>
        <select
          id={`${config.resource}-status`}
          className="input"
          value={search.status ?? ''}
          onChange={(e) => onSearchChange({ status: e.target.value || undefined, page: 1 })}
        >
          <option value="">{t('common.list.allStatuses')}</option>
          {config.statuses.map((s) => (
            <option key={s.value} value={s.value}>
              {s.label}
            </option>
          ))}
        </select>
        {config.filters?.map((filter) => (
          <label key={filter.param} className="contents">
            <span className="sr-only">{filter.label}</span>
            <select
              className="input"
              value={String(search[filter.param] ?? '')}
              onChange={(e) => onSearchChange({ [filter.param]: e.target.value || undefined, page: 1 })}
            >
              <option value="">{filter.allLabel}</option>
              {filter.options.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </select>
          </label>
        ))}
        {dateRange && (
          <DateRangeFilter
            label={dateRange.label}
            from={typeof search[dateRange.fromParam] === 'string' ? String(search[dateRange.fromParam]) : undefined}
            to={typeof search[dateRange.toParam] === 'string' ? String(search[dateRange.toParam]) : undefined}
            onChange={({ from, to }) => onSearchChange({ [dateRange.fromParam]: from, [dateRange.toParam]: to, page: 1 })}
          />
        )}
        <Button variant="secondary" onClick={clearFilters}>
          {t('common.list.reset')}
        </Button>
        {fetching && data && (
          <span role="status" className="text-sm text-slate-500">
            {t('common.loading')}
          </span>
        )}
      </div>

      {selectedIds.length > 0 && (
        <BulkActions
          selected={selectedIds.length}
          total={total}
          statuses={config.statuses}
          onSelectAll={selectAllMatching}
          onClear={() => setSelection({})}
          onStatus={changeStatus}
          onDelete={() => setBulkDeleteOpen(true)}
        />
      )}

      {error && !data ? (
        <ErrorState message={t('common.list.loadFailed', { kind, reason: error.message })} onRetry={retry} />
      ) : (
        <>
          {error && <ErrorState message={t('common.list.refreshFailed', { kind, reason: error.message })} onRetry={retry} />}
          {data && data.meta.total === 0 && !fetching ? (
            <EmptyState
              message={emptyMessage}
              action={
                filtered ? (
                  <Button variant="secondary" onClick={clearFilters}>
                    {t('common.list.clearFilters')}
                  </Button>
                ) : undefined
              }
            />
          ) : (
            <DataTable
              label={config.title}
              columns={columns}
              rows={data?.rows ?? []}
              getRowId={idOf}
              getRowLabel={config.getLabel}
              sort={{ field: search.sort, order: search.order }}
              onSortChange={onSort}
              selection={selection}
              onSelectionChange={setSelection}
              loading={!data}
              stale={fetching && data !== undefined}
              skeletonRows={Math.min(search.pageSize, 10)}
              rowTestId={`${noun.one}-row`}
              expandedIds={expanded}
              renderExpanded={config.expand ? (row) => config.expand?.render(row, afterWrite) : undefined}
              expandedPanelId={panelId}
            />
          )}
          {data && data.meta.total > 0 && (
            <Pagination
              meta={data.meta}
              pageSize={search.pageSize}
              onPageChange={(page) => onSearchChange({ page })}
              onPageSizeChange={(pageSize) => onSearchChange({ pageSize, page: 1 })}
            />
          )}
        </>
      )}

      <ConfirmDialog
        open={pendingDelete !== null}
        onOpenChange={(open) => !open && setPendingDelete(null)}
        title={pendingDelete ? t('common.list.deleteOneTitle', { label: config.getLabel(pendingDelete) }) : ''}
        description={<p>{t('common.list.deleteOneDescription', { kind })}</p>}
        confirmLabel={t('common.action.delete')}
        destructive
        onConfirm={() => (pendingDelete ? deleteOne(pendingDelete) : Promise.resolve())}
      />
      <ConfirmDialog
        open={bulkDeleteOpen}
        onOpenChange={setBulkDeleteOpen}
        title={t('common.list.deleteManyTitle', { what: t('common.list.count', { kind, count: selectedIds.length }), count: selectedIds.length })}
        description={<p>{t('common.list.deleteManyDescription')}</p>}
        confirmLabel={t('common.list.deleteCount', { count: selectedIds.length })}
        destructive
        onConfirm={deleteSelected}
      />
      {config.details && <QuickView title={config.getLabel} details={config.details} kind={kind} row={viewing} onClose={() => setViewing(null)} />}
      {config.csv.toInput && <ImportDialog config={config} toInput={config.csv.toInput} open={importOpen} onOpenChange={setImportOpen} />}
    </section>
  );
}
