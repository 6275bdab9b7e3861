import { describe, expect, it } from 'vitest';
import { scaleBand, scaleLinear } from '@visx/scale';
import { bandScale, linearScale } from '@/components/dashboard/charts/scales';

// The charts' own scales against the d3 ones (through @visx/scale, as the charts used them before).
describe('chart scales match d3-scale', () => {
  const keysOf = (n: number) => Array.from({ length: n }, (_, i) => `k${i}`);

  it('band: starts, bandwidth and step, left to right and mirrored (RTL), with and without padding', () => {
    for (const n of [0, 1, 2, 7, 12, 30, 31]) {
      for (const range of [[52, 380], [380, 8], [52, 1180]] as const) {
        for (const padding of [0, 0.25]) {
          const keys = keysOf(n);
          const ours = bandScale(keys, range, padding);
          const d3 = scaleBand<string>({ domain: keys, range: [...range], padding });
          expect(ours.bandwidth()).toBeCloseTo(d3.bandwidth(), 9);
          expect(ours.step()).toBeCloseTo(d3.step(), 9);
          for (const key of keys) expect(ours(key)).toBeCloseTo(d3(key) ?? NaN, 9);
          expect(ours('missing')).toBeUndefined();
        }
      }
    }
  });

  it('linear: positions across the value axis, and the middle for an empty domain', () => {
    for (const top of [1, 8, 30, 1_500_000, 0.08]) {
      const range = [216, 12] as const;
      const ours = linearScale([0, top], range);
      const d3 = scaleLinear<number>({ domain: [0, top], range: [...range] });
      for (const value of [0, top / 3, top / 2, top]) expect(ours(value)).toBeCloseTo(d3(value), 9);
    }
    expect(linearScale([5, 5], [200, 0])(5)).toBe(100);
  });
});
