import { useDeferredValue, type ReactNode } from 'react';
import type { DashboardPeriod } from '@schema/dashboard';
import { ErrorState } from '@/components/data-table/list-states';
import type { ListQueryState } from '@/components/data-table/use-list-query';
import { PeriodSelect } from './period-select';
import { currentLocale, useT } from '@/i18n/i18n';

interface DashboardPageProps<Data> {
  title: string;
  period: DashboardPeriod;
  onPeriodChange: (period: DashboardPeriod) => void;
  query: ListQueryState<Data>;
  children: (data: Data) => ReactNode;
}

/**
 * A dashboard screen: heading and period selector, then skeletons until the first answer,
 * the API's error with Retry, and the figures (dimmed while the next answer loads).
 */
export function DashboardPage<Data>({ title, period, onPeriodChange, query: { data: answer, error, fetching, retry }, children }: DashboardPageProps<Data>) {
  // The figures of a new answer render in the background (a transition React does in short
  // slices), not in one long task: the skeleton or the previous figures stay until they are ready.
  const t = useT('common');
  const data = useDeferredValue(answer);
  const rendering = data !== answer;
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-semibold">{title}</h1>
        <PeriodSelect value={period} onChange={onPeriodChange} />
      </div>
      {error && <ErrorState message={t('common.dashboard.failed', { action: data ? 'refresh' : 'load', title: currentLocale() === 'en' ? title.toLowerCase() : title, reason: error.message })} onRetry={retry} />}
      {data ? (
        <div aria-busy={fetching || rendering} className={`space-y-4 transition-opacity ${fetching ? 'opacity-70' : ''}`}>
          {children(data)}
        </div>
      ) : (
        !error && <DashboardSkeleton />
      )}
    </div>
  );
}

const pulse = 'animate-pulse rounded bg-slate-200 dark:bg-slate-700';

/** Stand-ins for the cards and two charts, the shape of a dashboard, while the first answer loads. */
export function DashboardSkeleton() {
  return (
    <div data-testid="dashboard-skeleton" aria-hidden="true" className="space-y-4">
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-4">
        {[0, 1, 2, 3].map((key) => (
          <div key={key} className="space-y-3 rounded-lg border border-slate-200 bg-white p-4 dark:border-slate-700 dark:bg-slate-900">
            <div className={`h-3 w-24 ${pulse}`} />
            <div className={`h-7 w-20 ${pulse}`} />
            <div className={`h-3 w-32 ${pulse}`} />
          </div>
        ))}
      </div>
      <div className="grid gap-4 lg:grid-cols-3">
        <div className={`h-72 lg:col-span-2 ${pulse}`} />
        <div className={`h-72 ${pulse}`} />
      </div>
    </div>
  );
}

/** The cards' row: one column on a phone, two on a tablet, four on a desktop. */
export function StatGrid({ label, children }: { label: string; children: ReactNode }) {
  return (
    <section aria-label={label} className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-4">
      {children}
    </section>
  );
}
