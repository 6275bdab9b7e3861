import type { BackupCounts } from './api';

/** The kinds of records a backup's confirmation lists, in the order a shop admin thinks of them. */
const kinds: ReadonlyArray<[keyof BackupCounts & string, string]> = [
  ['orders', 'Orders'],
  ['products', 'Products'],
  ['reviews', 'Reviews'],
  ['users', 'Users'],
  ['invoices', 'Invoices'],
  ['tickets', 'Support tickets'],
  ['files', 'Uploaded images'],
  ['courses', 'Courses'],
  ['studySessions', 'Study sessions'],
  ['tasks', 'Tasks'],
  ['jobPosts', 'Job posts'],
  ['candidates', 'Candidates'],
  ['applications', 'Applications'],
  ['trash', 'Deleted items (undo)'],
  ['activity', 'Activity log entries'],
];

const number = new Intl.NumberFormat();

/** "12,400 orders, 15 products, …": what a restore or reset put in place, for its toast. */
export function countsSummary(counts: BackupCounts): string {
  return kinds
    .filter(([key]) => (counts[key] ?? 0) > 0)
    .slice(0, 4)
    .map(([key, label]) => `${number.format(counts[key] ?? 0)} ${label.toLowerCase()}`)
    .join(', ');
}

/** What the account holds now beside what the backup holds, kind by kind. */
export function CountsTable({ current, backup }: { current: BackupCounts; backup: BackupCounts }) {
  return (
    <table className="mt-3 w-full text-sm" data-testid="backup-counts">
      <caption className="sr-only">Records now and in the backup</caption>
      <thead>
        <tr className="text-left text-slate-600 dark:text-slate-400">
          <th scope="col" className="py-1 font-medium">
            Records
          </th>
          <th scope="col" className="py-1 text-right font-medium">
            Now
          </th>
          <th scope="col" className="py-1 text-right font-medium">
            In the backup
          </th>
        </tr>
      </thead>
      <tbody>
        {kinds.map(([key, label]) => (
          <tr key={key} className="border-t border-slate-200 dark:border-slate-700">
            <th scope="row" className="py-1 text-left font-normal">
              {label}
            </th>
            <td className="py-1 text-right tabular-nums">{number.format(current[key] ?? 0)}</td>
            <td className="py-1 text-right tabular-nums">{number.format(backup[key] ?? 0)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
