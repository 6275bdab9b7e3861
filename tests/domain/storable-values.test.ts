import { describe, expect, it } from 'vitest';
import { assertStorable, MAX_NESTING, unstorableValue } from '../../domain/sync/storable-values';

const nested = (levels: number): unknown => (levels === 0 ? 'leaf' : { a: nested(levels - 1) });

describe('what the database can store (one rule for the worker and the server)', () => {
  it('finds a NUL in a string, in a key, deep in arrays, and names where', () => {
    expect(unstorableValue({ name: 'a\u0000b' })).toMatchObject({ path: '(body).name', problem: expect.stringMatching(/NUL/) });
    expect(unstorableValue({ items: [{ x: 1 }, { ['k\u0000']: 1 }] })?.path).toBe('(body).items.1.k\\u0000');
    expect(unstorableValue({ items: [{ name: 'ok' }, { name: ['fine', '\u0000'] }] })?.path).toBe('(body).items.1.name.1');
    expect(unstorableValue('\u0000', 'query.id')?.path).toBe('query.id');
  });

  it('finds lone surrogates but keeps real pairs (emoji) and every other character', () => {
    expect(unstorableValue({ name: 'x\ud83d' })?.problem).toMatch(/surrogate/);
    expect(unstorableValue({ name: '\ude00x' })?.problem).toMatch(/surrogate/);
    expect(unstorableValue({ name: 'Café 😀 \u0001 \t ✓ مرحبا' })).toBeUndefined();
  });

  it('finds numbers JSON cannot carry (1e400 parses to Infinity)', () => {
    expect(unstorableValue(JSON.parse('{"price":1e400}'))?.path).toBe('(body).price');
    expect(unstorableValue({ price: Number.NaN })?.problem).toMatch(/finite/);
    expect(unstorableValue({ price: 1e300, n: -0, ok: null, yes: true })).toBeUndefined();
  });

  it('refuses nesting deeper than the contract uses, without recursion (100,000 levels)', () => {
    expect(unstorableValue(nested(MAX_NESTING))).toBeUndefined();
    expect(unstorableValue(nested(MAX_NESTING + 1))?.problem).toMatch(/nested/);
    const deep = JSON.parse('['.repeat(100_000) + ']'.repeat(100_000)) as unknown;
    expect(unstorableValue(deep)?.problem).toMatch(/nested/);
  });

  it('answers a 400 naming the field', () => {
    expect(() => assertStorable({ name: 'a\u0000' })).toThrow(expect.objectContaining({ status: 400, message: expect.stringContaining('(body).name contains a NUL') }));
    expect(() => assertStorable({ name: 'fine' })).not.toThrow();
  });
});
