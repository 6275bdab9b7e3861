// How the benches make and print their figures: a rounding, a quantile, a table row.

/** `n` to `digits` decimals; null for a figure that is missing (no samples). */
export const round = (n, digits = 1) => (n === null || n === undefined || Number.isNaN(n) ? null : Math.round(n * 10 ** digits) / 10 ** digits);

/** The nearest-rank quantile (`q` 0.5 for the median, 0.95 for the p95) of `values`; null when there are none. */
export function quantile(values, q) {
  if (!values.length) return null;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)];
}

/** One row of a printed table: the first cell left-aligned, the others right-aligned, in these widths. */
export const tableLine = (cells, widths) => cells.map((c, i) => String(c)[i === 0 ? 'padEnd' : 'padStart'](widths[i])).join('  ');
