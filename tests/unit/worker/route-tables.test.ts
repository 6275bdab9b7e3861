import { describe, expect, it } from 'vitest';
import { joinRouteTables } from '../../../sw/api/router';
import type { Route } from '../../../sw/api/context';

const route: Route = { GET: async () => new Response('{}') };

describe('the worker’s route tables, joined', () => {
  it('keeps every path of every table', () => {
    expect(Object.keys(joinRouteTables([{ '/api/a': route }, { '/api/b': route, '/api/b/:id': route }]))).toEqual(['/api/a', '/api/b', '/api/b/:id']);
  });

  it('refuses a path defined twice, instead of letting the later table replace the earlier route', () => {
    expect(() => joinRouteTables([{ '/api/a': route }, { '/api/a': route }])).toThrow('The API path /api/a is defined twice');
    expect(() => joinRouteTables([{ '/api/a/:id': route }, { '/api/a/:key': route }])).toThrow('The API path /api/a/:key is defined twice (as /api/a/:id)');
  });
});
