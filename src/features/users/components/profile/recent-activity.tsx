import { useEffect, useState } from 'react';
import { Link } from '@tanstack/react-router';
import { listActivity, type ActivityEntry } from '../../api';

const atFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** "Updated user Amelia Hart", "Deleted 3 users", "Uploaded an image". */
export function describe({ action, resource, label, recordId, count }: ActivityEntry): string {
  if (resource === 'files') return action === 'created' ? 'Uploaded an image' : action === 'deleted' ? 'Removed an image' : 'Restored an image';
  const verb = action === 'status-changed' ? 'Changed the status of' : action.charAt(0).toUpperCase() + action.slice(1);
  const singular = resource.replace(/s$/, '');
  if (count > 1) return `${verb} ${count} ${resource}`;
  return `${verb} ${singular} ${label ?? recordId ?? ''}`.trim();
}

/** A user who still exists gets a link to their page. */
const userLink = (entry: ActivityEntry) =>
  entry.resource === 'users' && entry.count <= 1 && entry.action !== 'deleted' && entry.recordId !== null ? String(entry.recordId) : null;

type Loaded = { entries: ActivityEntry[] } | { error: string };

/** The last writes this account made on this device (GET /api/activity). */
export function RecentActivity() {
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    listActivity(20, controller.signal).then(
      ({ activity }) => setLoaded({ entries: activity }),
      (error: unknown) => {
        if (!controller.signal.aborted) setLoaded({ error: error instanceof Error ? error.message : 'The activity could not be read.' });
      },
    );
    return () => controller.abort();
  }, []);

  return (
    <section aria-labelledby="recent-activity-title" className="space-y-3">
      <h2 id="recent-activity-title" className="text-lg font-semibold">
        Recent activity on this device
      </h2>
      {loaded === null && <p role="status" className="text-sm text-slate-500">Loading…</p>}
      {loaded && 'error' in loaded && (
        <p role="alert" className="text-sm text-red-600 dark:text-red-400">
          {loaded.error}
        </p>
      )}
      {loaded && 'entries' in loaded && loaded.entries.length === 0 && (
        <p className="text-sm text-slate-600 dark:text-slate-400">No changes yet: what you create, edit or delete shows here.</p>
      )}
      {loaded && 'entries' in loaded && loaded.entries.length > 0 && (
        <ol className="divide-y divide-slate-200 rounded-lg border border-slate-200 dark:divide-slate-700 dark:border-slate-700">
          {loaded.entries.map((entry) => {
            const id = userLink(entry);
            return (
              <li key={entry.id} className="flex flex-col gap-0.5 px-3 py-2 text-sm sm:flex-row sm:justify-between sm:gap-4">
                {id ? (
                  <Link to="/users/$id" params={{ id }} className="text-indigo-600 underline hover:no-underline dark:text-indigo-400">
                    {describe(entry)}
                  </Link>
                ) : (
                  <span>{describe(entry)}</span>
                )}
                <time dateTime={entry.at} className="shrink-0 text-slate-500 dark:text-slate-400">
                  {atFormat.format(new Date(entry.at))}
                </time>
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}
