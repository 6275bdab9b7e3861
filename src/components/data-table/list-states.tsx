import type { ReactNode } from 'react';
import { Button } from '@/components/button';
import { useT } from '@/i18n/i18n';

/** The list's empty state: why it is empty, and the way out. */
export function EmptyState({ message, action }: { message: string; action?: ReactNode }) {
  return (
    <div role="status" className="rounded-lg border border-dashed border-slate-300 p-8 text-center text-slate-500 dark:border-slate-600 dark:text-slate-400">
      <p className="mb-3">{message}</p>
      {action}
    </div>
  );
}

/** The API's message and a Retry. */
export function ErrorState({ message, onRetry }: { message: string; onRetry: () => void }) {
  const t = useT('common');
  return (
    <div role="alert" className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-800 dark:border-red-900 dark:bg-red-950 dark:text-red-200">
      <p>{message}</p>
      <Button variant="secondary" className="bg-white dark:bg-slate-900" onClick={onRetry}>
        {t('common.sync.retry')}
      </Button>
    </div>
  );
}
