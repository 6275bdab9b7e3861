import { describe, expect, it } from 'vitest';
import type { SeriesPoint, Slice } from '@schema/dashboard';
import {
  comparisonText,
  describeChange,
  emptyNote,
  formatFigure,
  formatMinutes,
  formatTick,
  hasFigures,
  periodPhrase,
  ratioPercent,
  share,
  summariseSeries,
  summariseSlices,
} from '@/components/dashboard/format';
import { seriesTable, slicesTable } from '@/components/dashboard/chart-tables';
import { bucketName } from '@/features/dashboards/shared/chart-text';
import { t } from '@/i18n/i18n';

const points: SeriesPoint[] = [
  { key: '2026-11-16', label: 'Mon 16', value: 120.5 },
  { key: '2026-11-17', label: 'Tue 17', value: 300 },
  { key: '2026-11-18', label: 'Wed 18', value: 0 },
];
const slices: Slice[] = [
  { key: 'delivered', label: 'Delivered', value: 3 },
  { key: 'new', label: 'New', value: 1 },
  { key: 'return', label: 'Return', value: 0 },
];

describe('describeChange', () => {
  it('says up and down in words and with an arrow, the size without a sign', () => {
    expect(describeChange({ value: 112.5, changePercent: 12.5 })).toEqual({ trend: 'up', arrow: '↑', text: '12.5%', spoken: 'Up 12.5%' });
    expect(describeChange({ value: 80, changePercent: -20 })).toEqual({ trend: 'down', arrow: '↓', text: '20%', spoken: 'Down 20%' });
    expect(describeChange({ value: 1234, changePercent: 1234.5 }).text).toBe('1,234.5%');
  });
  it('is flat at 0 %, and when both periods are empty', () => {
    expect(describeChange({ value: 5, changePercent: 0 })).toMatchObject({ trend: 'flat', arrow: '', spoken: 'No change' });
    expect(describeChange({ value: 0, changePercent: null })).toMatchObject({ trend: 'flat', text: '0%' });
  });
  it('calls a figure with nothing before it new, never NaN or Infinity', () => {
    const change = describeChange({ value: 7, changePercent: null });
    expect(change).toMatchObject({ trend: 'new', text: 'New' });
    expect(change.spoken).not.toMatch(/NaN|Infinity/);
  });
});

describe('formatFigure and formatTick', () => {
  it('writes counts, money, percentages and minutes', () => {
    expect(formatFigure(1234, 'count')).toBe('1,234');
    expect(formatFigure(1234.5, 'money')).toBe('$1,234.50');
    expect(formatFigure(42.25, 'percent')).toBe('42.3%');
    expect(formatFigure(200, 'minutes')).toBe('3 h 20 min');
  });
  it('writes minutes as hours and minutes', () => {
    expect(formatMinutes(0)).toBe('0 min');
    expect(formatMinutes(45)).toBe('45 min');
    expect(formatMinutes(120)).toBe('2 h');
    expect(formatMinutes(59.6)).toBe('1 h');
  });
  it('shortens axis ticks', () => {
    expect(formatTick(12000, 'money')).toBe('$12K');
    expect(formatTick(1500, 'count')).toBe('1.5K');
    expect(formatTick(50, 'minutes')).toBe('50 min');
    expect(formatTick(90, 'minutes')).toBe('1.5 h');
    expect(formatTick(40, 'percent')).toBe('40%');
  });
});

describe('comparison and periods', () => {
  it("says what a stat compares with, in the stat's own format", () => {
    expect(comparisonText('month', 1234, 'count')).toBe('Compared with the previous 30 days: 1,234');
    expect(comparisonText('week', 99.5, 'money')).toBe('Compared with the previous 7 days: $99.50');
  });
  it('names each period and its empty note', () => {
    expect(periodPhrase('week')).toBe('the last 7 days');
    expect(periodPhrase('month')).toBe('the last 30 days');
    expect(periodPhrase('year')).toBe('the last 12 months');
    expect(emptyNote('orders', 'week')).toBe('No orders in the last 7 days');
  });
});

describe('summaries', () => {
  it('sums a series and names its highest bucket', () => {
    expect(summariseSeries('Earnings', points, 'money', 'week')).toBe('Earnings: $420.50 in total over the last 7 days; highest Tue 17 ($300.00).');
    expect(summariseSeries('Applications over time', points, 'count', 'month', false)).toBe('Applications over time: over the last 30 days; highest Tue 17 (300).');
  });
  it('says none for an all-zero or empty series', () => {
    expect(summariseSeries('Earnings', points.map((p) => ({ ...p, value: 0 })), 'money', 'year')).toBe('Earnings: none in the last 12 months.');
    expect(summariseSeries('Earnings', [], 'money', 'week')).toBe('Earnings: none in the last 7 days.');
    expect(hasFigures([])).toBe(false);
    expect(hasFigures(points)).toBe(true);
  });
  it("lists every slice with its share, zero slices too", () => {
    expect(summariseSlices('Orders by status', slices, 'count', 'month')).toBe('Orders by status: Delivered 3 (75%), New 1 (25%), Return 0 (0%).');
    expect(summariseSlices('Orders by status', slices.map((s) => ({ ...s, value: 0 })), 'count', 'week')).toBe('Orders by status: none in the last 7 days.');
  });
  it('computes shares and ratios without dividing by zero', () => {
    expect(share(1, 3)).toBe('33.3%');
    expect(share(0, 0)).toBe('0%');
    expect(ratioPercent(50, 120)).toBe(42);
    expect(ratioPercent(5, 0)).toBe(0);
    expect(ratioPercent(12, 10)).toBe(100);
  });
});

describe('chart tables', () => {
  it('gives a series one row per bucket', () => {
    expect(seriesTable(points, bucketName(t, 'week'), 'Revenue', 'money')).toEqual({
      columns: ['Day', 'Revenue'],
      rows: [
        { key: '2026-11-16', cells: ['Mon 16', '$120.50'] },
        { key: '2026-11-17', cells: ['Tue 17', '$300.00'] },
        { key: '2026-11-18', cells: ['Wed 18', '$0.00'] },
      ],
    });
    expect(bucketName(t, 'year')).toBe('Month');
  });
  it('gives slices their share', () => {
    const table = slicesTable(slices, 'Status', 'Orders', t('dashboards.table.share'), 'count');
    expect(table.columns).toEqual(['Status', 'Orders', 'Share']);
    expect(table.rows.map((row) => row.cells)).toEqual([
      ['Delivered', '3', '75%'],
      ['New', '1', '25%'],
      ['Return', '0', '0%'],
    ]);
  });
});
