import { describe, expect, it } from 'vitest';
import { createTestApi } from './harness';

describe('harness', () => {
  it('serves the seeded users through the router', async () => {
    const { call } = createTestApi();
    const res = await call('GET', '/api/users');
    expect(res.status).toBe(200);
    expect(res.body.meta).toEqual({ page: 1, total: 14, totalPages: 2, firstIndex: 0, lastIndex: 10 });
  });
});
