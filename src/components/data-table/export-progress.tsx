import type { ExportProgress } from './csv-export';
import { Button } from '@/components/button';

const count = new Intl.NumberFormat('en-US');

/** A running CSV export: how far it is ("Exported 12,000 of 100,000"), as a progress bar, and Cancel. */
export function ExportProgressBar({ noun, progress, onCancel }: { noun: string; progress: ExportProgress | null; onCancel: () => void }) {
  const text = progress ? `Exported ${count.format(progress.done)} of ${count.format(progress.total)}` : `Exporting ${noun}…`;
  const percent = progress && progress.total > 0 ? Math.min(100, (progress.done / progress.total) * 100) : 0;
  return (
    <div role="region" aria-label="CSV export" className="flex flex-wrap items-center gap-3 rounded-lg border border-slate-200 bg-white p-3 text-sm dark:border-slate-700 dark:bg-slate-900">
      <div className="min-w-40 flex-1">
        {/* Not a live region: it changes every page; the progress bar carries the value and a toast the outcome. */}
        <p className="mb-1">{text}</p>
        <div
          role="progressbar"
          aria-label={`Exporting ${noun}`}
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
        Cancel
      </Button>
    </div>
  );
}
