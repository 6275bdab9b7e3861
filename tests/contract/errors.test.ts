import { describe, it, expect, beforeEach } from 'vitest';
import { createTestApi, type ApiAnswer } from './support/harness';
import { expectError, qs } from './support/helpers';

let api: ReturnType<typeof createTestApi>;
beforeEach(() => {
  api = createTestApi();
});

/** Every write endpoint that takes a JSON object body, with a valid target where one is needed. */
const bodyEndpoints: Array<[string, string]> = [
  ['POST', '/api/users'],
  ['PUT', '/api/users?id=1'],
  ['POST', '/api/products'],
  ['PUT', '/api/products?id=1'],
  ['PATCH', '/api/orders?id=1'],
  ['POST', '/api/invoices'],
  ['PUT', '/api/invoices?id=INV-001'],
];

const lists: Array<[string, string]> = [
  ['/api/users', 'users'],
  ['/api/products', 'products'],
  ['/api/orders', 'orders'],
  ['/api/invoices', 'invoices'],
];

/** Record counts of every resource, to prove a rejected write changed nothing. */
async function snapshot(): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const [path, key] of lists) counts[key] = (await api.call('GET', path)).body.meta.total;
  counts.reviews = (await api.call('GET', '/api/reviews')).body.reviews.length;
  return counts;
}

describe('unknown paths', () => {
  for (const path of ['/api/nothing', '/api/users/123', '/api/orders/unknown', '/api']) {
    it(`${path} is a 404 JSON {message}`, async () => {
      const res = await api.call('GET', path);
      expectError(res, 404);
      expect(res.body.message.length).toBeGreaterThan(0);
    });
  }

  it('an unknown path is 404 whatever the method', async () => {
    expectError(await api.call('POST', '/api/nothing', { a: 1 }), 404);
    expect(api.changes).toEqual([]);
  });
});

describe('wrong method', () => {
  const cases: Array<[string, string, string[], string[]]> = [
    // method, path, methods the Allow header must list, methods it must not list
    ['PATCH', '/api/users', ['GET', 'POST', 'PUT', 'DELETE'], ['PATCH']],
    ['PUT', '/api/orders', ['GET', 'POST', 'PATCH', 'DELETE'], ['PUT']],
    ['PATCH', '/api/products', ['GET', 'POST', 'PUT', 'DELETE'], ['PATCH']],
    ['PATCH', '/api/invoices', ['GET', 'POST', 'PUT', 'DELETE'], ['PATCH']],
    ['PUT', '/api/reviews/bulk', ['POST'], ['PUT', 'GET']],
    ['POST', '/api/users/status', ['GET'], ['POST']],
    ['PUT', '/api/orders/histories', ['GET'], ['PUT']],
  ];
  for (const [method, path, allowed, notAllowed] of cases) {
    it(`${method} ${path} is a 405 JSON with an Allow header`, async () => {
      const before = await snapshot();
      const res = await api.call(method, path, method === 'DELETE' ? undefined : { status: 'new' });
      expectError(res, 405);
      const allow = (res.headers.get('allow') ?? '').split(',').map((m) => m.trim().toUpperCase());
      for (const m of allowed) expect(allow).toContain(m);
      for (const m of notAllowed) expect(allow).not.toContain(m);
      expect(api.changes).toEqual([]);
      expect(await snapshot()).toEqual(before);
    });
  }
});

describe('bad bodies', () => {
  for (const [method, path] of bodyEndpoints) {
    it(`${method} ${path}: a body that is not valid JSON is a 400`, async () => {
      const before = await snapshot();
      const res = await api.call(method, path, '{"name": "broken",');
      expectError(res, 400);
      expect(api.changes).toEqual([]);
      expect(await snapshot()).toEqual(before);
    });

    for (const [what, body] of [
      ['an array', '[]'],
      ['an array of objects', '[{"name":"x"}]'],
      ['null', 'null'],
      ['empty', ''],
      ['whitespace', '   '],
      ['a number', '42'],
      ['a string', '"hello"'],
    ] as const) {
      it(`${method} ${path}: a body that is ${what} is 400 'Invalid request'`, async () => {
        const res = await api.call(method, path, body);
        expectError(res, 400, 'Invalid request');
        expect(api.changes).toEqual([]);
      });
    }
  }
});

describe('odd list parameters never cause a 5xx', () => {
  const longSearch = 'x'.repeat(10_000);
  const oddParams: Array<Record<string, string | number>> = [
    { page: -1 },
    { page: 0 },
    { page: 'abc' },
    { page: 1.5 },
    { page: 999999 },
    { page: '1e9' },
    { search: longSearch },
    { search: longSearch, page: 2 },
    { search: '%_*?[]().+^$\\' },
  ];
  for (const [path, key] of lists) {
    for (const params of oddParams) {
      const label = Object.entries(params)
        .map(([k, v]) => `${k}=${String(v).length > 20 ? `<${String(v).length} chars>` : v}`)
        .join('&');
      it(`GET ${path}?${label}`, async () => {
        const res = await api.call('GET', `${path}${qs(params)}`);
        expect(res.status).toBeLessThan(500);
        expect(res.body).toBeTypeOf('object');
        if (res.status === 200) {
          expect(Array.isArray(res.body[key])).toBe(true);
          expect(res.body[key].length).toBeLessThanOrEqual(10);
          expect(res.body.meta).toBeTypeOf('object');
        } else {
          expectError(res, res.status);
        }
      });
    }
  }

  it('page=999999 is an empty list, never an error', async () => {
    const res = await api.call('GET', '/api/users?page=999999');
    expect(res.status).toBe(200);
    expect(res.body.users).toEqual([]);
    expect(res.body.meta.total).toBe(14);
  });
});

describe('every error is JSON with a string message', () => {
  it('across resources and kinds of error', async () => {
    const answers: ApiAnswer[] = [
      await api.call('GET', '/api/nope'),
      await api.call('PATCH', '/api/users'),
      await api.call('POST', '/api/users'),
      await api.call('POST', '/api/users', '{oops'),
      await api.call('POST', '/api/users', { name: 42 }),
      await api.call('GET', '/api/users?id=999'),
      await api.call('GET', '/api/users?id=abc'),
      await api.call('GET', '/api/users?status=nope'),
      await api.call('DELETE', '/api/users'),
      await api.call('POST', '/api/products', { price: -1 }),
      await api.call('DELETE', '/api/products?id=999'),
      await api.call('GET', '/api/products?id=x'),
      await api.call('GET', '/api/reviews?productId=abc'),
      await api.call('GET', '/api/reviews?productId=999'),
      await api.call('GET', '/api/products?category=weapons'),
      await api.call('POST', '/api/reviews', { productId: 1, rating: 6, review: 'Too good' }),
      await api.call('PATCH', '/api/reviews?id=999', { vote: 'like' }),
      await api.call('DELETE', '/api/reviews?id=999'),
      await api.call('PATCH', '/api/orders?id=999', { status: 'new' }),
      await api.call('PATCH', '/api/orders?id=1', { totalAmount: 0 }),
      await api.call('GET', '/api/orders?payment=Cash'),
      await api.call('DELETE', '/api/orders?id=999'),
      await api.call('GET', '/api/invoices?id=INV-999'),
      await api.call('PUT', '/api/invoices', {}),
      await api.call('DELETE', '/api/invoices?id=INV-999'),
    ];
    for (const res of answers) {
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
      expectError(res, res.status);
      expect(res.body.message.trim().length).toBeGreaterThan(0);
    }
    expect(api.changes).toEqual([]);
  });
});

describe('a long search', () => {
  it('uses its first 200 characters: 10,000 x match nothing rather than everything', async () => {
    const res = await api.call('GET', `/api/users?search=${'x'.repeat(10_000)}`);
    expect(res.status).toBe(200);
    expect(res.body.users).toEqual([]);
    expect(res.body.meta.total).toBe(0);
  });
});
