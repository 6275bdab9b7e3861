/** Large bodies parsed in slices, the event loop free between them (server/http/sliced-json.ts). */
import { describe, expect, it } from 'vitest';
import { parseSliced, SLICE_CHARS } from '../../server/http/sliced-json';

/** Fastify's parser refuses `__proto__` keys; JSON.parse with the same check stands in for it here. */
const leaf = (text: string): unknown => {
  if (/"__proto__"\s*:/.test(text)) throw new SyntaxError('Object contains forbidden prototype property');
  return JSON.parse(text);
};
const outcome = async (text: string) => {
  try {
    return { value: await parseSliced(text, leaf) };
  } catch (error) {
    return { error: (error as Error).name };
  }
};
const big = (n: number) => Array.from({ length: n }, (_, i) => ({ i, text: 'x"\\,:[]{}\u00e9'.repeat(i % 5), list: [i, { nested: null, t: true }], n: -i / 3 }));

describe('a large body parsed in slices', () => {
  it('gives what JSON.parse gives, for every shape', async () => {
    const texts = [
      JSON.stringify(big(10_000)),
      JSON.stringify({ orders: big(8_000), long: 'y'.repeat(3 * SLICE_CHARS), deep: { more: big(5_000), empty: [], none: {} } }),
      `\ufeff  ${JSON.stringify(big(5_000))}\n`,
      `[${'{}   ,'.repeat(100_000)}{}]`,
      `[${' '.repeat(3 * SLICE_CHARS)}]`,
      `{${' '.repeat(3 * SLICE_CHARS)}}`,
      JSON.stringify({ a: 1, a2: big(5_000), b: 2 }).replace('"b":2', '"a":3'),
      JSON.stringify('z'.repeat(4 * SLICE_CHARS)),
    ];
    for (const text of texts) expect(await outcome(text)).toEqual({ value: JSON.parse(text.replace(/^\ufeff/, '')) });
  });

  it('refuses what JSON.parse refuses, wherever the fault is', async () => {
    const items = `${JSON.stringify(big(5_000)).slice(1, -1)}`;
    const texts = [
      `[${items},]`,
      `[,${items}]`,
      `[${items},,1]`,
      `[${items}]]`,
      `[${items}`,
      `[${items}] x`,
      `{"a":[${items}],}`,
      `{"a" [${items}]}`,
      `{"a":[${items}],"b"}`,
      `{1:[${items}]}`,
      `[${items},"open]`,
      `[${items},{"a":1]]`,
    ];
    for (const text of texts) {
      expect(() => JSON.parse(text)).toThrow();
      expect(await outcome(text)).toEqual({ error: 'SyntaxError' });
    }
  });

  it('refuses a `__proto__` key, and a `constructor` holding a `prototype`, in a slice or joined by hand', async () => {
    const items = JSON.stringify(big(5_000));
    for (const text of [`{"__proto__":${items}}`, `{"a":${items},"b":{"__proto__":{"x":1}}}`, `{"constructor":{"prototype":{"x":1},"pad":${items}}}`]) {
      expect((await outcome(text)).error).toBeDefined();
    }
    expect(({} as { x?: number }).x).toBeUndefined();
  });

  it('leaves the event loop free between slices: a body of half a million tiny values in many turns', async () => {
    const text = `{"clientId":"x","mutations":[{"id":1,"name":"POST /api/tickets","query":{},"body":[${'{}   ,'.repeat(500_000)}{}]}]}`;
    let turns = 0;
    let parsing = true;
    const tick = () => {
      turns++;
      if (parsing) setImmediate(tick);
    };
    setImmediate(tick);
    const value = (await parseSliced(text, leaf)) as { mutations: Array<{ body: unknown[] }> };
    parsing = false;
    expect(value.mutations[0]!.body).toHaveLength(500_001);
    // 3 MB at 64 kB of text a turn: about fifty turns (JSON.parse at once: none).
    expect(turns).toBeGreaterThanOrEqual(40);
  });
});
