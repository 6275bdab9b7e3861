import { describe, expect, it, vi } from 'vitest';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import type { SeriesPoint, Slice } from '@schema/dashboard';
import { SeriesChart, type SeriesChartProps } from '@/components/dashboard/charts/series-chart';
import { DonutChart } from '@/components/dashboard/charts/donut-chart';
import { MIN_BAR_PX, textWidth } from '@/components/dashboard/charts/chart-layout';

// A drawing needs its box's width, which a server render does not measure: give it a phone's card.
const WIDTH = 326;
vi.mock('@/components/dashboard/charts/use-width', () => ({ useWidth: () => [{ current: null }, 326] }));

/** The x labels' baseline: the chart's height (240) less its bottom margin (24), plus 16. */
const LABEL_Y = 232;

const day = (i: number, value: number): SeriesPoint => ({ key: `2026-11-${String(i + 1).padStart(2, '0')}`, label: `Mon ${i + 1}`, value });
const month = (valueOf: (i: number) => number) => Array.from({ length: 30 }, (_, i) => day(i, valueOf(i)));

function drawSeries(points: SeriesPoint[], kind: SeriesChartProps['kind'] = 'bar', format: SeriesChartProps['format'] = 'money') {
  const html = renderToString(createElement(SeriesChart, { kind, points, name: 'Revenue', format, label: 'Revenue' })).replace(/<!-- -->/g, '');
  const bars = [...html.matchAll(/<rect[^>]*data-value="([^"]+)"[^>]*>/g)].map((match) => ({ value: Number(match[1]), height: Number(/height="([^"]+)"/.exec(match[0])![1]) }));
  const dots = [...html.matchAll(/<circle[^>]*data-value="([^"]+)"/g)].map((match) => Number(match[1]));
  const labels = [...html.matchAll(new RegExp(`<text x="([^"]+)" y="${LABEL_Y}"[^>]*>([^<]*)</text>`, 'g'))].map((match) => ({ x: Number(match[1]), text: match[2]! }));
  const ticks = [...html.matchAll(/<text x="[^"]+" y="[^"]+" dy="0.32em"[^>]*>([^<]*)<\/text>/g)].map((match) => match[1]!);
  const lines = (html.match(/<path/g) ?? []).length;
  return { html, bars, dots, labels, ticks, lines };
}

/** No two written x labels overlap, and each lies inside the drawing. */
function expectApart(labels: Array<{ x: number; text: string }>) {
  const sorted = [...labels].sort((a, b) => a.x - b.x);
  for (const label of sorted) {
    const half = textWidth(label.text, 11) / 2;
    expect(label.x - half).toBeGreaterThanOrEqual(-0.001);
    expect(label.x + half).toBeLessThanOrEqual(WIDTH + 0.001);
  }
  for (let i = 1; i < sorted.length; i++) {
    const gap = sorted[i]!.x - sorted[i - 1]!.x - (textWidth(sorted[i]!.text, 11) + textWidth(sorted[i - 1]!.text, 11)) / 2;
    expect(gap, `${sorted[i - 1]!.text} and ${sorted[i]!.text}`).toBeGreaterThan(0);
  }
}

describe('series chart with 0, 1, 2 and many points (a 326 px card on a 390 px phone)', () => {
  it('0 points: an axis from 0 to 1, no bar, nothing broken', () => {
    const { html, bars, labels, ticks } = drawSeries([], 'bar', 'count');
    expect(bars).toEqual([]);
    expect(labels).toEqual([]);
    expect(ticks).toEqual(['0', '1']);
    expect(html).not.toMatch(/NaN|Infinity|undefined/);
  });

  it('1 point: its bar up to the round top, and its label', () => {
    const { bars, labels, ticks } = drawSeries([day(0, 30)]);
    expect(bars.map((bar) => bar.value)).toEqual([30]);
    expect(bars[0]!.height).toBeCloseTo(240 - 24 - 12, 6);
    expect(labels.map((label) => label.text)).toEqual(['Mon 1']);
    expect(ticks).toEqual(['$0', '$10', '$20', '$30']);
  });

  it('2 points, one of them zero: one bar, the zero day left empty, both labelled', () => {
    const { bars, labels } = drawSeries([day(0, 0), day(1, 12.5)]);
    expect(bars.map((bar) => bar.value)).toEqual([12.5]);
    expect(labels.map((label) => label.text)).toEqual(['Mon 1', 'Mon 2']);
    expectApart(labels);
  });

  it('a sparse month asked as an area draws as bars: one per day with orders, none between, no line', () => {
    const { bars, lines, labels, html } = drawSeries(month((i) => (i === 3 ? 8 : i === 20 ? 5000 : 0)), 'area');
    expect(bars.map((bar) => bar.value)).toEqual([8, 5000]);
    // $8 beside $5,000 would be 0.3 px: it is drawn at the minimum height.
    expect(bars[0]!.height).toBe(MIN_BAR_PX);
    expect(lines).toBe(0);
    expect(labels.length).toBeLessThan(30);
    expect(labels.at(-1)!.text).toBe('Mon 30');
    expectApart(labels);
    expect(html).not.toMatch(/NaN|Infinity/);
  });

  it('a dense month as an area: a monotone line with a dot on each day with a figure, compact ticks for 100,000 orders', () => {
    const { lines, dots, bars, ticks, labels } = drawSeries(month((i) => (i % 5 === 0 ? 0 : 3000 + i * 1000)), 'area', 'count');
    expect(lines).toBe(2);
    expect(bars).toEqual([]);
    expect(dots).toHaveLength(24);
    expect(ticks).toEqual(['0', '10K', '20K', '30K', '40K']);
    expectApart(labels);
  });

  it('a year of millions: at most 6 short money ticks, and the months labelled without overlap', () => {
    const months = Array.from({ length: 12 }, (_, i) => ({ key: `2026-${i + 1}`, label: `${['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'][i]} 2026`, value: 800_000 + i * 123_456.78 }));
    const { ticks, labels, bars } = drawSeries(months);
    expect(ticks.length).toBeLessThanOrEqual(6);
    expect(ticks.at(-1)).toBe('$2.5M');
    expect(bars).toHaveLength(12);
    expect(labels.at(-1)!.text).toBe('Dec 2026');
    expectApart(labels);
  });
});

describe('donut with one slice', () => {
  const slices = (values: number[]): Slice[] => ['Delivered', 'Pending', 'Return'].map((label, i) => ({ key: label.toLowerCase(), label, value: values[i]! }));
  const draw = (values: number[], donut: boolean) =>
    renderToString(createElement(DonutChart, { slices: slices(values), format: 'count', label: 'Orders by status', donut, ...(donut ? { totalLabel: 'orders' } : {}) })).replace(/<!-- -->/g, '');

  it('a full ring that names its slice, with the legend giving every value and share', () => {
    for (const donut of [true, false]) {
      const html = draw([15, 0, 0], donut);
      expect(html.match(/<path/g)).toHaveLength(1);
      expect(html).toContain('>all Delivered</text>');
      expect(html).toContain('>15</text>');
      expect(html).toMatch(/Delivered<\/span><span[^>]*>15<\/span><span[^>]*>100%<\/span>/);
      expect(html).toMatch(/Return<\/span><span[^>]*>0<\/span><span[^>]*>0%<\/span>/);
    }
  });

  it('two slices: no "all" caption; a pie keeps no middle text', () => {
    expect(draw([10, 5, 0], true)).not.toContain('all ');
    const pie = draw([10, 5, 0], false);
    expect(pie.match(/<path/g)).toHaveLength(2);
    expect(pie).not.toContain('</text>');
  });
});
