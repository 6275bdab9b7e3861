import type { SampleActivityProgress } from '@domain/contract/sample-activity';
import { useT } from '@/i18n/i18n';
import { formatNumber, formatPercent } from '@/i18n/format';

/** What the fill is doing, from the worker's step code and figure. */
function stepText(t: ReturnType<typeof useT>, { step, count, size }: SampleActivityProgress): string {
  return t('common.sample.step', {
    step,
    customers: t('common.sampleCount.users', { count }),
    added: formatNumber(count),
    size: formatNumber(size),
  });
}

/** A fill's progress: a bar (role progressbar, with its values) and what it is adding, announced politely. */
export function SampleActivityProgressBar({ progress }: { progress: SampleActivityProgress | null }) {
  const t = useT('common');
  const done = progress?.done ?? 0;
  const total = progress?.total ?? 1;
  const percent = Math.round((done / total) * 100);
  return (
    <div className="space-y-1">
      <div
        role="progressbar"
        aria-label={t('common.sample.progress')}
        aria-valuemin={0}
        aria-valuemax={total}
        aria-valuenow={done}
        aria-valuetext={formatPercent(percent / 100, { maximumFractionDigits: 0 })}
        className="h-2 w-full overflow-hidden rounded-full bg-slate-200 dark:bg-slate-700"
      >
        <div className="h-full rounded-full bg-indigo-600 transition-[width] dark:bg-indigo-400" style={{ width: `${percent}%` }} />
      </div>
      <p role="status" className="text-sm text-slate-600 dark:text-slate-400">
        {progress ? stepText(t, progress) : t('common.sample.starting')}
      </p>
    </div>
  );
}
