import { describe, expect, it } from 'vitest';
import { deleteAccountDrafts, draftStore, draftsDatabaseName } from '../../../src/lib/drafts/draft-store';

const values = { name: 'Ada Lovelace', email: 'ada@example.com', status: 'waiting' };

describe('drafts store', () => {
  it('saves a draft and reads it back with its time', async () => {
    const store = draftStore('uid-save');
    await store.save('users/create', values, new Date('2026-03-01T10:15:00.000Z'));
    expect(await store.read('users/create')).toEqual({ key: 'users/create', values, savedAt: '2026-03-01T10:15:00.000Z' });
  });

  it('reads null (not undefined) when a form has no draft', async () => {
    expect(await draftStore('uid-none').read('users/3')).toBeNull();
  });

  it('keeps one draft per form, the latest', async () => {
    const store = draftStore('uid-latest');
    await store.save('users/3', { ...values, name: 'A' });
    await store.save('users/3', { ...values, name: 'Ad' });
    await store.save('users/create', values);
    expect((await store.read<typeof values>('users/3'))?.values.name).toBe('Ad');
    expect(await store.read('users/create')).not.toBeNull();
  });

  it('keeps each account’s drafts in a database of its own', async () => {
    await draftStore('uid-a').save('users/create', values);
    expect(await draftStore('uid-b').read('users/create')).toBeNull();
    expect(draftsDatabaseName('uid-a')).toBe('shop-admin-drafts-uid-a');
    expect(await indexedDB.databases()).toEqual(expect.arrayContaining([expect.objectContaining({ name: 'shop-admin-drafts-uid-a' })]));
  });

  it('removes a draft (discard, or the form was saved) and leaves the others', async () => {
    const store = draftStore('uid-remove');
    await store.save('users/create', values);
    await store.save('users/3', values);
    await store.remove('users/create');
    expect(await store.read('users/create')).toBeNull();
    expect(await store.read('users/3')).not.toBeNull();
  });

  it('deletes all of one account’s drafts (sign-out removing its data), not another’s', async () => {
    await draftStore('uid-leaving').save('users/create', values);
    await draftStore('uid-staying').save('users/create', values);
    await deleteAccountDrafts('uid-leaving');
    expect((await indexedDB.databases()).map((db) => db.name)).not.toContain('shop-admin-drafts-uid-leaving');
    // Usable again afterwards, empty.
    expect(await draftStore('uid-leaving').read('users/create')).toBeNull();
    expect(await draftStore('uid-staying').read('users/create')).not.toBeNull();
  });
});
