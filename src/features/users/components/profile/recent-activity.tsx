import { useEffect, useState } from 'react';
import { Link } from '@tanstack/react-router';
import { formatDateTime, formatNumber } from '@/i18n/format';
import { useT, type t as translate } from '@/i18n/i18n';
import { listActivity, type ActivityEntry } from '../../api';

/** The records an entry names, by resource: "3 users" / "user Amelia Hart" in the current language. */
const RESOURCE_IDS: Record<string, string> = {
  users: 'users.activity.users',
  products: 'users.activity.products',
  orders: 'users.activity.orders',
  invoices: 'users.activity.invoices',
  reviews: 'users.activity.reviews',
  tickets: 'users.activity.tickets',
};

/** "Updated user Amelia Hart", "Deleted 3 users", "Uploaded an image", in the current language. */
export function describe(t: typeof translate, { action, resource, label, recordId, count }: ActivityEntry): string {
  if (resource === 'files') return t('users.activity.file', { action });
  const name = label || (recordId === null ? '' : String(recordId));
  const what = RESOURCE_IDS[resource]
    ? t(RESOURCE_IDS[resource], { count, formatted: formatNumber(count), name })
    : `${count > 1 ? `${formatNumber(count)} ` : ''}${resource} ${count > 1 ? '' : name}`.trim();
  return t('users.activity.entry', { action: action === 'status-changed' ? 'statusChanged' : action, what });
}

/** A user who still exists gets a link to their page. */
const userLink = (entry: ActivityEntry) =>
  entry.resource === 'users' && entry.count <= 1 && entry.action !== 'deleted' && entry.recordId !== null ? String(entry.recordId) : null;

type Loaded = { entries: ActivityEntry[] } | { error: string };

/** The last writes this account made on this device (GET /api/activity). */
export function RecentActivity() {
  const t = useT('users');
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    listActivity(20, controller.signal).then(
      ({ activity }) => setLoaded({ entries: activity }),
      (error: unknown) => {
        if (!controller.signal.aborted)
          setLoaded({
            error: error instanceof Error ? error.message : t('users.activity.readFailed'),
          });
      },
    );
    return () => controller.abort();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return (
    <section aria-labelledby="recent-activity-title" className="space-y-3">
      <h2 id="recent-activity-title" className="text-lg font-semibold">
        {t('users.activity.title')}
      </h2>
      {loaded === null && (
        <p role="status" className="text-sm text-slate-500">
          {t('users.loading')}
        </p>
      )}
      {loaded && 'error' in loaded && (
        <p role="alert" className="text-sm text-red-600 dark:text-red-400">
          {loaded.error}
        </p>
      )}
      {loaded && 'entries' in loaded && loaded.entries.length === 0 && <p className="text-sm text-slate-600 dark:text-slate-400">{t('users.activity.empty')}</p>}
      {loaded && 'entries' in loaded && loaded.entries.length > 0 && (
        <ol className="divide-y divide-slate-200 rounded-lg border border-slate-200 dark:divide-slate-700 dark:border-slate-700">
          {loaded.entries.map((entry) => {
            const id = userLink(entry);
            return (
              <li key={entry.id} className="flex flex-col gap-0.5 px-3 py-2 text-sm sm:flex-row sm:justify-between sm:gap-4">
                {id ? (
                  <Link to="/users/$id" params={{ id }} className="text-indigo-600 underline hover:no-underline dark:text-indigo-400">
                    {describe(t, entry)}
                  </Link>
                ) : (
                  <span>{describe(t, entry)}</span>
                )}
                <time dateTime={entry.at} className="shrink-0 text-slate-500 dark:text-slate-400">
                  {formatDateTime(entry.at)}
                </time>
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}
