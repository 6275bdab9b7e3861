import { describe, expect, it } from 'vitest';
import { barHeight, labelled, labelStep, MAX_INTERVALS, MIN_BAR_PX, seriesDensity, seriesShape, textWidth, valueAxis } from '@/components/dashboard/charts/chart-layout';
import { emptyNote, formatTick, periodDates } from '@/components/dashboard/format';

const points = (...values: number[]) => values.map((value) => ({ value }));

describe('valueAxis: from 0 to a round top, at most 5 intervals', () => {
  it('counts: whole ticks only, from 1 order to 100,000', () => {
    expect(valueAxis(1, 'count')).toEqual({ top: 1, ticks: [0, 1] });
    expect(valueAxis(2, 'count')).toEqual({ top: 2, ticks: [0, 1, 2] });
    expect(valueAxis(3, 'count')).toEqual({ top: 3, ticks: [0, 1, 2, 3] });
    expect(valueAxis(7, 'count')).toEqual({ top: 8, ticks: [0, 2, 4, 6, 8] });
    expect(valueAxis(11, 'count')).toEqual({ top: 15, ticks: [0, 5, 10, 15] });
    expect(valueAxis(98_765, 'count')).toEqual({ top: 100_000, ticks: [0, 20_000, 40_000, 60_000, 80_000, 100_000] });
  });

  it('money: decimals when the figures are small, round millions when large', () => {
    expect(valueAxis(30, 'money')).toEqual({ top: 30, ticks: [0, 10, 20, 30] });
    expect(valueAxis(0.07, 'money')).toEqual({ top: 0.08, ticks: [0, 0.02, 0.04, 0.06, 0.08] });
    expect(valueAxis(0.3, 'money')).toEqual({ top: 0.3, ticks: [0, 0.1, 0.2, 0.3] });
    expect(valueAxis(1_234_567.89, 'money')).toEqual({ top: 1_500_000, ticks: [0, 500_000, 1_000_000, 1_500_000] });
  });

  it('minutes: whole minutes up to 80, half hours above, whole hours from 2 hours on', () => {
    expect(valueAxis(45, 'minutes')).toEqual({ top: 50, ticks: [0, 10, 20, 30, 40, 50] });
    expect(valueAxis(80, 'minutes')).toEqual({ top: 80, ticks: [0, 20, 40, 60, 80] });
    expect(valueAxis(110, 'minutes')).toEqual({ top: 120, ticks: [0, 30, 60, 90, 120] });
    expect(valueAxis(150, 'minutes')).toEqual({ top: 180, ticks: [0, 60, 120, 180] });
    expect(valueAxis(1_000, 'minutes').ticks.every((tick) => tick % 60 === 0)).toBe(true);
  });

  it('nothing to scale (0, negative, NaN) still gives an axis of 0 to 1, never an invented start', () => {
    for (const max of [0, -5, Number.NaN]) expect(valueAxis(max, 'count')).toEqual({ top: 1, ticks: [0, 1] });
  });

  it('for any figure: starts at 0, ends at or above it, evenly, within the bound', () => {
    for (const format of ['count', 'money', 'percent', 'minutes'] as const) {
      for (let max = 0.013; max < 5e7; max *= 1.37) {
        const { top, ticks } = valueAxis(max, format);
        expect(ticks[0]).toBe(0);
        expect(top).toBeGreaterThanOrEqual(max);
        expect(ticks.length - 1).toBeLessThanOrEqual(MAX_INTERVALS);
        expect(ticks.length).toBeGreaterThanOrEqual(2);
        // The top is never more than twice what is needed (the axis does not squash the figures).
        if (format === 'money' || format === 'percent') expect(top).toBeLessThan(max * 2.5);
        const step = ticks[1]! - ticks[0]!;
        ticks.forEach((tick, i) => expect(tick).toBeCloseTo(i * step, 9));
        if (format === 'count') expect(ticks.every(Number.isInteger)).toBe(true);
      }
    }
  });
});

describe('compact tick labels', () => {
  it('large values are short, money keeps its currency, minutes become hours', () => {
    expect(valueAxis(98_765, 'count').ticks.map((t) => formatTick(t, 'count'))).toEqual(['0', '20K', '40K', '60K', '80K', '100K']);
    expect(valueAxis(3_400_000, 'money').ticks.map((t) => formatTick(t, 'money'))).toEqual(['$0', '$1M', '$2M', '$3M', '$4M']);
    expect(formatTick(1_200, 'money')).toBe('$1.2K');
    expect(formatTick(0.5, 'money')).toBe('$0.5');
    expect(valueAxis(150, 'minutes').ticks.map((t) => formatTick(t, 'minutes'))).toEqual(['0 min', '1 h', '2 h', '3 h']);
    expect(formatTick(45, 'minutes')).toBe('45 min');
    // No tick of a minutes axis is wider than a phone's axis takes (6 characters), whatever the largest figure.
    for (let max = 1; max <= 2_000; max++) {
      for (const tick of valueAxis(max, 'minutes').ticks) expect(formatTick(tick, 'minutes').length, `${max}: ${tick}`).toBeLessThanOrEqual(6);
    }
    expect(valueAxis(110, 'minutes').ticks.map((t) => formatTick(t, 'minutes'))).toEqual(['0 min', '30 min', '1 h', '1.5 h', '2 h']);
  });
});

describe('x labels never overlap', () => {
  const days = Array.from({ length: 30 }, (_, i) => `Mon ${i + 1}`);

  it('skips labels so that each has its width and a gap, on a phone and on a desktop', () => {
    for (const width of [280, 330, 700, 1100]) {
      const bandStep = width / days.length;
      const step = labelStep(days, bandStep, 11);
      // Two written labels are `step` bands apart: at least the widest label plus the gap.
      expect(step * bandStep).toBeGreaterThanOrEqual(textWidth('Mon 30', 11) + 8);
      // And no more skipping than that needs.
      expect((step - 1) * bandStep).toBeLessThan(textWidth('Mon 30', 11) + 8);
    }
    expect(labelStep(days, 9, 11)).toBeGreaterThan(1);
    expect(labelStep(['Jan', 'Feb'], 200, 11)).toBe(1);
    expect(labelStep([], 10, 11)).toBe(1);
  });

  it('counts back from the latest bucket, which is always labelled', () => {
    const shown = Array.from({ length: 30 }, (_, i) => i).filter((i) => labelled(i, 30, 7));
    expect(shown).toEqual([1, 8, 15, 22, 29]);
    expect(labelled(0, 1, 5)).toBe(true);
  });
});

describe('bars and shapes', () => {
  it('a non-zero value gets a visible bar however small; zero draws none', () => {
    expect(barHeight(0, 0)).toBe(0);
    expect(barHeight(5, 0.04)).toBe(MIN_BAR_PX);
    expect(barHeight(5000, 180)).toBe(180);
  });

  it('density: empty, sparse (fewer than half the buckets), dense', () => {
    expect(seriesDensity([])).toBe('empty');
    expect(seriesDensity(points(0, 0, 0))).toBe('empty');
    expect(seriesDensity(points(0, 4, 0, 0, 0, 0, 9, 0))).toBe('sparse');
    expect(seriesDensity(points(1, 0, 2, 0))).toBe('dense');
    expect(seriesDensity(points(3))).toBe('dense');
  });

  it('an area over a sparse series is drawn as bars (no needle peaks); bars stay bars', () => {
    const month = points(...Array.from({ length: 30 }, (_, i) => (i === 4 || i === 20 ? 120 : 0)));
    expect(seriesShape(month, 'area')).toBe('bar');
    expect(seriesShape(points(...Array.from({ length: 30 }, (_, i) => i + 1)), 'area')).toBe('area');
    expect(seriesShape(month, 'bar')).toBe('bar');
  });
});

describe('an empty period says which', () => {
  it('names the window and its dates (the range ends exclusive)', () => {
    const month = { from: '2026-10-28T00:00:00.000Z', to: '2026-11-27T00:00:00.000Z' };
    expect(periodDates('month', month)).toMatch(/^Oct 28\s–\sNov 26, 2026$/);
    expect(periodDates('year', { from: '2025-12-01T00:00:00.000Z', to: '2026-12-01T00:00:00.000Z' })).toMatch(/^Dec 2025\s–\sNov 2026$/);
    expect(emptyNote('orders', 'month', month)).toMatch(/^No orders in the last 30 days \(Oct 28\s–\sNov 26, 2026\)$/);
    expect(emptyNote('orders', 'month')).toBe('No orders in the last 30 days');
    expect(periodDates('week', { from: 'nonsense', to: '2026-11-27T00:00:00.000Z' })).toBe('');
  });
});
