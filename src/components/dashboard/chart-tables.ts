import type { SeriesPoint, Slice } from '@schema/dashboard';
import type { ChartTable } from './chart-card';
import { formatFigure, share, type FigureFormat } from './format';

/** A series as the chart card's hidden table: one row per bucket ("Mon 16", "$120.00"). */
export function seriesTable(points: readonly SeriesPoint[], bucket: string, name: string, format: FigureFormat): ChartTable {
  return { columns: [bucket, name], rows: points.map((point) => ({ key: point.key, cells: [point.label, formatFigure(point.value, format)] })) };
}

/** Slices as the hidden table: each slice's figure and share of the whole (`shareName`: that column's heading). */
export function slicesTable(slices: readonly Slice[], what: string, name: string, shareName: string, format: FigureFormat): ChartTable {
  const total = slices.reduce((sum, slice) => sum + slice.value, 0);
  return {
    columns: [what, name, shareName],
    rows: slices.map((slice) => ({ key: slice.key, cells: [slice.label, formatFigure(slice.value, format), share(slice.value, total)] })),
  };
}
