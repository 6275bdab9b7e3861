import { useId } from 'react';
import { Button } from '@/components/button';
import type { StuckChange } from '@/lib/shop-sync';
import { describeConflict } from './describe-conflict';
import { stuckAttempts, stuckMessage, waitingBehind } from './describe-stuck';

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
  const headingId = useId();
  const what = describeConflict(stuck);
  const behind = waitingBehind(pending);
  return (
    <section aria-labelledby={headingId} className="space-y-3 rounded-lg border border-rose-300 bg-rose-50 p-4 text-rose-950 dark:border-rose-800 dark:bg-rose-950/40 dark:text-rose-100" data-testid="stuck-change">
      <h3 id={headingId} className="text-base font-semibold">
        A change is stuck on this device
      </h3>
      <p className="break-words">{stuckMessage(stuck, 1)}</p>
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 text-sm">
        <dt className="text-rose-800/80 dark:text-rose-200/80">Change</dt>
        <dd className="break-words">{what}</dd>
        <dt className="text-rose-800/80 dark:text-rose-200/80">Attempts</dt>
        <dd>{stuckAttempts(stuck)}</dd>
      </dl>
      {behind && <p className="text-sm">{behind}</p>}
      <div className="flex flex-wrap gap-2">
        <Button variant="primary" disabled={busy !== null} aria-busy={busy === 'retry'} aria-label={`Retry now: ${what}`} onClick={onRetry}>
          {busy === 'retry' ? 'Retrying…' : 'Retry'}
        </Button>
        <Button variant="dangerOutline" className="bg-white dark:bg-slate-900" disabled={busy !== null} aria-busy={busy === 'discard'} aria-label={`Discard: ${what}`} onClick={onDiscard}>
          Discard…
        </Button>
      </div>
    </section>
  );
}
