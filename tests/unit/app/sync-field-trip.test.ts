import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import type { SyncStatus } from '../../../src/lib/shop-sync';
import { syncBadgeView } from '../../../src/lib/sync-words';
import { SyncBadge } from '../../../src/pwa/sync-status';
import { recordWaitingChanges, waitingChanges, WAITING_CHANGES_KEY } from '../../../src/auth/waiting-changes';

/* Back from the field (issue 35): a long push's progress and a sign-in to renew, as the header says them; the accounts with changes waiting, as the sign-in page names them. */

const text = (html: string) => html.replace(/<!-- -->/g, '');
const noop = () => {};
const status = (over: Partial<SyncStatus> = {}): SyncStatus => ({ configured: true, shopId: 's1', online: true, pending: 0, lastSyncAt: '2026-11-26T18:05:00.000Z', ...over });

describe('the header’s badge after days away', () => {
  it('a long push: how many of how many are sent, a percentage on a phone', () => {
    const view = syncBadgeView(status({ pending: 6_800, pushing: { sent: 3_200, total: 10_000 } }), true, 'UTC');
    expect(view).toMatchObject({ kind: 'waiting', text: 'Sending 3,200 of 10,000 changes', short: 'Sending 32%', retry: false });
    // Reaching the server again after a failed run: the progress, not the last run's failure.
    expect(syncBadgeView(status({ online: false, error: 'Failed to fetch', pending: 6_800, pushing: { sent: 3_200, total: 10_000 } }), true).text).toBe('Sending 3,200 of 10,000 changes');
    // Offline again in the middle: offline says it.
    expect(syncBadgeView(status({ pending: 6_800, pushing: { sent: 3_200, total: 10_000 } }), false).kind).toBe('offline');
  });

  it('a sign-in the server refused: "Sign in again to send N changes", with a Sign in button instead of Retry', () => {
    const view = syncBadgeView(status({ pending: 3, signInNeeded: true, error: 'The sign-in token is invalid or expired: sign in again' }), true, 'UTC');
    expect(view).toMatchObject({ kind: 'failed', text: 'Sign in again to send 3 changes', short: 'Sign in again', retry: false, signIn: true });
    expect(view.title).toContain('changes are kept on this device');
    expect(syncBadgeView(status({ pending: 1, signInNeeded: true }), true).text).toBe('Sign in again to send 1 change');
    expect(syncBadgeView(status({ signInNeeded: true }), true).text).toBe('Sign in again to sync');
    const html = text(renderToStaticMarkup(createElement(SyncBadge, { status: status({ pending: 3, signInNeeded: true }), online: true, onRetry: noop, onSignIn: noop })));
    expect(html).toContain('Sign in again to send 3 changes');
    expect(html).toContain('aria-label="Sign in again to send the waiting changes"');
    expect(html).not.toContain('Retry');
  });
});

describe('the changes waiting on this device, per account', () => {
  const store = new Map<string, string>();
  const localStorage = { getItem: (key: string) => store.get(key) ?? null, setItem: (key: string, value: string) => void store.set(key, value), removeItem: (key: string) => void store.delete(key) };
  const withWindow = () => Object.assign(globalThis, { window: { localStorage } });
  afterEach(() => {
    store.clear();
    delete (globalThis as { window?: unknown }).window;
  });

  it('keeps each account’s count while it has some; a count of 0 removes its line; bad stored data reads as none', () => {
    withWindow();
    recordWaitingChanges({ uid: 'ann', email: 'ann@example.com' }, 3);
    recordWaitingChanges({ uid: 'ben', email: 'ben@example.com' }, 2);
    recordWaitingChanges({ uid: 'ann', email: 'ann@example.com' }, 5);
    expect(waitingChanges()).toEqual([
      { uid: 'ben', email: 'ben@example.com', pending: 2 },
      { uid: 'ann', email: 'ann@example.com', pending: 5 },
    ]);
    recordWaitingChanges({ uid: 'ben', email: 'ben@example.com' }, 0);
    recordWaitingChanges({ uid: 'cy', email: null }, 4);
    expect(waitingChanges()).toEqual([{ uid: 'ann', email: 'ann@example.com', pending: 5 }]);
    recordWaitingChanges({ uid: 'ann', email: 'ann@example.com' }, 0);
    expect(store.has(WAITING_CHANGES_KEY)).toBe(false);
    store.set(WAITING_CHANGES_KEY, '{not json');
    expect(waitingChanges()).toEqual([]);
    store.set(WAITING_CHANGES_KEY, JSON.stringify([{ uid: 'x', email: 'x@example.com', pending: -1 }, { uid: 1 }]));
    expect(waitingChanges()).toEqual([]);
  });
});
