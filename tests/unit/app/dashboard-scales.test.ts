import { describe, expect, it } from 'vitest';
import { scaleBand, scaleLinear } from '@visx/scale';
import { bandScale, niceLinearScale } from '@/components/dashboard/charts/scales';

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

  it('linear: the nice domain, positions and ticks, for counts, money and minutes', () => {
    for (const max of [1, 3, 7, 9.5, 10, 42, 99, 120, 777.77, 1000, 1234.5, 98765.43, 0.3, 0.07]) {
      const range = [216, 12] as const;
      const ours = niceLinearScale([0, max], range);
      const d3 = scaleLinear<number>({ domain: [0, max], range: [...range], nice: true });
      expect(ours.domain()).toEqual(d3.domain());
      for (const value of [0, max / 3, max / 2, max]) expect(ours(value)).toBeCloseTo(d3(value), 9);
      for (const count of [4, 10]) expect(ours.ticks(count)).toEqual(d3.ticks(count));
    }
  });
});
