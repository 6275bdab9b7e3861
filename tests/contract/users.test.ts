import { describe, it, expect, beforeEach } from 'vitest';
import { createTestApi } from './support/harness';
import { seedUsers } from '../../seed/users';
import type { User } from '../../domain/schema/user';
import {
  byId,
  expectError,
  expectFieldError,
  expectNow,
  expectedMeta,
  freezeClock,
  matchesText,
  newestFirst,
  NOW,
  pageOf,
  qs,
} from './support/helpers';

const sorted = newestFirst(seedUsers, (u) => u.createAt);
const searchFields = (u: User) => [u.name, u.email, u.address, u.phone];

/** A valid create body: everything but id, createAt (and image, which has a default). */
function newUser() {
  return {
    name: 'Tereza Novak',
    email: 'tereza.novak@example.com',
    role: 'QA Engineer',
    status: 'waiting',
    address: 'Czechia',
    phone: '+420 601 555 012',
  };
}

let api: ReturnType<typeof createTestApi>;
beforeEach(() => {
  api = createTestApi();
});

async function userCount(): Promise<number> {
  const res = await api.call('GET', '/api/users');
  return res.body.meta.total;
}

describe('GET /api/users (list)', () => {
  it('answers page 1 by default: the 10 newest users by createAt, with meta', async () => {
    const res = await api.call('GET', '/api/users');
    expect(res.status).toBe(200);
    expect(res.body.users).toEqual(pageOf(sorted, 1));
    expect(res.body.meta).toEqual(expectedMeta(1, seedUsers.length));
    expect(res.body.meta).toEqual({ page: 1, pageSize: 10, total: 14, totalPages: 2, firstIndex: 0, lastIndex: 10 });
  });

  it('page 2 holds the rest', async () => {
    const res = await api.call('GET', '/api/users?page=2');
    expect(res.status).toBe(200);
    expect(res.body.users).toEqual(pageOf(sorted, 2));
    expect(res.body.users).toHaveLength(seedUsers.length - 10);
    expect(res.body.meta).toEqual(expectedMeta(2, seedUsers.length));
  });

  it('a page beyond the end is an empty list with correct meta', async () => {
    const res = await api.call('GET', '/api/users?page=3');
    expect(res.status).toBe(200);
    expect(res.body.users).toEqual([]);
    expect(res.body.meta).toEqual(expectedMeta(3, seedUsers.length));
  });

  const searches: Array<[string, string]> = [
    ['name', 'SOFIA'],
    ['email', 'LUCAS.MUELLER@'],
    ['address', 'jApAn'],
    ['phone', '+49 151'],
    ['several fields', 'an'],
  ];
  for (const [field, term] of searches) {
    it(`search is a case-insensitive substring match (${field}: ${term})`, async () => {
      const expected = sorted.filter((u) => matchesText(term, searchFields(u)));
      expect(expected.length).toBeGreaterThan(0);
      const res = await api.call('GET', `/api/users${qs({ search: term })}`);
      expect(res.status).toBe(200);
      expect(res.body.users).toEqual(pageOf(expected, 1));
      expect(res.body.meta).toEqual(expectedMeta(1, expected.length));
    });
  }

  it('search does not match on other fields (role)', async () => {
    const role = byId(seedUsers, 1).role;
    const expected = sorted.filter((u) => matchesText(role, searchFields(u)));
    const res = await api.call('GET', `/api/users${qs({ search: role })}`);
    expect(res.body.meta.total).toBe(expected.length);
    expect(res.body.meta.total).toBeLessThan(seedUsers.length);
  });

  it('a search with no match is an empty list', async () => {
    const res = await api.call('GET', `/api/users${qs({ search: 'zz-no-such-user-zz' })}`);
    expect(res.status).toBe(200);
    expect(res.body.users).toEqual([]);
    expect(res.body.meta.total).toBe(0);
  });

  for (const status of ['hidden', 'rejected', 'verified', 'waiting']) {
    it(`status=${status} filters on the lowercase value`, async () => {
      const expected = sorted.filter((u) => u.status === status);
      expect(expected.length).toBeGreaterThan(0);
      const res = await api.call('GET', `/api/users${qs({ status })}`);
      expect(res.status).toBe(200);
      expect(res.body.users).toEqual(pageOf(expected, 1));
      expect(res.body.meta).toEqual(expectedMeta(1, expected.length));
    });
  }

  it('status is accepted case-insensitively', async () => {
    const expected = sorted.filter((u) => u.status === 'verified');
    const res = await api.call('GET', '/api/users?status=VERIFIED');
    expect(res.status).toBe(200);
    expect(res.body.users).toEqual(pageOf(expected, 1));
  });

  it("status 'all' or empty means no filter", async () => {
    for (const status of ['all', '']) {
      const res = await api.call('GET', `/api/users${qs({ status })}`);
      expect(res.status).toBe(200);
      expect(res.body.users).toEqual(pageOf(sorted, 1));
      expect(res.body.meta.total).toBe(seedUsers.length);
    }
  });

  it('an unknown status is a 400 naming status', async () => {
    const res = await api.call('GET', '/api/users?status=banned');
    expectError(res, 400);
    expect(res.body.message).toContain('status');
  });

  it('status and search combine', async () => {
    const bySearch = sorted.filter((u) => matchesText('united', searchFields(u)));
    const expected = bySearch.filter((u) => u.status === 'verified');
    // The combination is narrower than either filter alone.
    expect(expected.length).toBeGreaterThan(0);
    expect(expected.length).toBeLessThan(bySearch.length);
    expect(expected.length).toBeLessThan(sorted.filter((u) => u.status === 'verified').length);
    const res = await api.call('GET', `/api/users${qs({ status: 'Verified', search: 'UNITED' })}`);
    expect(res.status).toBe(200);
    expect(res.body.users).toEqual(pageOf(expected, 1));
    expect(res.body.meta).toEqual(expectedMeta(1, expected.length));
  });

  it('search combines with paging', async () => {
    const expected = sorted.filter((u) => matchesText('EXAMPLE.COM', searchFields(u)));
    expect(expected.length).toBeGreaterThan(10);
    const res = await api.call('GET', `/api/users${qs({ search: 'EXAMPLE.COM', page: 2 })}`);
    expect(res.body.users).toEqual(pageOf(expected, 2));
    expect(res.body.meta).toEqual(expectedMeta(2, expected.length));
  });
});

describe('GET /api/users?id=', () => {
  it('answers {user} for a known id', async () => {
    const res = await api.call('GET', '/api/users?id=3');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ user: byId(seedUsers, 3) });
  });

  it("answers 404 'User not found' for an unknown id", async () => {
    expectError(await api.call('GET', '/api/users?id=999'), 404, 'User not found');
  });

  it("a non-numeric id is a 400 starting 'Invalid request'", async () => {
    expectError(await api.call('GET', '/api/users?id=abc'), 400, /^Invalid request/);
  });
});

describe('GET /api/users/status', () => {
  it('lists the user status options {id,title,value}', async () => {
    const res = await api.call('GET', '/api/users/status');
    expect(res.status).toBe(200);
    expect(Array.isArray(res.body)).toBe(true);
    expect(res.body.map((o: { value: string }) => o.value)).toEqual(['hidden', 'rejected', 'verified', 'waiting']);
    for (const option of res.body) {
      expect(Object.keys(option).sort()).toEqual(['id', 'title', 'value']);
      expect(typeof option.id).toBe('number');
      expect(typeof option.title).toBe('string');
    }
  });
});

describe('POST /api/users', () => {
  freezeClock();

  it('creates a user with the next id, createAt now and the default image', async () => {
    const body = newUser();
    const res = await api.call('POST', '/api/users', body);
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      user: { ...body, id: 15, createAt: expect.any(String), image: '/images/avatars/default.svg' },
    });
    expectNow(res.body.user.createAt);
    expect(api.changes).toEqual(['users']);
  });

  it('the new user is first in the list and total is 15; it persists', async () => {
    const created = (await api.call('POST', '/api/users', newUser())).body.user;
    const list = await api.call('GET', '/api/users');
    expect(list.body.users[0]).toEqual(created);
    expect(list.body.meta).toEqual(expectedMeta(1, 15));
    expect(list.body.users).toHaveLength(10);
    const again = await api.call('GET', `/api/users?id=${created.id}`);
    expect(again.body).toEqual({ user: created });
  });

  it('keeps an image the client sends', async () => {
    const res = await api.call('POST', '/api/users', { ...newUser(), image: '/images/avatars/avatar-05.svg' });
    expect(res.status).toBe(201);
    expect(res.body.user.image).toBe('/images/avatars/avatar-05.svg');
  });

  it('takes id and createAt from the server, not the body', async () => {
    const res = await api.call('POST', '/api/users', { ...newUser(), createAt: '2020-01-01T00:00:00.000Z' });
    expect(res.status).toBe(201);
    expect(res.body.user.id).toBe(15);
    expect(res.body.user.createAt).toBe(NOW);
  });

  it("a missing body is 400 {message:'Invalid request'} exactly", async () => {
    const res = await api.call('POST', '/api/users');
    expectError(res, 400);
    expect(res.body).toEqual({ message: 'Invalid request', code: 'invalidRequest' });
    expect(api.changes).toEqual([]);
    expect(await userCount()).toBe(14);
  });

  const invalid: Array<[string, string, Record<string, unknown>]> = [
    ['an invalid email', 'email', { email: 'not-an-email' }],
    ['an unknown status', 'status', { status: 'banned' }],
    ['a number for name', 'name', { name: 42 }],
    ['a number for phone', 'phone', { phone: 5550100 }],
    ['an array for role', 'role', { role: ['a'] }],
  ];
  for (const [what, field, patch] of invalid) {
    it(`${what} is a 400 naming ${field}, and nothing changes`, async () => {
      const res = await api.call('POST', '/api/users', { ...newUser(), ...patch });
      expectFieldError(res, field);
      expect(api.changes).toEqual([]);
      expect(await userCount()).toBe(14);
    });
  }

  it('a missing required field is a 400 naming it', async () => {
    const { email: _email, ...withoutEmail } = newUser();
    const res = await api.call('POST', '/api/users', withoutEmail);
    expectFieldError(res, 'email');
    expect(await userCount()).toBe(14);
    expect(api.changes).toEqual([]);
  });
});

describe('PUT /api/users', () => {
  const seed3 = byId(seedUsers, 3);

  it('replaces the user, keeping createAt and (when omitted) image, and returns {user}', async () => {
    const body = { ...newUser(), id: 3 };
    const res = await api.call('PUT', '/api/users?id=3', body);
    expect(res.status).toBe(200);
    const expected = { ...body, id: 3, createAt: seed3.createAt, image: seed3.image };
    expect(res.body).toEqual({ user: expected });
    expect(api.changes).toEqual(['users']);
    expect((await api.call('GET', '/api/users?id=3')).body).toEqual({ user: expected });
    expect(await userCount()).toBe(14);
  });

  it('replaces the image when one is sent', async () => {
    const res = await api.call('PUT', '/api/users?id=3', { ...newUser(), id: 3, image: '/images/avatars/avatar-09.svg' });
    expect(res.status).toBe(200);
    expect(res.body.user.image).toBe('/images/avatars/avatar-09.svg');
    expect((await api.call('GET', '/api/users?id=3')).body.user.image).toBe('/images/avatars/avatar-09.svg');
  });

  it('without the id param takes the id from the body', async () => {
    const body = { ...newUser(), id: 3 };
    const res = await api.call('PUT', '/api/users', body);
    expect(res.status).toBe(200);
    const expected = { ...body, createAt: seed3.createAt, image: seed3.image };
    expect(res.body).toEqual({ user: expected });
    expect(api.changes).toEqual(['users']);
    expect((await api.call('GET', '/api/users?id=3')).body.user).toEqual(expected);
  });

  it("with neither an id param nor a body id is 400 'Invalid request'", async () => {
    expectError(await api.call('PUT', '/api/users', newUser()), 400, 'Invalid request');
    expect(api.changes).toEqual([]);
    expect((await api.call('GET', '/api/users?id=3')).body.user).toEqual(seed3);
  });

  it("without a body is 400 'Invalid request'", async () => {
    expectError(await api.call('PUT', '/api/users?id=3'), 400, 'Invalid request');
    expect(api.changes).toEqual([]);
    expect((await api.call('GET', '/api/users?id=3')).body.user).toEqual(seed3);
  });

  it("an unknown id is 404 'User not found'", async () => {
    expectError(await api.call('PUT', '/api/users?id=999', { ...newUser(), id: 999 }), 404, 'User not found');
    expect(api.changes).toEqual([]);
    expect(await userCount()).toBe(14);
  });

  it('a body id that does not match the param is a 400', async () => {
    expectError(await api.call('PUT', '/api/users?id=3', { ...newUser(), id: 4 }), 400, 'Invalid request: id in the body does not match the id parameter');
    expect(api.changes).toEqual([]);
    expect((await api.call('GET', '/api/users?id=3')).body.user).toEqual(seed3);
    expect((await api.call('GET', '/api/users?id=4')).body.user).toEqual(byId(seedUsers, 4));
  });

  it('an invalid field is a 400 naming it, and nothing changes', async () => {
    expectFieldError(await api.call('PUT', '/api/users?id=3', { ...newUser(), id: 3, email: 'nope' }), 'email');
    expect(api.changes).toEqual([]);
    expect((await api.call('GET', '/api/users?id=3')).body.user).toEqual(seed3);
  });
});

describe('DELETE /api/users', () => {
  it('removes the user and returns it', async () => {
    const res = await api.call('DELETE', '/api/users?id=5');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ user: byId(seedUsers, 5) });
    expect(api.changes).toEqual(['users']);
    expectError(await api.call('GET', '/api/users?id=5'), 404, 'User not found');
    const list = await api.call('GET', '/api/users?page=1');
    expect(list.body.meta.total).toBe(13);
    expect(list.body.users.map((u: User) => u.id)).not.toContain(5);
  });

  it("without the id param is 400 'Invalid request'", async () => {
    expectError(await api.call('DELETE', '/api/users'), 400, 'Invalid request');
    expect(api.changes).toEqual([]);
    expect(await userCount()).toBe(14);
  });

  it("an unknown id is 404 'User not found'", async () => {
    expectError(await api.call('DELETE', '/api/users?id=999'), 404, 'User not found');
    expect(api.changes).toEqual([]);
    expect(await userCount()).toBe(14);
  });

  it("a non-numeric id is a 400 starting 'Invalid request'", async () => {
    expectError(await api.call('DELETE', '/api/users?id=abc'), 400, /^Invalid request/);
    expect(await userCount()).toBe(14);
  });
});

describe('users: changes persist across calls in the same database', () => {
  freezeClock();

  it('create, update and delete accumulate', async () => {
    const created = (await api.call('POST', '/api/users', newUser())).body.user;
    await api.call('PUT', `/api/users?id=${created.id}`, { ...newUser(), id: created.id, name: 'Renamed Person' });
    await api.call('DELETE', '/api/users?id=1');
    expect(api.changes).toEqual(['users', 'users', 'users']);
    const list = await api.call('GET', '/api/users');
    expect(list.body.meta.total).toBe(14);
    expect(list.body.users[0]).toMatchObject({ id: created.id, name: 'Renamed Person', createAt: NOW });
    expectError(await api.call('GET', '/api/users?id=1'), 404, 'User not found');
  });
});
