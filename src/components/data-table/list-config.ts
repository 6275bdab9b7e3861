import type { ColumnDef } from '@tanstack/react-table';
import type { ReactNode } from 'react';
import type { CsvColumn } from '@/lib/csv';
import type { ResourceApi, RecordId } from './resource-api';

/**
 * A column of any value type: the column helper types each column by its value, and a
 * list mixes them (TanStack Table's documented way is `ColumnDef<T, any>`).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type ListColumn<T> = ColumnDef<T, any>;

/**
 * Everything the list kit needs to know about one area's list: the feature writes this
 * (its columns, names, links and CSV mapping) and renders <ResourceList config={…}>.
 */
export interface ListConfig<T> {
  /** The change-channel resource and the API's plural key ("users"). */
  resource: string;
  /** Nouns for messages: "user" / "users" (lowercase). */
  noun: { one: string; many: string };
  /** Page heading ("Users"). */
  title: string;
  api: ResourceApi<T>;
  columns: Array<ListColumn<T>>;
  getId: (row: T) => RecordId;
  /** Names a record in confirmations and toasts ("Amelia Hart"). */
  getLabel: (row: T) => string;
  searchPlaceholder: string;
  /** The status filter's and the bulk status change's choices. */
  statuses: ReadonlyArray<{ value: string; label: string }>;
  /** Exact-value filters besides status, each a URL parameter the API takes (products: `category`). */
  filters?: ReadonlyArray<{ param: string; label: string; allLabel: string; options: ReadonlyArray<{ value: string; label: string }> }>;
  /**
   * A filter on a date field: two day inputs ("From", "To") whose values are the URL's and
   * the API's `fromParam`/`toParam` (`YYYY-MM-DD`, inclusive). The route's schema lists the
   * same names (`listSearchSchema(…, { from, to })`).
   */
  dateRange?: { fromParam: string; toParam: string; label: string };
  /** Where "Create" goes (no Create button without it). */
  createHref?: string;
  /** Each row's edit page (no Edit action without it). */
  editHref?: (row: T) => string;
  /** A row's own page for "View"; without one, View opens a quick view of `details`. */
  viewHref?: (row: T) => string;
  /** Label/value pairs of the row's quick view (needed when there is no `viewHref`). */
  details?: (row: T) => Array<[string, ReactNode]>;
  /**
   * Rows that open in place: a toggle in the row's actions (`aria-expanded`) shows `render`'s
   * content in a full-width row under it (support tickets: the thread). `changed` refreshes
   * the list after a write the panel makes.
   */
  expand?: {
    /** The toggle's visible text ("Thread"); its accessible name adds the row's label. */
    toggleText: string;
    render: (row: T, changed: () => void) => ReactNode;
  };
  csv: {
    /** Columns written by Export; Import reads the same headers, except `exportOnly` ones (ids, dates the API sets). */
    columns: ReadonlyArray<CsvColumn<T> & { exportOnly?: boolean }>;
    /** Turns an imported row (by header) into the API's create body; without it the list has no Import. */
    toInput?: (row: Record<string, string>) => unknown;
    /** Said in the import dialog (e.g. "Avatars are not part of CSV files."). */
    note?: string;
  };
}
