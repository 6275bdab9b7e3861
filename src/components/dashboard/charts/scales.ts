/**
 * The two scales the series chart needs: d3-scale's band scale (with padding), and a linear
 * map from the value axis (chart-layout.ts chooses its round top and ticks). d3-scale through
 * @visx/scale brings d3-time, d3-format, d3-color and d3-interpolate with it, about half of the
 * charts' chunk, for features these charts never use.
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

/** A linear map of [d0, d1] onto [r0, r1] (d3's `scaleLinear().domain(domain).range(range)`); an empty domain maps to the middle. */
export function linearScale([d0, d1]: readonly [number, number], [r0, r1]: readonly [number, number]): (value: number) => number {
  const span = d1 - d0;
  return (value) => (span === 0 ? (r0 + r1) / 2 : r0 + ((value - d0) / span) * (r1 - r0));
}
