/**
 * The charts' colours, as Tailwind classes so each has its dark-mode shade (lighter on a
 * dark card). Slices take them in order; the legend repeats them with the figure in text.
 */
export const seriesFill = 'fill-indigo-500 dark:fill-indigo-400';
export const seriesStroke = 'stroke-indigo-600 dark:stroke-indigo-300';
export const seriesArea = 'fill-indigo-500/20 dark:fill-indigo-400/25';

export const sliceFills = [
  'fill-indigo-500 dark:fill-indigo-400',
  'fill-sky-500 dark:fill-sky-400',
  'fill-emerald-500 dark:fill-emerald-400',
  'fill-amber-500 dark:fill-amber-400',
  'fill-rose-500 dark:fill-rose-400',
  'fill-violet-500 dark:fill-violet-400',
  'fill-teal-500 dark:fill-teal-400',
  'fill-slate-500 dark:fill-slate-400',
] as const;

export const sliceSwatches = [
  'bg-indigo-500 dark:bg-indigo-400',
  'bg-sky-500 dark:bg-sky-400',
  'bg-emerald-500 dark:bg-emerald-400',
  'bg-amber-500 dark:bg-amber-400',
  'bg-rose-500 dark:bg-rose-400',
  'bg-violet-500 dark:bg-violet-400',
  'bg-teal-500 dark:bg-teal-400',
  'bg-slate-500 dark:bg-slate-400',
] as const;

export const sliceFill = (index: number) => sliceFills[index % sliceFills.length];
export const sliceSwatch = (index: number) => sliceSwatches[index % sliceSwatches.length];
