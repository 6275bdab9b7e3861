import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { isoInstant } from '../../domain/orders/iso-instant';

describe('isoInstant', () => {
  it('answers what Date#toISOString answers for any whole millisecond of a four-digit year', () => {
    fc.assert(
      fc.property(fc.integer({ min: -62_167_219_200_000, max: 253_402_300_799_999 }), (ms) => {
        expect(isoInstant(ms)).toBe(new Date(ms).toISOString());
      }),
      { numRuns: 20_000, seed: 14 },
    );
  });

  it('agrees at the edges: year 0000, the epoch, leap days, year 9999, and past it', () => {
    const edges = [-62_167_219_200_000, -1, 0, 951_782_400_000, 951_868_799_999, 4_107_542_400_000, 253_402_300_799_999, 253_402_300_800_000, -62_167_219_200_001];
    for (const ms of edges) expect(isoInstant(ms)).toBe(new Date(ms).toISOString());
    expect(isoInstant(1.5)).toBe(new Date(1.5).toISOString());
    expect(() => isoInstant(Number.NaN)).toThrow(RangeError);
  });
});
