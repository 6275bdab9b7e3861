import { buildOrderTimeline, type TimelineSource, type TimelineState } from '@/lib/order-timeline';
import { useT } from '@/i18n/i18n';
import { formatDateTime } from '@/i18n/format';


/** The state in words (the colour and mark only repeat it). */
const stateText: Record<TimelineState, string> = { done: 'common.timeline.done', current: 'common.timeline.current', upcoming: 'common.timeline.upcoming' };

const markClass: Record<TimelineState, string> = {
  done: 'border-emerald-600 bg-emerald-600 text-white dark:border-emerald-500 dark:bg-emerald-500',
  current: 'border-indigo-600 bg-white text-indigo-600 ring-4 ring-indigo-100 dark:border-indigo-400 dark:bg-slate-900 dark:text-indigo-300 dark:ring-indigo-500/20',
  upcoming: 'border-slate-300 bg-white text-slate-400 dark:border-slate-600 dark:bg-slate-900',
};

const markSymbol: Record<TimelineState, string> = { done: '✓', current: '●', upcoming: '' };

/** The order's way from Placed to Delivered (or Returned): each step's state and when it was reached (the team's order page and the customer's). */
export function OrderTimelineList({ order }: { order: TimelineSource }) {
  const t = useT('common');
  const entries = buildOrderTimeline(order);
  return (
    <ol data-testid="order-timeline" aria-label={t('common.timeline.label')} className="space-y-0">
      {entries.map((entry, index) => (
        <li
          key={entry.step}
          data-state={entry.state}
          aria-current={entry.state === 'current' ? 'step' : undefined}
          className="relative flex gap-3 pb-5 last:pb-0"
        >
          {/* The line down to the next step. */}
          {index < entries.length - 1 && (
            <span
              aria-hidden="true"
              className={`absolute start-3 top-7 bottom-0 w-0.5 -translate-x-1/2 rtl:translate-x-1/2 ${entry.state === 'done' ? 'bg-emerald-600 dark:bg-emerald-500' : 'bg-slate-200 dark:bg-slate-700'}`}
            />
          )}
          <span aria-hidden="true" className={`relative flex size-6 shrink-0 items-center justify-center rounded-full border-2 text-xs font-bold ${markClass[entry.state]}`}>
            {markSymbol[entry.state]}
          </span>
          <div className="min-w-0 text-sm">
            <p className={entry.state === 'upcoming' ? 'text-slate-500 dark:text-slate-400' : 'font-medium text-slate-900 dark:text-white'}>{entry.label}</p>
            <p className="text-slate-500 dark:text-slate-400">
              {t(stateText[entry.state])}
              {entry.at && (
                <>
                  {' · '}
                  <time dateTime={entry.at}>{formatDateTime(entry.at)}</time>
                </>
              )}
            </p>
          </div>
        </li>
      ))}
    </ol>
  );
}
