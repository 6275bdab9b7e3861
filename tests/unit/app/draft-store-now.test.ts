import { describe, expect, it } from 'vitest';
import { draftStore } from '../../../src/lib/drafts/draft-store';

const values = { name: 'Quick Reloader', email: 'quick@example.com' };

/** Gives IndexedDB's queued work a turn (the "now" writes are not awaited: the page may be gone). */
const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

describe('drafts written as the page goes away (saveNow, removeNow)', () => {
  it('sends the write before returning, with nothing to await, on the open connection', async () => {
    const store = draftStore('uid-now');
    // The form read its draft when it opened: the connection is open.
    expect(await store.read('users/create')).toBeNull();
    const returned: unknown = store.saveNow('users/create', values, new Date('2026-03-01T10:15:00.000Z'));
    expect(returned).toBeUndefined();
    await settle();
    expect(await store.read('users/create')).toEqual({ key: 'users/create', values, savedAt: '2026-03-01T10:15:00.000Z' });
    store.removeNow('users/create');
    await settle();
    expect(await store.read('users/create')).toBeNull();
  });

  it('falls back to an ordinary write when the connection is not open yet', async () => {
    const store = draftStore('uid-now-closed');
    store.saveNow('users/3', values);
    await settle();
    expect((await store.read<typeof values>('users/3'))?.values).toEqual(values);
  });
});
