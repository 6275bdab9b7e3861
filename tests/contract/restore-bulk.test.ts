import { describe, it, expect, beforeEach, vi } from 'vitest';
import { createTestApi } from './support/harness';
import { byId, expectError, expectFieldError, expectNow, freezeClock, NOW, NOW_MS, qs } from './support/helpers';
import { seedUsers } from '../../seed/users';
import type { User } from '../../domain/schema/user';

let api: ReturnType<typeof createTestApi>;
beforeEach(() => {
  api = createTestApi();
});

const DAY_MS = 24 * 60 * 60 * 1000;

function newUser(n: number, overrides: Record<string, unknown> = {}) {
  return {
    name: `Imported Person ${n}`,
    email: `imported${n}@example.com`,
    role: 'Support',
    status: 'waiting',
    address: 'Iceland',
    phone: `+354 555 ${String(1000 + n)}`,
    ...overrides,
  };
}

/** Every user as stored, by id: a rejected call must leave this unchanged. */
const allUsers = () => api.db.users.toArray();

describe('DELETE /api/users puts the user in the trash; POST /api/users/restore brings it back', () => {
  freezeClock();

  it('restores the user exactly: same id, every field, same createAt; lists and search see it again', async () => {
    const seed3 = byId(seedUsers, 3);
    // Build the search index first: the restore must reach it.
    expect((await api.call('GET', `/api/users${qs({ search: seed3.name })}`)).body.users).toEqual([seed3]);
    await api.call('DELETE', '/api/users?id=3');
    expect((await api.call('GET', `/api/users${qs({ search: seed3.name })}`)).body.meta.total).toBe(0);

    const res = await api.call('POST', '/api/users/restore', { ids: [3] });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ users: [seed3] });
    expect(api.changes).toEqual(['users', 'users']);
    expect((await api.call('GET', '/api/users?id=3')).body).toEqual({ user: seed3 });
    expect((await api.call('GET', `/api/users${qs({ search: seed3.name })}`)).body.users).toEqual([seed3]);
    expect(await allUsers()).toEqual(seedUsers.slice().sort((a, b) => a.id - b.id));
    expect(await api.db.trash.count()).toBe(0);
  });

  it("an id not in the trash is 404 naming it, and nothing is restored", async () => {
    await api.call('DELETE', '/api/users?id=3');
    const before = await allUsers();
    expectError(await api.call('POST', '/api/users/restore', { ids: [3, 7] }), 404, 'Nothing to restore for user 7');
    expectError(await api.call('POST', '/api/users/restore', { ids: [7, 999] }), 404, 'Nothing to restore for users 7, 999');
    expect(await allUsers()).toEqual(before);
    expect(api.changes).toEqual(['users']);
    // User 3 is still in the trash.
    expect((await api.call('POST', '/api/users/restore', { ids: [3] })).status).toBe(200);
    expectError(await api.call('POST', '/api/users/restore', { ids: [3] }), 404, 'Nothing to restore for user 3');
  });

  it('a live user with that id is 409, and nothing is restored', async () => {
    await api.call('DELETE', '/api/users?id=3');
    await api.call('DELETE', '/api/users?id=4');
    const replacement: User = { ...byId(seedUsers, 4), name: 'Someone Else' };
    await api.db.users.add(replacement);
    const before = await allUsers();
    expectError(await api.call('POST', '/api/users/restore', { ids: [3, 4] }), 409);
    expect(await allUsers()).toEqual(before);
    expect((await api.call('POST', '/api/users/restore', { ids: [3] })).body).toEqual({ users: [byId(seedUsers, 3)] });
  });

  for (const [what, body, field] of [
    ['no ids', { ids: [] }, 'ids'],
    ['ids that are not numbers', { ids: ['x'] }, 'ids.0'],
    ['more than 10,000 ids', { ids: Array.from({ length: 10_001 }, (_, i) => i + 1) }, 'ids'],
    ['an unknown field', { ids: [1], all: true }, 'all'],
  ] as const) {
    it(`${what} is a 400 naming ${field}`, async () => {
      expectFieldError(await api.call('POST', '/api/users/restore', body), field);
      expect(api.changes).toEqual([]);
    });
  }

  it('keeps deletes 24 h: an older entry is purged on a later delete, with its files', async () => {
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1]);
    const { file } = (await api.upload(png, 'image/png')).body;
    await api.call('PUT', '/api/users?id=3', { ...byId(seedUsers, 3), id: undefined, createAt: undefined, image: file.url });
    await api.call('DELETE', '/api/users?id=3');
    await api.call('DELETE', '/api/users?id=5');
    expect(await api.db.trash.count()).toBe(2);

    // Just under a day later: both can still be restored; user 5 is.
    vi.setSystemTime(NOW_MS + DAY_MS - 1000);
    expect((await api.call('POST', '/api/users/restore', { ids: [5] })).status).toBe(200);

    vi.setSystemTime(NOW_MS + DAY_MS + 1);
    await api.call('DELETE', '/api/users?id=6');
    expect((await api.db.trash.toArray()).map((entry) => entry.key)).toEqual([6]);
    expect(await api.db.files.count()).toBe(0);
    expectError(await api.call('POST', '/api/users/restore', { ids: [3] }), 404, 'Nothing to restore for user 3');
    expect((await api.call('POST', '/api/users/restore', { ids: [6] })).body).toEqual({ users: [byId(seedUsers, 6)] });
  });
});

describe('POST /api/users/bulk-delete', () => {
  it('removes every user named, to the trash, and answers them', async () => {
    const res = await api.call('POST', '/api/users/bulk-delete', { ids: [2, 9, 2] });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ users: [byId(seedUsers, 2), byId(seedUsers, 9)] });
    expect(api.changes).toEqual(['users']);
    expect((await api.call('GET', '/api/users')).body.meta.total).toBe(12);
    expect((await api.call('POST', '/api/users/restore', { ids: [9, 2] })).body).toEqual({ users: [byId(seedUsers, 9), byId(seedUsers, 2)] });
    expect((await api.call('GET', '/api/users')).body.meta.total).toBe(14);
  });

  it("an unknown id is 404 'User not found: …' naming the unknown ids, and nothing is deleted", async () => {
    const before = await allUsers();
    expectError(await api.call('POST', '/api/users/bulk-delete', { ids: [1, 998, 2, 999] }), 404, 'User not found: 998, 999');
    expect(await allUsers()).toEqual(before);
    expect(await api.db.trash.count()).toBe(0);
    expect(api.changes).toEqual([]);
  });
});

describe('POST /api/users/bulk-status', () => {
  it('sets the status of every user named and answers them', async () => {
    const res = await api.call('POST', '/api/users/bulk-status', { ids: [1, 4], status: 'hidden' });
    expect(res.status).toBe(200);
    const expected = [1, 4].map((id) => ({ ...byId(seedUsers, id), status: 'hidden' }));
    expect(res.body).toEqual({ users: expected });
    expect(api.changes).toEqual(['users']);
    expect((await api.call('GET', '/api/users?id=4')).body.user).toEqual(expected[1]);
    // The status filter (the [status+createAt] index) sees the change.
    const hidden = (await api.call('GET', '/api/users?status=hidden')).body.users.map((u: User) => u.id);
    expect(hidden).toEqual(expect.arrayContaining([1, 4]));
  });

  it('an unknown id is 404 and a bad status is 400 naming status; nothing changes', async () => {
    const before = await allUsers();
    expectError(await api.call('POST', '/api/users/bulk-status', { ids: [1, 999], status: 'hidden' }), 404, 'User not found: 999');
    expectFieldError(await api.call('POST', '/api/users/bulk-status', { ids: [1], status: 'banned' }), 'status');
    expectFieldError(await api.call('POST', '/api/users/bulk-status', { ids: [1] }), 'status');
    expect(await allUsers()).toEqual(before);
    expect(api.changes).toEqual([]);
  });
});

describe('POST /api/users/bulk', () => {
  freezeClock();

  it('inserts every user: 201 { inserted, firstId, lastId }, createAt now, default image', async () => {
    const users = Array.from({ length: 12 }, (_, i) => newUser(i));
    const res = await api.call('POST', '/api/users/bulk', { users });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ inserted: 12, firstId: 15, lastId: 26 });
    expect(res.headers.get('server-timing')).toMatch(/^read;dur=\d+\.\d, validate;dur=\d+\.\d, write;dur=\d+\.\d$/);
    expect(api.changes).toEqual(['users']);
    for (const [i, sent] of users.entries()) {
      const stored = (await api.call('GET', `/api/users?id=${15 + i}`)).body.user;
      expect(stored).toEqual({ ...sent, id: 15 + i, createAt: NOW, image: '/images/avatars/default.svg' });
    }
    expectNow((await api.call('GET', '/api/users')).body.users[0].createAt);
    expect((await api.call('GET', '/api/users?search=imported person')).body.meta.total).toBe(12);
  });

  it('keeps a joining date an import brings (createAt), and refuses one that is not a date', async () => {
    const joined = '2020-02-29T08:00:00.000Z';
    const res = await api.call('POST', '/api/users/bulk', { users: [{ ...newUser(0), createAt: joined }, newUser(1)] });
    expect(res.status).toBe(201);
    expect((await api.call('GET', `/api/users?id=${res.body.firstId}`)).body.user.createAt).toBe(joined);
    expect((await api.call('GET', `/api/users?id=${res.body.lastId}`)).body.user.createAt).toBe(NOW);
    expectFieldError(await api.call('POST', '/api/users/bulk', { users: [{ ...newUser(0), createAt: 'last tuesday' }] }), 'users.0.createAt');
  });

  it('one bad row is a 400 naming users.<index>.<field>, and nothing is written', async () => {
    const users = [newUser(0), newUser(1, { email: 'nope' }), newUser(2), newUser(3, { status: 'banned', phone: 'abc' })];
    const res = await api.call('POST', '/api/users/bulk', { users });
    expectFieldError(res, 'users.1.email');
    expect(res.body.message).toContain('users.3.status');
    expect(res.body.message).toContain('users.3.phone');
    expect(res.body.issues.map((i: { path: string }) => i.path)).toEqual(['users.1.email', 'users.3.status', 'users.3.phone']);
    expect((await api.call('GET', '/api/users')).body.meta.total).toBe(14);
    expect(api.changes).toEqual([]);
  });

  it('names the first five issues in the message and lists up to 100', async () => {
    const users = Array.from({ length: 120 }, (_, i) => newUser(i, { email: 'bad' }));
    const res = await api.call('POST', '/api/users/bulk', { users });
    expectError(res, 400, /^Invalid request: users\.0\.email: .*users\.4\.email: [^;]*; and 115 more$/);
    expect(res.body.issues).toHaveLength(100);
  });

  it('dryRun: true validates only: 200 { valid }, nothing written', async () => {
    const users = Array.from({ length: 3 }, (_, i) => newUser(i));
    const res = await api.call('POST', '/api/users/bulk', { users, dryRun: true });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ valid: 3 });
    expect((await api.call('GET', '/api/users')).body.meta.total).toBe(14);
    expect(api.changes).toEqual([]);
    expectFieldError(await api.call('POST', '/api/users/bulk', { users: [newUser(0, { role: '' })], dryRun: true }), 'users.0.role');
  });

  for (const [what, body, field] of [
    ['no users', { users: [] }, 'users'],
    ['more than 5,000 users', { users: Array.from({ length: 5_001 }, (_, i) => newUser(i)) }, 'users'],
    ['a dryRun that is not a boolean', { users: [newUser(0)], dryRun: 'yes' }, 'dryRun'],
    ['an unknown field', { users: [newUser(0)], replace: true }, 'replace'],
  ] as const) {
    it(`${what} is a 400 naming ${field}`, async () => {
      expectFieldError(await api.call('POST', '/api/users/bulk', body), field);
      expect((await api.call('GET', '/api/users')).body.meta.total).toBe(14);
    });
  }
});
