import { formatPercent } from '@/i18n/format';
import { useT } from '@/i18n/i18n';
import { pullProgressView } from '@/lib/sync-words';

/** A first sync's progress (the shop comes in pages), read again as each page is announced. */
export function PullProgressBar({ pulling }: { pulling: { pulled: number; remaining: number } }) {
  const t = useT('team');
  const { percent, text } = pullProgressView(pulling);
  return (
    <div className="w-full space-y-1">
      <progress className="h-2 w-full" value={percent} max={100} aria-label={t('team.progress.label')} />
      <p className="text-sm text-slate-600 dark:text-slate-400">
        {t('team.progress.text', { progress: text, percent: formatPercent(percent / 100, { maximumFractionDigits: 0 }) })}
      </p>
    </div>
  );
}
