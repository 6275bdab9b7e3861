import type { User } from '@schema/user';

const statusStyles: Record<User['status'], string> = {
  verified: 'bg-green-100 text-green-800 dark:bg-green-950 dark:text-green-300',
  waiting: 'bg-amber-100 text-amber-800 dark:bg-amber-950 dark:text-amber-300',
  hidden: 'bg-slate-200 text-slate-700 dark:bg-slate-800 dark:text-slate-300',
  rejected: 'bg-red-100 text-red-800 dark:bg-red-950 dark:text-red-300',
};

export function UserStatusBadge({ status }: { status: User['status'] }) {
  return <span className={`rounded px-2 py-0.5 text-xs font-medium capitalize ${statusStyles[status]}`}>{status}</span>;
}
