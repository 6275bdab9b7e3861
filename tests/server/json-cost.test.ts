/**
 * The bound on what a JSON body may cost before it is parsed (server/http/json-cost.ts): for the
 * worst shapes (many tiny values, many keys, floats, short strings, deep nesting), the densest
 * body that is still accepted costs at most a fixed multiple of its size in heap once parsed,
 * measured here with the garbage collector; a denser one is refused unparsed; real writes pass.
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { jsonCost, JsonCostScanner, MAX_ARRAY_ITEMS, MAX_BODY_HEAP, MAX_JSON_DEPTH, MAX_OBJECT_KEYS, tooCostly } from '../../server/http/json-cost';
import { PUSH_BODY_LIMIT } from '../../domain/contract/sync-protocol';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

/** Heap bytes held by the parsed value, per byte of its text. */
function heapPerByte(text: string): number {
  gc();
  const before = process.memoryUsage().heapUsed;
  const value: unknown = JSON.parse(text);
  const after = process.memoryUsage().heapUsed;
  expect(value).toBeTruthy();
  return (after - before) / text.length;
}

const MB = 1024 * 1024;
const accepted = (text: string) => tooCostly(Buffer.from(text)) === undefined;

/** The least padding (spaces after each item) at which `count` items of `item` are accepted (in arrays of MAX_ARRAY_ITEMS, the most one may hold). */
function densestAccepted(count: number, item: (i: number) => string, open = '[', close = ']'): string {
  for (let pad = 0; pad < 64; pad++) {
    const items = Array.from({ length: count }, (_, i) => item(i) + ' '.repeat(pad));
    const groups: string[] = [];
    for (let i = 0; i < items.length; i += MAX_ARRAY_ITEMS) groups.push(`[${items.slice(i, i + MAX_ARRAY_ITEMS).join(',')}]`);
    const text = open + groups.join(',') + close;
    if (accepted(text)) return text;
  }
  throw new Error('never accepted');
}

const order = (n: number) => ({
  invoiceId: `#IN${String(n).padStart(6, '0')}`,
  createAt: new Date(Date.UTC(2026, 0, 1) + n * 60_000).toISOString(),
  deliveredAt: null,
  customer: { id: 1 + (n % 14), name: `Customer ${n}`, email: `c${n}@example.com`, phone: '+1 555 0100' },
  billing: `${n} Main Street`,
  shipping: `${n} Main Street`,
  status: 'new',
  payment: { id: 1, paymentMethod: 'Credit Card', cardNumber: '**** **** **** 4242' },
  items: [{ id: 1, name: 'Classic Sneaker', image: '/images/products/1.svg', price: 89.5, quantity: 1 }],
  taxAmount: 4.5,
  discountAmount: 0,
  shippingChargeAmount: 5,
});

describe('the cost of a JSON body, bounded before parsing', () => {
  const shapes: Record<string, (count: number) => string> = {
    'empty arrays': (n) => densestAccepted(n, () => '[]'),
    'empty objects': (n) => densestAccepted(n, () => '{}'),
    'one key each': (n) => densestAccepted(n, () => '{"a":0}'),
    'unique keys, as many to an object as one may have': (n) =>
      densestAccepted(n / MAX_OBJECT_KEYS, (o) => `{${Array.from({ length: MAX_OBJECT_KEYS }, (_, i) => `"k${o}.${i}":0`).join(',')}}`),
    floats: (n) => densestAccepted(n, (i) => `${i}.5`),
    'short strings': (n) => densestAccepted(n, () => '"ab"'),
    'small integers': (n) => densestAccepted(n, () => '1'),
  };

  for (const [name, make] of Object.entries(shapes)) {
    it(`${name}: the densest accepted body costs at most 16× its size; without padding it is refused`, () => {
      const text = make(200_000);
      expect(heapPerByte(text), name).toBeLessThanOrEqual(16);
      const unpadded = make(200_000).replace(/ +/g, '');
      if (unpadded.length < text.length) expect(accepted(unpadded), `${name} without padding`).toBe(false);
    });
  }

  it('refuses the dense shapes as an attacker sends them (16 MB of `[],`), reading only their bytes', () => {
    // One long array is refused at its 10,001st item; the same values in arrays of 10,000 for their density.
    const grouped = (item: string, count: number) => `[${Array.from({ length: count / MAX_ARRAY_ITEMS }, () => `[${`${item},`.repeat(MAX_ARRAY_ITEMS - 1)}${item}]`).join(',')}]`;
    for (const [item, count] of [
      ['[]', 5_000_000],
      ['{}', 1_000_000],
      ['[{},[]]', 1_000_000],
    ] as const) {
      expect(tooCostly(Buffer.from(`[${`${item},`.repeat(count)}[]]`))).toMatch(/array of more than 10000 items/);
      expect(tooCostly(Buffer.from(grouped(item, count)))).toMatch(/far more values/);
    }
  });

  it('refuses an object of more keys than any write has, wherever it is, reading only its bytes', () => {
    const keys = (count: number) => `{${Array.from({ length: count }, (_, i) => `"k${i}":0`).join(',')}}`;
    expect(tooCostly(Buffer.from(keys(MAX_OBJECT_KEYS)))).toBeUndefined();
    expect(tooCostly(Buffer.from(keys(MAX_OBJECT_KEYS + 1)))).toMatch(/more than 1000 keys/);
    expect(tooCostly(Buffer.from(`{"clientId":"c","mutations":[{"id":1,"query":{},"body":{"a":[1,{"b":${keys(300_000)}}]}}]}`))).toMatch(/more than 1000 keys/);
    // Keys of sibling and nested objects are each their own: 600 here and 600 inside are fine.
    expect(tooCostly(Buffer.from(`[${keys(600)},${keys(600)},{"x":${keys(600)},${keys(600).slice(1, -1)}}]`))).toBeUndefined();
  });

  it('refuses a body estimated past MAX_BODY_HEAP however it is spread; a push of imports up to the limit passes', () => {
    // 8 MB of padded empty objects: under the density limit, but its parse and a write's copy of it would fill the heap.
    const dense = `{"clientId":"c","mutations":[{"id":1,"name":"POST /api/tickets","query":{},"body":[${Array.from({ length: 140 }, () => `[${'{}   ,'.repeat(MAX_ARRAY_ITEMS - 1)}{}]`).join(',')}]}]}`;
    expect(jsonCost(Buffer.from(dense)).heap).toBeGreaterThan(MAX_BODY_HEAP);
    expect(tooCostly(Buffer.from(dense))).toMatch(/more values than any write/);
    const orders = (from: number) => ({ orders: Array.from({ length: 5000 }, (_, i) => order(from + i)) });
    const mutations = [];
    for (let m = 0; JSON.stringify({ clientId: 'c', mutations }).length < PUSH_BODY_LIMIT - 3.5 * MB; m++) mutations.push({ id: m + 1, name: 'POST /api/orders/bulk', query: {}, body: orders(m * 5000) });
    const imports = Buffer.from(JSON.stringify({ clientId: 'c', mutations }));
    expect(imports.length).toBeGreaterThan(PUSH_BODY_LIMIT * 0.6);
    expect(tooCostly(imports)).toBeUndefined();
    expect(jsonCost(imports).heap * (PUSH_BODY_LIMIT / imports.length)).toBeLessThan(MAX_BODY_HEAP * 0.75);
  });

  it('refuses an array of more items than any write has, wherever it is, reading only its bytes', () => {
    const items = (count: number) => `[${Array.from({ length: count }, () => '{}   ').join(',')}]`;
    expect(tooCostly(Buffer.from(items(MAX_ARRAY_ITEMS)))).toBeUndefined();
    expect(tooCostly(Buffer.from(items(MAX_ARRAY_ITEMS + 1)))).toMatch(/array of more than 10000 items/);
    // The hostile bench's body: 500,000 padded empty objects, under the density limit; refused once its 10,001st item is read.
    const dense = `{"clientId":"c","mutations":[{"id":1,"name":"POST /api/tickets","query":{},"body":[${'{}   ,'.repeat(500_000)}{}]}]}`;
    const scanner = new JsonCostScanner();
    const bytes = Buffer.from(dense);
    let read = 0;
    for (; read < bytes.length && scanner.cost.longest <= MAX_ARRAY_ITEMS; read += 16 * 1024) scanner.scan(bytes.subarray(read, read + 16 * 1024));
    expect(scanner.cost.longest).toBeGreaterThan(MAX_ARRAY_ITEMS);
    expect(read).toBeLessThan(100 * 1024);
    // Items of sibling and nested arrays are each their own; commas in strings and objects are not items.
    expect(tooCostly(Buffer.from(`[${items(6_000)},${items(6_000)},[${items(6_000)},${items(6_000).slice(1, -1)}],{${Array.from({ length: 900 }, (_, i) => `"k${i}":"a,b"`).join(',')}}]`))).toBeUndefined();
  });

  it('refuses nesting past its depth, however long, and counts brackets inside strings as text', () => {
    expect(tooCostly(Buffer.from('['.repeat(MAX_JSON_DEPTH + 1) + ']'.repeat(MAX_JSON_DEPTH + 1)))).toMatch(/nested more than/);
    expect(tooCostly(Buffer.from('['.repeat(1_000_000)))).toMatch(/nested more than/);
    expect(tooCostly(Buffer.from(JSON.stringify({ text: '[[[[{{{{'.repeat(100) + '\\"' + ',,,,:::'.repeat(1000) })))).toBeUndefined();
  });

  it('accepts real writes: 5,000 orders in one import, 100 bulk deletes of 1,000 ids, a file upload', () => {
    const orders = JSON.stringify({ clientId: 'c', mutations: [{ id: 1, name: 'POST /api/orders/bulk', query: {}, body: { orders: Array.from({ length: 5000 }, (_, i) => order(i)) } }] });
    expect(accepted(orders)).toBe(true);
    expect(heapPerByte(orders)).toBeLessThan(4);
    const ids = JSON.stringify({ clientId: 'c', mutations: Array.from({ length: 100 }, (_, m) => ({ id: m + 1, name: 'POST /api/users/bulk-delete', query: {}, body: { ids: Array.from({ length: 1000 }, (_, i) => i + 1) } })) });
    expect(accepted(ids)).toBe(true);
    const file = JSON.stringify({ clientId: 'c', mutations: [{ id: 1, name: 'POST /api/files', query: {}, body: { id: 'x', type: 'image/png', data: 'A'.repeat(4 * MB) } }] });
    expect(accepted(file)).toBe(true);
  });

  it('scanned a chunk at a time as a body arrives, the cost is the same as in one pass, whatever the cuts (escapes and strings across them)', () => {
    const texts = [
      JSON.stringify({ a: ['x\\', 'y"z', '\\"'], b: { c: [1, 2, { d: '[{,:' }] }, e: 'q\\\\' }),
      JSON.stringify({ clientId: 'c', mutations: [{ id: 1, name: 'POST /api/orders/bulk', query: {}, body: { orders: Array.from({ length: 50 }, (_, i) => order(i)) } }] }),
      `[${'{"k\\"":"v\\\\",'.repeat(200)}{}]`,
    ];
    let seed = 7;
    const random = () => ((seed = (seed * 16807) % 2147483647) / 2147483647);
    for (const text of texts) {
      const bytes = Buffer.from(text);
      const whole = jsonCost(bytes);
      for (let run = 0; run < 50; run++) {
        const scanner = new JsonCostScanner();
        let at = 0;
        while (at < bytes.length) {
          const next = Math.min(bytes.length, at + 1 + Math.floor(random() * 20));
          scanner.scan(bytes.subarray(at, next));
          at = next;
        }
        expect(scanner.cost).toEqual(whole);
      }
    }
  });
});
