import { describe, expect, it } from 'vitest';
import { listPage, textSearch } from '../../../sw/api/storage/list-query';
import type { Order } from '../../../domain/schema/order';
import type { User } from '../../../domain/schema/user';
import { userListIndex } from '../../../sw/api/users/user-routes';
import { DATES, NAMES, random, randomOrder, randomQuery } from '../support/random-orders';
import { freshDb, orders, ordersByScan, ordersTableDb, randomWrite, reference } from '../support/orders-table';

// The indexed answers equal the filtered scan's and a plain reference, on random data,
// through random writes.

describe('indexed answers equal the filtered scan and a plain reference (random data and writes)', () => {
  for (const seed of [1, 2, 3]) {
    it(`orders-shaped rows, seed ${seed}`, async () => {
      const r = random(seed * 7919);
      const db = ordersTableDb(`equivalence-${seed}`);
      const counter = { n: 100 };
      await db.orders.bulkAdd(Array.from({ length: 250 }, () => randomOrder(r, counter.n++) as Order));

      for (let round = 0; round < 30; round++) {
        if (round > 0) await randomWrite(db, r, counter);
        const count = await db.orders.count();
        for (let k = 0; k < 6; k++) {
          const q = randomQuery(r, count);
          const expected = await reference(db, q);
          const indexed = await orders(db, q);
          const scanned = await ordersByScan(db, q);
          const where = `seed ${seed}, round ${round}, query ${JSON.stringify(q)}`;
          expect(indexed.plan, where).not.toBe('filtered-scan');
          expect({ ids: indexed.rows.map((o) => o.id), meta: indexed.meta }, where).toEqual({ ids: expected.rows.map((o) => o.id), meta: expected.meta });
          expect(indexed.rows, where).toEqual(expected.rows);
          expect({ rows: scanned.rows, meta: scanned.meta }, where).toEqual({ rows: indexed.rows, meta: indexed.meta });
        }
      }
      db.close();
    });
  }

  it('users: a search answered by the index equals the scan', async () => {
    const r = random(4242);
    const db = freshDb('equivalence-users');
    const fields = (u: User) => [u.name, u.email, u.address, u.phone];
    const extra = Array.from({ length: 120 }, (_, i) => ({
      name: r.pick(NAMES),
      email: `user${i}@example.com`,
      image: '/x.svg',
      role: 'Staff',
      status: r.pick(['hidden', 'rejected', 'verified', 'waiting'] as const),
      address: r.pick(['Chile', 'Straße 1, Berlin', 'İzmir', 'Αθήνα']),
      createAt: r.pick(DATES),
      phone: `+1 555 ${String(1000 + i)}`,
    }));
    await db.users.bulkAdd(extra as User[]);
    for (const search of ['a', 'STRASSE', 'straße', 'ß', 'σ', '555 10', 'İ', 'i', '@EXAMPLE', 'zzz']) {
      for (const status of [undefined, 'verified']) {
        for (const page of [1, 2, 5]) {
          const indexed = await listPage<User>({ table: db.users, dateField: 'createAt', page, status, search, index: userListIndex });
          const scanned = await listPage<User>({
            table: db.users,
            dateField: 'createAt',
            page,
            status,
            predicates: [textSearch<User>(search, fields), () => true],
          });
          expect(indexed.plan).toBe('search-index');
          expect(scanned.plan).toBe('filtered-scan');
          expect({ rows: indexed.rows, meta: indexed.meta }, `${search} ${status} ${page}`).toEqual({ rows: scanned.rows, meta: scanned.meta });
        }
      }
      await db.users.update(1 + r.int(14), { name: r.pick(NAMES) });
    }
    db.close();
  });

  it('plain and status pages stay exact across writes (their counts and key lists are re-read after a write)', async () => {
    const r = random(99);
    const db = ordersTableDb('equivalence-pages');
    const counter = { n: 100 };
    await db.orders.bulkAdd(Array.from({ length: 200 }, () => randomOrder(r, counter.n++) as Order));
    for (let round = 0; round < 25; round++) {
      if (round > 0) await randomWrite(db, r, counter);
      for (const status of [undefined, 'new']) {
        for (const page of [1, 2, 7, 30]) {
          const expected = await reference(db, { page, status });
          const got = await orders(db, { page, status });
          expect(got.plan).toBe(status ? 'status-date-index' : 'date-index');
          expect({ rows: got.rows, meta: got.meta }, `round ${round} ${status} ${page}`).toEqual(expected);
        }
      }
    }
    db.close();
  });
});
