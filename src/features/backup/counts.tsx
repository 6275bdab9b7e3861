import { formatNumber } from '@/i18n/format';
import { currentLocale, t, useT } from '@/i18n/i18n';
import type { BackupCounts } from './api';

/** The kinds of records a summary or the backup's table names. */
type Kind =
  | 'orders' | 'products' | 'reviews' | 'users' | 'invoices' | 'tickets' | 'files' | 'courses'
  | 'studySessions' | 'tasks' | 'jobPosts' | 'candidates' | 'applications' | 'trash' | 'activity';

/** The kinds of records a backup's confirmation lists, in the order a shop admin thinks of them. */
const kinds: readonly Kind[] = [
  'orders', 'products', 'reviews', 'users', 'invoices', 'tickets', 'files', 'courses',
  'studySessions', 'tasks', 'jobPosts', 'candidates', 'applications', 'trash', 'activity',
];

/** "12 orders" in the current language (the backup area's messages must be loaded). */
const countOf: Record<Kind, (count: number) => string> = {
  orders: (count) => t('backup.count.orders', { count }),
  products: (count) => t('backup.count.products', { count }),
  reviews: (count) => t('backup.count.reviews', { count }),
  users: (count) => t('backup.count.users', { count }),
  invoices: (count) => t('backup.count.invoices', { count }),
  tickets: (count) => t('backup.count.tickets', { count }),
  files: (count) => t('backup.count.files', { count }),
  courses: (count) => t('backup.count.courses', { count }),
  studySessions: (count) => t('backup.count.studySessions', { count }),
  tasks: (count) => t('backup.count.tasks', { count }),
  jobPosts: (count) => t('backup.count.jobPosts', { count }),
  candidates: (count) => t('backup.count.candidates', { count }),
  applications: (count) => t('backup.count.applications', { count }),
  trash: (count) => t('backup.count.trash', { count }),
  activity: (count) => t('backup.count.activity', { count }),
};

/** "300 customers, 2,000 orders, and 40 support tickets": the kinds with a count above 0, in the current language. */
export function recordsSummary(counts: Partial<Record<Kind, number>>, limit = Infinity): string {
  const parts = (Object.keys(countOf) as Kind[])
    .filter((kind) => (counts[kind] ?? 0) > 0)
    .slice(0, limit)
    .map((kind) => countOf[kind](counts[kind] ?? 0));
  return parts.length === 0 ? t('backup.nothing') : new Intl.ListFormat(currentLocale(), { type: 'conjunction' }).format(parts);
}

/** "12,400 orders, 15 products, …": what a restore or reset put in place (the first four kinds), for its toast. */
export const countsSummary = (counts: BackupCounts): string =>
  recordsSummary(Object.fromEntries(kinds.filter((kind) => (counts[kind] ?? 0) > 0).slice(0, 4).map((kind) => [kind, counts[kind]])));

/** What the account holds now beside what the backup holds, kind by kind. */
export function CountsTable({ current, backup }: { current: BackupCounts; backup: BackupCounts }) {
  const t = useT('backup');
  return (
    <table className="mt-3 w-full text-sm" data-testid="backup-counts">
      <caption className="sr-only">{t('backup.counts.caption')}</caption>
      <thead>
        <tr className="text-start text-slate-600 dark:text-slate-400">
          <th scope="col" className="py-1 text-start font-medium">
            {t('backup.counts.records')}
          </th>
          <th scope="col" className="py-1 text-end font-medium">
            {t('backup.counts.now')}
          </th>
          <th scope="col" className="py-1 text-end font-medium">
            {t('backup.counts.inBackup')}
          </th>
        </tr>
      </thead>
      <tbody>
        {kinds.map((kind) => (
          <tr key={kind} className="border-t border-slate-200 dark:border-slate-700">
            <th scope="row" className="py-1 text-start font-normal">
              {t('backup.counts.kind', { kind })}
            </th>
            <td className="py-1 text-end tabular-nums">{formatNumber(current[kind] ?? 0)}</td>
            <td className="py-1 text-end tabular-nums">{formatNumber(backup[kind] ?? 0)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
