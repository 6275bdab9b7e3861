import { createElement } from 'react';
import { renderToStaticMarkup as renderStatic } from 'react-dom/server';
import { I18nProvider } from '@lingui/react';
import { i18n } from '../../../src/i18n/i18n';
import { describe, expect, it } from 'vitest';
import type { StuckChange, SyncConflict, SyncStatus } from '../../../src/lib/shop-sync';
import { syncBadgeView } from '../../../src/lib/sync-words';
import { discardDescription, stuckAttempts, stuckMessage, waitingBehind } from '../../../src/components/sync/describe-stuck';
import { StuckChangeNotice } from '../../../src/components/sync/stuck-change';
import { ConflictRows } from '../../../src/components/sync/conflict-item';
import { SyncBadge, type ReviewLink } from '../../../src/pwa/sync-status';

// The components translate (useT): rendered inside the app's translation provider, in English.
const renderToStaticMarkup = (element: Parameters<typeof renderStatic>[0]) => renderStatic(createElement(I18nProvider, { i18n }, element));

/* A stuck change and a busy server as the page shows them: the header's badge, the Sync page's notice and its Discard dialog's words. */

const text = (html: string) => html.replace(/<!-- -->/g, '');
const noop = () => {};
const status = (over: Partial<SyncStatus> = {}): SyncStatus => ({ configured: true, shopId: 's1', online: true, pending: 0, lastSyncAt: '2026-11-26T18:05:00.000Z', ...over });
const stuck: StuckChange = { mutationId: 4, name: 'POST /api/loyalty-cards', query: {}, message: 'Unknown mutation name: POST /api/loyalty-cards', status: 400, failures: 4, since: '2026-11-26T19:05:00.000Z' };

describe('the header’s badge', () => {
  it('a stuck change: said first, with the server’s reason, what waits behind it, and a way to the Sync page', () => {
    const view = syncBadgeView(status({ stuck, pending: 3, error: stuck.message }), true, 'UTC');
    expect(view).toMatchObject({ kind: 'stuck', text: '1 change stuck', retry: false, review: true });
    expect(view.title).toContain('This change could not be sent: Unknown mutation name: POST /api/loyalty-cards.');
    expect(view.title).toContain('2 changes made after it wait behind it.');
    expect(view.title).toContain('Settings → Sync');
    // The browser offline: offline first (nothing can be done about it now).
    expect(syncBadgeView(status({ stuck, pending: 3 }), false).kind).toBe('offline');
  });

  it('a server that asked to wait is busy, not offline: its message and when the worker tries again', () => {
    const view = syncBadgeView(status({ busy: true, online: true, pending: 3, error: 'Too many pushes at once: wait a moment', retryAt: '2026-11-26T19:05:30.000Z' }), true, 'UTC');
    expect(view).toMatchObject({ kind: 'busy', text: 'Server busy — 3 changes waiting', retry: false });
    expect(view.title).toContain('The shop server asked this device to wait: Too many pushes at once: wait a moment.');
    expect(view.title).toContain('It tries again at 19:05:30');
    expect(view.title).not.toContain('cannot be reached');
    expect(syncBadgeView(status({ busy: true, error: 'Busy' }), true).text).toBe('Server busy');
  });

  it('a stuck change’s words are the link to the Sync page it is given; other words are no link', () => {
    const reviewLink: ReviewLink = (words, label) => createElement('a', { href: '/settings/sync', 'aria-label': label }, words);
    const html = text(renderToStaticMarkup(createElement(SyncBadge, { status: status({ stuck, pending: 1 }), online: true, onRetry: noop, reviewLink })));
    expect(html).toContain('<a href="/settings/sync" aria-label="1 change stuck: review it on the Sync page">1 change stuck</a>');
    expect(html).not.toContain('Retry');
    const waiting = text(renderToStaticMarkup(createElement(SyncBadge, { status: status({ pending: 1 }), online: true, onRetry: noop, reviewLink })));
    expect(waiting).toContain('1 change waiting');
    expect(waiting).not.toContain('<a ');
  });

  it('a busy server’s words are shorter on a phone', () => {
    const html = text(renderToStaticMarkup(createElement(SyncBadge, { status: status({ busy: true, pending: 3, error: 'Busy' }), online: true, onRetry: noop })));
    expect(html).toContain('<span class="sm:hidden">Server busy</span><span class="hidden sm:inline">Server busy — 3 changes waiting</span>');
  });
});

describe('the Sync page’s notice of a stuck change', () => {
  const notice = (over: Partial<Parameters<typeof StuckChangeNotice>[0]> = {}) =>
    text(renderToStaticMarkup(createElement(StuckChangeNotice, { stuck, pending: 3, busy: null, onRetry: noop, onDiscard: noop, ...over })));

  it('says the change could not be sent with the server’s reason, what it was, its attempts and what waits behind it', () => {
    const html = notice();
    expect(html).toContain('A change is stuck on this device');
    expect(html).toContain('This change could not be sent: Unknown mutation name: POST /api/loyalty-cards.');
    expect(html).toContain('Create loyalty-cards');
    expect(html).toContain('Tried 4 times since');
    expect(html).toContain('(the server answered 400)');
    expect(html).toContain('2 changes made after it wait behind it: they are sent once this one is sent or discarded.');
  });

  it('has named Retry and Discard buttons, both disabled while one runs', () => {
    const html = notice();
    expect(html).toContain('aria-label="Retry now: Create loyalty-cards"');
    expect(html).toContain('aria-label="Discard: Create loyalty-cards"');
    expect(html).not.toMatch(/ disabled[ >/]/);
    const retrying = notice({ busy: 'retry' });
    expect(retrying.match(/ disabled[ >/]/g)).toHaveLength(2);
    expect(retrying).toContain('Retrying…');
    expect(retrying).toContain('aria-busy="true"');
  });

  it('with nothing behind it, says nothing of changes waiting', () => {
    expect(notice({ pending: 1 })).not.toContain('behind it');
    expect(waitingBehind(1)).toBeUndefined();
    expect(waitingBehind(2)).toBe('1 change made after it waits behind it: it is sent once this one is sent or discarded.');
  });

  it('the words: a reason with its own full stop, one attempt, a time it cannot read', () => {
    expect(stuckMessage({ ...stuck, message: 'Request body is too large.' })).toBe('This change could not be sent: Request body is too large.');
    expect(stuckAttempts({ ...stuck, failures: 1, since: 'never' })).toBe('Tried once (the server answered 400)');
    expect(stuckAttempts(stuck, 'UTC')).toMatch(/^Tried 4 times since Nov 26, 2026, 7:05\sPM \(the server answered 400\)$/);
  });

  it('Discard’s dialog says plainly what discarding means', () => {
    const words = discardDescription(stuck, 3);
    expect(words).toContain('“Create loyalty-cards” is dropped from this device and never reaches the team.');
    expect(words).toContain('reloads the shop’s data from the server, so its screens match the server again');
    expect(words).toContain('The 2 changes made after it are still sent; any that depended on it (an edit of a record it created, say) may then be refused, and are listed here.');
    expect(words).toContain('This cannot be undone.');
    expect(discardDescription(stuck, 1)).not.toContain('made after it');
  });
});

describe('a discarded change on the list', () => {
  it('is marked discarded by you, never sent, with the server’s last answer; a refusal keeps its words', () => {
    const discarded: SyncConflict = { id: 7, type: 'refused', mutationId: 4, name: stuck.name, query: {}, body: {}, code: 400, message: stuck.message, discarded: true, at: '2026-11-26T19:10:00.000Z' };
    const refused: SyncConflict = { ...discarded, id: 8, discarded: undefined, name: 'PUT /api/users', query: { id: '9' }, code: 404, message: 'User not found' };
    const html = text(renderToStaticMarkup(createElement(ConflictRows, { conflicts: [discarded, refused], busyId: null, onPutBack: noop, onDismiss: noop })));
    expect(html).toContain('Discarded by you');
    expect(html).toContain('Never sent: you discarded it while it was stuck. The server’s last answer: Unknown mutation name: POST /api/loyalty-cards');
    expect(html).toContain('The server refused it: User not found');
    expect(html).toContain('aria-label="Dismiss: Create loyalty-cards"');
  });
});
