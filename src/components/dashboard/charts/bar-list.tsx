import type { Slice } from '@schema/dashboard';
import { formatFigure, type FigureFormat } from '../format';
import { sliceSwatch } from './palette';

/**
 * Slices as labelled horizontal bars, in the API's order (a funnel of stages reads top to
 * bottom). Plain HTML, so it mirrors in RTL and wraps on a phone; decorative next to the
 * chart card's table.
 */
export function BarList({ slices, format }: { slices: readonly Slice[]; format: FigureFormat }) {
  const max = Math.max(0, ...slices.map((slice) => slice.value));
  return (
    <ul aria-hidden="true" className="space-y-2 text-sm">
      {slices.map((slice, index) => (
        <li key={slice.key} className="grid grid-cols-[minmax(0,8rem)_1fr_auto] items-center gap-3">
          <span className="truncate">{slice.label}</span>
          <span className="block h-2.5 rounded-full bg-slate-100 dark:bg-slate-800">
            <span className={`block h-2.5 rounded-full ${sliceSwatch(index)}`} style={{ width: `${max === 0 ? 0 : (slice.value / max) * 100}%` }} />
          </span>
          <span className="min-w-10 text-end tabular-nums">{formatFigure(slice.value, format)}</span>
        </li>
      ))}
    </ul>
  );
}
