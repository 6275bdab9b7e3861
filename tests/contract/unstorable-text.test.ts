/**
 * A write holding what the shop server's database cannot store (a NUL, a lone surrogate, 1e400)
 * is refused by the worker at once with a 400 naming the field, and changes nothing: so it never
 * reaches the outbox of a shared shop, where it would stop the device's sync behind it.
 */
import { describe, expect, it } from 'vitest';
import { createTestApi } from './support/harness';

const user = { name: 'Ann Nul', email: 'ann.nul@example.com', role: 'QA Engineer', status: 'waiting', address: 'Czechia', phone: '+420 601 555 012' };

describe('unstorable text in a write', () => {
  it('is a 400 naming the field, in a body or a query, and nothing changes', async () => {
    const api = createTestApi();
    const total = async () => (await api.call('GET', '/api/users')).body.meta.total as number;
    const before = await total();

    const nul = await api.call('POST', '/api/users', { ...user, name: 'Ann\u0000' });
    expect(nul.status).toBe(400);
    expect(nul.body.message).toMatch(/name contains a NUL/);

    const surrogate = await api.call('POST', '/api/users', { ...user, address: 'Czechia \ud800' });
    expect(surrogate.status).toBe(400);
    expect(surrogate.body.message).toMatch(/address contains a broken character/);

    const query = await api.call('PUT', '/api/users?id=1%00', user);
    expect(query.status).toBe(400);
    expect(query.body.message).toMatch(/query\.id contains a NUL/);

    expect(await total()).toBe(before);
    const fine = await api.call('POST', '/api/users', { ...user, name: 'Ann 😀 Nul' });
    expect(fine.status).toBe(201);
  });
});
