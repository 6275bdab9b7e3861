import {
  flexRender,
  getCoreRowModel,
  useReactTable,
  type OnChangeFn,
  type Row,
  type RowSelectionState,
  type SortingState,
} from '@tanstack/react-table';
import { Fragment, memo, useMemo, type ReactElement, type ReactNode } from 'react';
import type { ListColumn } from './list-config';
import type { SortOrder } from './list-search';
import { currentLocale, t } from '@/i18n/i18n';

export interface DataTableSort {
  field: string | undefined;
  order: SortOrder | undefined;
}

export interface DataTableProps<T> {
  /** Names the table for assistive technology ("Users"). */
  label: string;
  columns: Array<ListColumn<T>>;
  rows: T[];
  getRowId: (row: T) => string;
  /** Names a row for its checkbox ("Select Amelia Hart"). */
  getRowLabel: (row: T) => string;
  /** The sort the URL holds; the column id is the API's sort field. */
  sort: DataTableSort;
  onSortChange: (sort: DataTableSort) => void;
  selection: RowSelectionState;
  onSelectionChange: OnChangeFn<RowSelectionState>;
  /** No data yet: skeleton rows. */
  loading: boolean;
  /** Newer data is loading: the rows shown are dimmed. */
  stale: boolean;
  skeletonRows: number;
  /** data-testid of each body row (tests find rows by it). */
  rowTestId: string;
  /** Rows open in place (by id): each is followed by a full-width row with `renderExpanded`'s content. */
  expandedIds?: ReadonlySet<string>;
  renderExpanded?: (row: T) => ReactNode;
  /** The DOM id of a row's open panel (its toggle's `aria-controls`). */
  expandedPanelId?: (rowId: string) => string;
}

/** Sticky first columns keep the row's name in view while the table scrolls sideways on a phone. */
const stickyCell = 'sticky z-10 bg-white dark:bg-slate-900';

/**
 * Where a column sticks: the checkbox and the first column at the start; the row actions
 * (an `actions` column, last) at the end from tablet width up, so they stay in reach however wide the table is.
 */
function stickiness(index: number, columnId: string, header: boolean): string {
  const surface = header ? 'bg-slate-50 dark:bg-slate-800' : '';
  if (index === 0) return `${stickyCell} start-0 w-10 ${surface}`;
  if (index === 1) return `${stickyCell} start-10 ${surface}`;
  // From tablet width up: on a phone the start columns already take most of the screen.
  if (columnId === 'actions') return `md:sticky md:z-10 md:end-0 bg-white dark:bg-slate-900 ${surface}`;
  return '';
}

/**
 * The list kit's table: TanStack Table (headless) with server-side sorting and paging.
 * Sorting cycles a column through ascending, descending and the list's default order;
 * rows are selected by id, so a selection survives paging and live refreshes.
 */
export function DataTable<T>({
  label,
  columns,
  rows,
  getRowId,
  getRowLabel,
  sort,
  onSortChange,
  selection,
  onSelectionChange,
  loading,
  stale,
  skeletonRows,
  rowTestId,
  expandedIds,
  renderExpanded,
  expandedPanelId,
}: DataTableProps<T>) {
  const sorting: SortingState = useMemo(() => (sort.field ? [{ id: sort.field, desc: sort.order === 'desc' }] : []), [sort.field, sort.order]);
  const allColumns = useMemo(() => [selectionColumn<T>(label, getRowLabel), ...columns], [columns, label, getRowLabel]);
  // TanStack Table returns fresh functions each render; the compiler rightly skips memoising this component.
  // eslint-disable-next-line react-hooks/incompatible-library
  const table = useReactTable({
    data: rows,
    columns: allColumns,
    getRowId,
    getCoreRowModel: getCoreRowModel(),
    manualSorting: true,
    manualPagination: true,
    enableMultiSort: false,
    sortDescFirst: false,
    state: { sorting, rowSelection: selection },
    onRowSelectionChange: onSelectionChange,
    onSortingChange: (updater) => {
      const next = typeof updater === 'function' ? updater(sorting) : updater;
      const first = next[0];
      onSortChange(first ? { field: first.id, order: first.desc ? 'desc' : 'asc' } : { field: undefined, order: undefined });
    },
  });

  return (
    // @container (lists with rows that open): an open row's panel is as wide as this scroller (100cqw), not as the table.
    <div className={`${renderExpanded ? '@container ' : ''}relative max-w-full overflow-x-auto rounded-lg border border-slate-200 bg-white dark:border-slate-700 dark:bg-slate-900`} data-testid="table-scroller">
      <table aria-label={label} aria-busy={loading || stale} className="w-full min-w-max text-left text-sm">
        <thead className="border-b bg-slate-50 text-xs uppercase text-slate-500 dark:bg-slate-800 dark:text-slate-400">
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id}>
              {group.headers.map((header, index) => {
                const sorted = header.column.getIsSorted();
                return (
                  <th
                    key={header.id}
                    scope="col"
                    aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : undefined}
                    className={`px-3 py-2 font-medium ${stickiness(index, header.column.id, true)}`}
                  >
                    {header.isPlaceholder ? null : header.column.getCanSort() ? (
                      <button
                        type="button"
                        onClick={header.column.getToggleSortingHandler()}
                        className="inline-flex items-center gap-1 rounded uppercase hover:text-slate-900 focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:outline-none dark:hover:text-white"
                      >
                        {flexRender(header.column.columnDef.header, header.getContext())}
                        <span aria-hidden="true" className="w-3 text-center">
                          {sorted === 'asc' ? '▲' : sorted === 'desc' ? '▼' : '↕'}
                        </span>
                      </button>
                    ) : (
                      flexRender(header.column.columnDef.header, header.getContext())
                    )}
                  </th>
                );
              })}
            </tr>
          ))}
        </thead>
        <tbody className={stale ? 'opacity-50 transition-opacity' : 'transition-opacity'}>
          {loading
            ? Array.from({ length: skeletonRows }, (_, i) => (
                <tr key={i} className="border-b last:border-0" data-testid="skeleton-row">
                  {allColumns.map((column, j) => (
                    <td key={column.id ?? j} className="px-3 py-3">
                      <span className="block h-4 animate-pulse rounded bg-slate-200 dark:bg-slate-700" />
                    </td>
                  ))}
                </tr>
              ))
            : table.getRowModel().rows.map((row) => {
                const open = renderExpanded !== undefined && expandedIds?.has(row.id) === true;
                return (
                  <BodyRow
                    key={row.id}
                    row={row}
                    selected={row.getIsSelected()}
                    columns={allColumns}
                    testId={rowTestId}
                    expanded={open ? { content: renderExpanded, panelId: expandedPanelId?.(row.id) } : undefined}
                  />
                );
              })}
        </tbody>
      </table>
    </div>
  );
}

interface BodyRowProps<T> {
  /** TanStack's row: the same object until the rows (data) change. */
  row: Row<T>;
  selected: boolean;
  /** The columns it is drawn with (a change redraws it). */
  columns: Array<ListColumn<T>>;
  testId: string;
  /** An open row: the full-width row below it, with this content. */
  expanded?: { content: (row: T) => ReactNode; panelId: string | undefined };
}

/**
 * One body row, memoised: a render that changes none of its props skips it. The rows of a
 * page are drawn once per answer, not again for the dimming while the next answer loads,
 * the URL catching up with the search, or a checkbox ticked in another row.
 */
const BodyRow = memo(function BodyRow<T>({ row, selected, columns, testId, expanded }: BodyRowProps<T>) {
  return (
    <Fragment>
      <tr
        data-testid={testId}
        data-state={selected ? 'selected' : undefined}
        data-expanded={expanded ? true : undefined}
        className="border-b last:border-0 data-[state=selected]:bg-indigo-50 dark:data-[state=selected]:bg-indigo-950"
      >
        {row.getVisibleCells().map((cell, index) => (
          <td key={cell.id} className={`px-3 py-2 align-middle ${stickiness(index, cell.column.id, false)}`}>
            {flexRender(cell.column.columnDef.cell, cell.getContext())}
          </td>
        ))}
      </tr>
      {expanded && (
        <tr id={expanded.panelId} data-testid={`${testId}-panel`} className="border-b bg-slate-50 last:border-0 dark:bg-slate-950">
          <td colSpan={columns.length} className="p-0">
            {/* Sticky and as wide as the scroller: on a phone the panel stays in view while the table scrolls sideways. */}
            <div className="sticky start-0 w-[100cqw] p-3 sm:p-4">{expanded.content(row.original)}</div>
          </td>
        </tr>
      )}
    </Fragment>
  );
}) as <T>(props: BodyRowProps<T>) => ReactElement;

const checkboxClass = 'size-4 rounded border-slate-300 accent-indigo-600 focus-visible:ring-2 focus-visible:ring-indigo-500';

/** The first column: a checkbox per row, and one in the header for the whole page. */
function selectionColumn<T>(label: string, getRowLabel: (row: T) => string): ListColumn<T> {
  return {
    id: 'select',
    enableSorting: false,
    header: ({ table }) => (
      <input
        type="checkbox"
        className={checkboxClass}
        aria-label={t('common.table.selectAll', { label: currentLocale() === 'de' ? label : label.toLocaleLowerCase(currentLocale()) })}
        checked={table.getIsAllPageRowsSelected()}
        ref={(el) => {
          if (el) el.indeterminate = table.getIsSomePageRowsSelected();
        }}
        onChange={table.getToggleAllPageRowsSelectedHandler()}
      />
    ),
    cell: ({ row }) => (
      <input type="checkbox" className={checkboxClass} aria-label={t('common.table.selectRow', { label: getRowLabel(row.original) })} checked={row.getIsSelected()} onChange={row.getToggleSelectedHandler()} />
    ),
  };
}
