import type { SeriesPoint } from '@schema/dashboard';
import type { FigureFormat } from '../format';

/**
 * The series chart's layout decisions, as pure functions of the figures and the width, so
 * they read the same from 2 orders to 100,000: the value axis, how wide its labels are, which
 * x labels fit, how tall a small bar is, and whether a series is drawn as bars or an area.
 */

/** The most intervals the value axis is divided into (so at most 6 tick labels). */
export const MAX_INTERVALS = 5;
/** The height of a bar for a value that is not zero, however small beside the tallest. */
export const MIN_BAR_PX = 2;
/** The space kept between two x labels. */
const LABEL_GAP_PX = 8;

export interface ValueAxis {
  /** The axis runs from 0 to `top`, a round value at or above the largest figure. */
  top: number;
  /** The round values labelled, from 0 to `top`. */
  ticks: number[];
}

/** The 1-2-5 steps (…, 0.1, 0.2, 0.5, 1, 2, 5, 10, …) from the one at or below `value`'s power of ten. */
function* roundSteps(value: number): Generator<number> {
  let power = 10 ** Math.floor(Math.log10(value));
  for (;;) {
    for (const factor of [1, 2, 5]) yield factor * power;
    power *= 10;
  }
}

/**
 * The value axis for figures up to `max`: it starts at 0 (never at an invented value) and ends
 * on the smallest round step that divides it into at most 5 intervals. Counts and minutes tick
 * at whole numbers (no "0.5 orders"). Minutes above 80 tick in hours, so no label reads "100 min"
 * (too wide for a phone's axis): half hours below 2 hours, whole hours from 2 hours on.
 */
export function valueAxis(max: number, format: FigureFormat): ValueAxis {
  const unit = format === 'minutes' && max > 80 ? 60 : 1;
  const largest = Number.isFinite(max) && max > 0 ? max / unit : 1;
  const smallestStep = format === 'count' || format === 'minutes' ? (unit === 60 && largest < 2 ? 0.5 : 1) : 0;
  let step = 1;
  for (const candidate of roundSteps(largest / MAX_INTERVALS)) {
    if (candidate < smallestStep) continue;
    if (Math.ceil(largest / candidate - 1e-9) <= MAX_INTERVALS) {
      step = candidate;
      break;
    }
  }
  const intervals = Math.max(1, Math.ceil(largest / step - 1e-9));
  // Multiplying the step (not adding it) keeps 0.1 × 3 from turning into 0.30000000000000004.
  const ticks = Array.from({ length: intervals + 1 }, (_, i) => Number((i * step * unit).toPrecision(12)));
  return { top: ticks[ticks.length - 1]!, ticks };
}

/** About how wide `text` is at `fontSize` px in the app's sans-serif (a little wider than most). */
export function textWidth(text: string, fontSize: number): number {
  return text.length * fontSize * 0.62;
}

/**
 * Every how many points an x label is written so that no two labels overlap: each label is
 * given its width and a gap, and points are `bandStep` px apart.
 */
export function labelStep(labels: readonly string[], bandStep: number, fontSize: number): number {
  if (labels.length === 0 || bandStep <= 0) return 1;
  const widest = Math.max(...labels.map((label) => textWidth(label, fontSize)));
  return Math.max(1, Math.ceil((widest + LABEL_GAP_PX) / bandStep));
}

/**
 * Whether point `index` of `count` carries an x label, every `step` points counted back from
 * the last, so the latest bucket (today, this month) is always named.
 */
export const labelled = (index: number, count: number, step: number): boolean => (count - 1 - index) % step === 0;

/** A bar's drawn height: its scaled height, but at least `MIN_BAR_PX` for a value that is not zero. */
export function barHeight(value: number, scaled: number): number {
  if (value === 0) return 0;
  return Math.max(MIN_BAR_PX, scaled);
}

/** How a series reads: nothing to draw, a few buckets with figures among many empty ones, or most buckets filled. */
export type SeriesDensity = 'empty' | 'sparse' | 'dense';

/** `dense` when at least half the buckets have a figure. */
export function seriesDensity(points: readonly Pick<SeriesPoint, 'value'>[]): SeriesDensity {
  const filled = points.filter((point) => point.value !== 0).length;
  if (filled === 0) return 'empty';
  return filled * 2 >= points.length ? 'dense' : 'sparse';
}

/**
 * What a series is drawn as. An area asked for a sparse series becomes bars: a line through
 * the empty buckets would draw every lone figure as a needle-thin peak.
 */
export function seriesShape(points: readonly Pick<SeriesPoint, 'value'>[], preferred: 'bar' | 'area'): 'bar' | 'area' {
  return preferred === 'area' && seriesDensity(points) !== 'sparse' ? 'area' : 'bar';
}
