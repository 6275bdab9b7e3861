import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { ShopDb } from '../../../sw/api/storage/db';
import { USER_COUNTRIES_KEY, countryOf, userCountries } from '../../../sw/api/storage/user-countries';
import { searchIndexFor } from '../../../sw/api/storage/search-index';
import { userListIndex } from '../../../sw/api/users/user-routes';
import { seedUsers } from '../../../seed/users';
import type { User } from '../../../domain/schema/user';

const ADDRESSES = ['Japan', 'France', '1 Main St, Springfield, United States', 'United States', 'Nairobi, Kenya', '', '   ', 'a, b, '];

function user(id: number | undefined, address: string): User {
  const row = { name: `User ${id}`, image: '/a.svg', email: `u${id}@example.com`, role: 'Buyer', status: 'verified', address, createAt: '2030-01-01T00:00:00.000Z', phone: '+1 555 0100' };
  return (id === undefined ? row : { id, ...row }) as User;
}

/** Users per country counted plainly from the stored users. */
async function recount(db: ShopDb): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  for (const u of await db.users.toArray()) {
    const country = countryOf(u.address);
    if (country !== null) counts.set(country, (counts.get(country) ?? 0) + 1);
  }
  return counts;
}

async function stored(db: ShopDb): Promise<Map<string, number> | undefined> {
  const record = await db.derived.get(USER_COUNTRIES_KEY);
  return record && new Map(record.counts as Array<[string, number]>);
}

const addressArb = fc.constantFrom(...ADDRESSES);
const idArb = fc.integer({ min: 1, max: 30 });
const commandArb = fc.oneof(
  fc.record({ kind: fc.constant('add' as const), address: addressArb }),
  fc.record({ kind: fc.constant('bulkAdd' as const), addresses: fc.array(addressArb, { minLength: 1, maxLength: 6 }) }),
  fc.record({ kind: fc.constant('put' as const), id: idArb, address: addressArb }),
  fc.record({ kind: fc.constant('bulkPut' as const), rows: fc.array(fc.record({ id: idArb, address: addressArb }), { minLength: 1, maxLength: 4 }) }),
  fc.record({ kind: fc.constant('update' as const), id: idArb, address: addressArb }),
  fc.record({ kind: fc.constant('modify' as const), below: idArb, address: addressArb }),
  fc.record({ kind: fc.constant('delete' as const), id: idArb }),
  fc.record({ kind: fc.constant('bulkDelete' as const), ids: fc.array(idArb, { minLength: 1, maxLength: 4 }) }),
  fc.record({ kind: fc.constant('rangeDelete' as const), below: idArb }),
  fc.record({ kind: fc.constant('clear' as const) }),
  fc.record({ kind: fc.constant('aborted' as const), id: idArb, address: addressArb }),
  fc.record({ kind: fc.constant('duplicateAdd' as const), id: idArb, address: addressArb }),
);
type Command = typeof commandArb extends fc.Arbitrary<infer T> ? T : never;

async function run(db: ShopDb, command: Command): Promise<void> {
  switch (command.kind) {
    case 'add':
      return void (await db.users.add(user(undefined, command.address)));
    case 'bulkAdd':
      return void (await db.users.bulkAdd(command.addresses.map((address) => user(undefined, address))));
    case 'put':
      return void (await db.users.put(user(command.id, command.address)));
    case 'bulkPut':
      return void (await db.users.bulkPut(command.rows.map(({ id, address }) => user(id, address))));
    case 'update':
      return void (await db.users.update(command.id, { address: command.address }));
    case 'modify':
      return void (await db.users.where('id').below(command.below).modify({ address: command.address }));
    case 'delete':
      return db.users.delete(command.id);
    case 'bulkDelete':
      return db.users.bulkDelete(command.ids);
    case 'rangeDelete':
      return void (await db.users.where('id').below(command.below).delete());
    case 'clear':
      return db.users.clear();
    case 'aborted':
      // A write in a transaction that then fails: the count change goes with it.
      await expect(
        db.transaction('rw', db.users, async () => {
          await db.users.put(user(command.id, command.address));
          throw new Error('abort');
        }),
      ).rejects.toThrow('abort');
      return;
    case 'duplicateAdd': {
      // A bulk add with one failing row, caught: the rows that were added count, the other does not.
      const exists = (await db.users.get(command.id)) !== undefined;
      await db.transaction('rw', db.users, async () => {
        await db.users.bulkAdd([user(command.id, command.address), user(undefined, command.address)]).catch((error: Error) => {
          if (!exists || error.name !== 'BulkError') throw error;
        });
      });
      return;
    }
  }
}

let dbNumber = 0;

describe('users per country (derived: users|countries)', () => {
  for (const watched of [false, true]) {
    it(`after random users writes of every kind, the stored counts equal a recount${watched ? ' (with the users search index and its hooks in use)' : ''}`, async () => {
      await fc.assert(
        fc.asyncProperty(fc.array(commandArb, { minLength: 1, maxLength: 15 }), async (commands) => {
          const db = new ShopDb(`countries-${dbNumber++}`, { indexedDB: new IDBFactory(), IDBKeyRange });
          if (watched) await searchIndexFor(db.users, 'createAt', userListIndex).ready();
          expect(await userCountries(db)).toEqual(await recount(db));
          for (const command of commands) {
            await run(db, command);
            const counts = await recount(db);
            expect(await stored(db)).toEqual(counts);
            expect(await userCountries(db)).toEqual(counts);
          }
          db.close();
        }),
        { numRuns: 40 },
      );
    });
  }

  it('a new database holds the sample users counted; an account without the record gets it built on first read, and kept after', async () => {
    const indexedDB = new IDBFactory();
    const db = new ShopDb('countries-upgrade', { indexedDB, IDBKeyRange });
    const seeded = await recount(db);
    expect(seeded.size).toBeGreaterThan(1);
    expect([...seeded.values()].reduce((a, b) => a + b, 0)).toBe(seedUsers.length);
    expect(await stored(db)).toEqual(seeded);

    await db.derived.delete(USER_COUNTRIES_KEY);
    // Without the record, writes leave it alone ...
    await db.users.add(user(undefined, 'Iceland'));
    expect(await stored(db)).toBeUndefined();
    // ... and the first read builds it from every user.
    const restarted = new ShopDb('countries-upgrade', { indexedDB, IDBKeyRange });
    const counts = await userCountries(restarted);
    expect(counts.get('Iceland')).toBe(1);
    expect(await stored(restarted)).toEqual(await recount(restarted));
    await restarted.users.add(user(undefined, 'Iceland'));
    expect((await userCountries(restarted)).get('Iceland')).toBe(2);
    expect(await stored(restarted)).toEqual(await recount(restarted));
    db.close();
    restarted.close();
  });

  it('countryOf: the last comma-separated part of the address, trimmed; nothing for an empty one', () => {
    expect(countryOf('1 Main St, Springfield, United States')).toBe('United States');
    expect(countryOf('Japan')).toBe('Japan');
    expect(countryOf('a, b, ')).toBeNull();
    expect(countryOf(42)).toBeNull();
  });
});
