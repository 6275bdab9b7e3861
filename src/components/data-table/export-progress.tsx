import type { ExportProgress } from './csv-export';
import { Button } from '@/components/button';
import { useT } from '@/i18n/i18n';
import { formatNumber } from '@/i18n/format';

/** A running CSV export: how far it is ("Exported 12,000 of 100,000"), as a progress bar, and Cancel. */
export function ExportProgressBar({ kind, progress, onCancel }: { kind: string; progress: ExportProgress | null; onCancel: () => void }) {
  const t = useT('common');
  const exporting = t('common.export.exportingKind', { kind });
  const text = progress ? t('common.export.progress', { done: formatNumber(progress.done), total: formatNumber(progress.total) }) : exporting;
  const percent = progress && progress.total > 0 ? Math.min(100, (progress.done / progress.total) * 100) : 0;
  return (
    <div role="region" aria-label={t('common.export.region')} className="flex flex-wrap items-center gap-3 rounded-lg border border-slate-200 bg-white p-3 text-sm dark:border-slate-700 dark:bg-slate-900">
      <div className="min-w-40 flex-1">
        {/* Not a live region: it changes every page; the progress bar carries the value and a toast the outcome. */}
        <p className="mb-1">{text}</p>
        <div
          role="progressbar"
          aria-label={exporting.replace(/…$/, '')}
          aria-valuemin={0}
          aria-valuemax={progress?.total ?? 100}
          aria-valuenow={progress?.done ?? 0}
          aria-valuetext={text}
          className="h-2 overflow-hidden rounded-full bg-slate-200 dark:bg-slate-700"
        >
          <div className="h-full bg-indigo-600 transition-[width] dark:bg-indigo-400" style={{ width: `${percent}%` }} />
        </div>
      </div>
      <Button variant="secondary" onClick={onCancel}>
        {t('common.action.cancel')}
      </Button>
    </div>
  );
}
