import type { User } from '@schema/user';
import { useT, type t as translate } from '@/i18n/i18n';

const statusStyles: Record<User['status'], string> = {
  verified: 'bg-green-100 text-green-800 dark:bg-green-950 dark:text-green-300',
  waiting: 'bg-amber-100 text-amber-800 dark:bg-amber-950 dark:text-amber-300',
  hidden: 'bg-slate-200 text-slate-700 dark:bg-slate-800 dark:text-slate-300',
  rejected: 'bg-red-100 text-red-800 dark:bg-red-950 dark:text-red-300',
};

const STATUS_IDS: Record<User['status'], string> = {
  verified: 'users.status.verified',
  waiting: 'users.status.waiting',
  hidden: 'users.status.hidden',
  rejected: 'users.status.rejected',
};

/** A user's status in the current language. */
export const userStatusLabel = (t: typeof translate, status: User['status']) => t(STATUS_IDS[status]);

export function UserStatusBadge({ status }: { status: User['status'] }) {
  const t = useT('users');
  return <span className={`rounded px-2 py-0.5 text-xs font-medium capitalize ${statusStyles[status]}`}>{userStatusLabel(t, status)}</span>;
}
