import type { ReactNode } from 'react';
import { EmptyState, ErrorState } from '@/components/data-table/list-states';
import { PageLoading } from '@/components/page-loading';
import type { Loaded } from '@/lib/use-load';
import { messageOf } from '@/lib/error-message';

/**
 * A card of the portal with a heading, showing `loaded`'s rows: loading, the failure with a
 * Retry, `empty` when there are none, else `children(rows)`; `action` (a link) sits by the heading.
 */
export function PortalSection<T>({ title, headingId, loaded, select, empty, action, children }: {
  title: string;
  headingId: string;
  loaded: Loaded<T[]>;
  /** The rows this card shows of the answer (e.g. the open ones, the five newest). */
  select?: (rows: T[]) => T[];
  empty: string;
  action?: ReactNode;
  children: (rows: T[]) => ReactNode;
}) {
  const rows = loaded.data && (select ? select(loaded.data) : loaded.data);
  return (
    <section aria-labelledby={headingId} className="rounded-xl border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900">
      <div className="mb-3 flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={headingId} className="text-lg font-semibold">
          {title}
        </h2>
        {action}
      </div>
      {loaded.error && !rows ? (
        <ErrorState message={messageOf(loaded.error)} onRetry={loaded.reload} />
      ) : !rows ? (
        <PageLoading />
      ) : rows.length === 0 ? (
        <EmptyState message={empty} />
      ) : (
        children(rows)
      )}
    </section>
  );
}
