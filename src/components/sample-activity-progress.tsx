import type { SampleActivityProgress } from '@domain/contract/sample-activity';

/** A fill's progress: a bar (role progressbar, with its values) and what it is adding, announced politely. */
export function SampleActivityProgressBar({ progress }: { progress: SampleActivityProgress | null }) {
  const done = progress?.done ?? 0;
  const total = progress?.total ?? 1;
  const percent = Math.round((done / total) * 100);
  return (
    <div className="space-y-1">
      <div
        role="progressbar"
        aria-label="Sample activity progress"
        aria-valuemin={0}
        aria-valuemax={total}
        aria-valuenow={done}
        aria-valuetext={`${percent}%`}
        className="h-2 w-full overflow-hidden rounded-full bg-slate-200 dark:bg-slate-700"
      >
        <div className="h-full rounded-full bg-indigo-600 transition-[width] dark:bg-indigo-400" style={{ width: `${percent}%` }} />
      </div>
      <p role="status" className="text-sm text-slate-600 dark:text-slate-400">
        {progress ? `${progress.step}…` : 'Starting…'}
      </p>
    </div>
  );
}
