import { useId } from 'react';
import { Button } from '@/components/button';
import type { StuckChange } from '@/lib/shop-sync';
import { describeConflict } from './describe-conflict';
import { stuckAttempts, stuckMessage, waitingBehind } from './describe-stuck';
import { useT } from '@/i18n/i18n';

export interface StuckChangeNoticeProps {
  stuck: StuckChange;
  /** Changes waiting, the stuck one included. */
  pending: number;
  /** Which action runs (its button waits, both are disabled). */
  busy: 'retry' | 'discard' | null;
  onRetry: () => void;
  onDiscard: () => void;
}

/**
 * The Sync page's notice of a stuck change, above the list: the server's reason, what it was,
 * how often it was tried, what waits behind it, and Retry or Discard (confirmed by the page).
 */
export function StuckChangeNotice({ stuck, pending, busy, onRetry, onDiscard }: StuckChangeNoticeProps) {
  const t = useT('sync');
  const headingId = useId();
  const what = describeConflict(stuck);
  const behind = waitingBehind(pending);
  return (
    <section aria-labelledby={headingId} className="space-y-3 rounded-lg border border-rose-300 bg-rose-50 p-4 text-rose-950 dark:border-rose-800 dark:bg-rose-950/40 dark:text-rose-100" data-testid="stuck-change">
      <h3 id={headingId} className="text-base font-semibold">
        {t('sync.stuck.title')}
      </h3>
      <p className="break-words">{stuckMessage(stuck)}</p>
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 text-sm">
        <dt className="text-rose-800/80 dark:text-rose-200/80">{t('sync.stuck.change')}</dt>
        <dd className="break-words">{what}</dd>
        <dt className="text-rose-800/80 dark:text-rose-200/80">{t('sync.stuck.attemptsLabel')}</dt>
        <dd>{stuckAttempts(stuck)}</dd>
      </dl>
      {behind && <p className="text-sm">{behind}</p>}
      <div className="flex flex-wrap gap-2">
        <Button variant="primary" disabled={busy !== null} aria-busy={busy === 'retry'} aria-label={t('sync.stuck.retryLabel', { change: what })} onClick={onRetry}>
          {busy === 'retry' ? t('sync.stuck.retrying') : t('sync.stuck.retry')}
        </Button>
        <Button variant="dangerOutline" className="bg-white dark:bg-slate-900" disabled={busy !== null} aria-busy={busy === 'discard'} aria-label={t('sync.stuck.discardLabel', { change: what })} onClick={onDiscard}>
          {t('sync.stuck.discard')}
        </Button>
      </div>
    </section>
  );
}
