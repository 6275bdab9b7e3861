/**
 * The two scales the series chart needs, as d3-scale computes them (band with padding,
 * linear with a "nice" domain and round ticks). d3-scale through @visx/scale brings d3-time,
 * d3-format, d3-color and d3-interpolate with it, about half of the charts' chunk, for
 * features these charts never use.
 */

export interface BandScale {
  /** The start of a key's band (undefined for a key not in the domain). */
  (key: string): number | undefined;
  bandwidth: () => number;
  /** A band plus the gap after it. */
  step: () => number;
}

/** d3's `scaleBand().domain(keys).range(range).padding(padding)` (centred, not rounded). */
export function bandScale(keys: readonly string[], [r0, r1]: readonly [number, number], padding = 0): BandScale {
  const n = keys.length;
  const reverse = r1 < r0;
  let start = reverse ? r1 : r0;
  const stop = reverse ? r0 : r1;
  const inner = Math.min(1, padding);
  const step = (stop - start) / Math.max(1, n - inner + padding * 2);
  start += (stop - start - step * (n - inner)) * 0.5;
  const bandwidth = step * (1 - inner);
  const starts = new Map<string, number>();
  keys.forEach((key, index) => {
    if (!starts.has(key)) starts.set(key, start + step * (reverse ? n - 1 - index : index));
  });
  return Object.assign((key: string) => starts.get(key), { bandwidth: () => bandwidth, step: () => step });
}

const e10 = Math.sqrt(50);
const e5 = Math.sqrt(10);
const e2 = Math.sqrt(2);

/** d3-array's tickIncrement: the round step for about `count` ticks (negative: 1 / step). */
function tickIncrement(start: number, stop: number, count: number): number {
  const step = (stop - start) / Math.max(0, count);
  const power = Math.floor(Math.log(step) / Math.LN10);
  const error = step / Math.pow(10, power);
  const factor = error >= e10 ? 10 : error >= e5 ? 5 : error >= e2 ? 2 : 1;
  return power >= 0 ? factor * Math.pow(10, power) : -Math.pow(10, -power) / factor;
}

/** d3-array's ticks for an ascending extent. */
function ticksOf(start: number, stop: number, count: number): number[] {
  if (start === stop && count > 0) return [start];
  const step = tickIncrement(start, stop, count);
  if (step === 0 || !Number.isFinite(step)) return [];
  const out: number[] = [];
  if (step > 0) {
    let r0 = Math.round(start / step);
    let r1 = Math.round(stop / step);
    if (r0 * step < start) ++r0;
    if (r1 * step > stop) --r1;
    for (let i = r0; i <= r1; i++) out.push(i * step);
  } else {
    const inverse = -step;
    let r0 = Math.round(start * inverse);
    let r1 = Math.round(stop * inverse);
    if (r0 / inverse < start) ++r0;
    if (r1 / inverse > stop) --r1;
    for (let i = r0; i <= r1; i++) out.push(i / inverse);
  }
  return out;
}

export interface LinearScale {
  (value: number): number;
  /** About `count` round values across the domain. */
  ticks: (count: number) => number[];
  domain: () => [number, number];
}

/** d3's `scaleLinear().domain([d0, d1]).range(range).nice()`, for an ascending domain. */
export function niceLinearScale([d0, d1]: readonly [number, number], [r0, r1]: readonly [number, number]): LinearScale {
  // d3's nice(): widen to round steps until the step settles (if it never does, keep the domain).
  let [start, stop] = [d0, d1];
  let niceStart = d0;
  let niceStop = d1;
  let previous: number | undefined;
  for (let tries = 0; tries < 10; tries++) {
    const step = tickIncrement(niceStart, niceStop, 10);
    if (step === previous) {
      [start, stop] = [niceStart, niceStop];
      break;
    }
    if (step > 0) {
      niceStart = Math.floor(niceStart / step) * step;
      niceStop = Math.ceil(niceStop / step) * step;
    } else if (step < 0) {
      niceStart = Math.ceil(niceStart * step) / step;
      niceStop = Math.floor(niceStop * step) / step;
    } else break;
    previous = step;
  }
  const span = stop - start;
  const scale = (value: number) => (span === 0 ? (r0 + r1) / 2 : r0 + ((value - start) / span) * (r1 - r0));
  return Object.assign(scale, { ticks: (count: number) => ticksOf(start, stop, count), domain: (): [number, number] => [start, stop] });
}
