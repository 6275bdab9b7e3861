import type { SeriesPoint, Slice } from '@schema/dashboard';
import type { ChartTable } from './chart-card';
import { formatFigure, share, type FigureFormat } from './format';

/** A series as the chart card's hidden table: one row per bucket ("Mon 16", "$120.00"). */
export function seriesTable(points: readonly SeriesPoint[], bucket: string, name: string, format: FigureFormat): ChartTable {
  return { columns: [bucket, name], rows: points.map((point) => ({ key: point.key, cells: [point.label, formatFigure(point.value, format)] })) };
}

/** Slices as the hidden table: each slice's figure and share of the whole. */
export function slicesTable(slices: readonly Slice[], what: string, name: string, format: FigureFormat): ChartTable {
  const total = slices.reduce((sum, slice) => sum + slice.value, 0);
  return {
    columns: [what, name, 'Share'],
    rows: slices.map((slice) => ({ key: slice.key, cells: [slice.label, formatFigure(slice.value, format), share(slice.value, total)] })),
  };
}

/** What a bucket of the period is: a day for a week or a month, a month for a year. */
export const bucketName = (period: 'week' | 'month' | 'year') => (period === 'year' ? 'Month' : 'Day');
