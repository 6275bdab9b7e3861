import { describe, expect, it, vi } from 'vitest';
import { createElement } from 'react';
import { renderToStaticMarkup as renderStatic } from 'react-dom/server';
import { I18nProvider } from '@lingui/react';
import { i18n } from '../../../src/i18n/i18n';
import { requireShopServer, type SyncStatus } from '../../../src/lib/shop-sync';
import { lastSyncText, syncBadgeView } from '../../../src/lib/sync-words';
import { shopServerUrl } from '../../../src/lib/api-client';
import { canChangeRole, canManageMembers, canRemoveMember, canUseServer, offlineReason } from '../../../src/features/team/data/permissions';
import { describeConflict } from '../../../src/components/sync/describe-conflict';
import { ConnectionBadge, ConnectionStatus } from '../../../src/pwa/connection-status';
import { HeaderStatus, SyncBadge } from '../../../src/pwa/sync-status';
import { TeamSettingsPage } from '../../../src/features/team/components/team-settings-page';
import { SyncSettingsPage } from '../../../src/features/sync/components/sync-settings-page';
import { settingsLinks } from '../../../src/features/settings/data/settings-links';

// The components translate (useT): rendered inside the app's translation provider, in English.
const renderToStaticMarkup = (element: Parameters<typeof renderStatic>[0]) => renderStatic(createElement(I18nProvider, { i18n }, element));

const status = (over: Partial<SyncStatus> = {}): SyncStatus => ({ configured: true, shopId: 's1', online: true, pending: 0, lastSyncAt: '2026-11-26T18:05:00.000Z', ...over });
const text = (html: string) => html.replace(/<!-- -->/g, '');

describe('the sync badge\'s words', () => {
  it('synced: the last sync time in the tooltip', () => {
    expect(syncBadgeView(status(), true, 'UTC')).toEqual({ kind: 'synced', text: 'Synced', title: 'Last synced Nov 26, 2026, 6:05 PM', retry: false });
    expect(syncBadgeView(status({ lastSyncAt: null }), true).title).toBe('Not synced yet');
  });
  it('changes waiting, one and many', () => {
    expect(syncBadgeView(status({ pending: 1 }), true)).toMatchObject({ kind: 'waiting', text: '1 change waiting', retry: false });
    expect(syncBadgeView(status({ pending: 3 }), true)).toMatchObject({ kind: 'waiting', text: '3 changes waiting' });
    expect(syncBadgeView(status({ pending: 1200 }), true).text).toBe('1,200 changes waiting');
  });
  it('offline: the browser knows it, or the worker could not reach the server (then Retry)', () => {
    expect(syncBadgeView(status({ pending: 3 }), false)).toMatchObject({ kind: 'offline', text: 'Offline — 3 changes will sync', retry: false });
    expect(syncBadgeView(status({ pending: 0 }), false).text).toBe('Offline');
    const unreachable = syncBadgeView(status({ online: false, pending: 2, error: 'Failed to fetch' }), true, 'UTC');
    expect(unreachable).toMatchObject({ kind: 'offline', text: 'Offline — 2 changes will sync', retry: true });
    expect(unreachable.title).toContain('Failed to fetch');
    expect(unreachable.title).toContain('Last synced Nov 26, 2026, 6:05 PM');
  });
  it('failed: the server\'s reason, with Retry', () => {
    expect(syncBadgeView(status({ pending: 4, error: 'You are not a member of this shop' }), true)).toMatchObject({
      kind: 'failed',
      text: 'Sync failed: You are not a member of this shop',
      retry: true,
    });
  });
  it('a time it cannot read is no time', () => {
    expect(lastSyncText('not a date')).toBe('Not synced yet');
  });
  it('renders the words, the tooltip and Retry only when offered', () => {
    const noop = () => {};
    const synced = text(renderToStaticMarkup(createElement(SyncBadge, { status: status(), online: true, onRetry: noop })));
    expect(synced).toContain('Synced');
    expect(synced).toContain('role="status"');
    expect(synced).not.toContain('Retry');
    const failed = text(renderToStaticMarkup(createElement(SyncBadge, { status: status({ error: 'Database down' }), online: true, onRetry: noop })));
    expect(failed).toContain('Sync failed: Database down');
    expect(failed).toContain('aria-label="Retry the sync now"');
    expect(failed).toContain('>Retry</button>');
  });
});

describe('what a member\'s role may do on the Team page', () => {
  const owner = { uid: 'a', role: 'owner' as const };
  const secondOwner = { uid: 'b', role: 'owner' as const };
  const staff = { uid: 'c', role: 'staff' as const };
  it('only owners manage members, and say why to the others', () => {
    expect(canManageMembers('owner', true)).toEqual({ allowed: true });
    expect(canManageMembers('admin', true)).toEqual({ allowed: false, reason: 'Only owners invite people, change roles and remove members; you are an admin of this shop.' });
    expect(canManageMembers('viewer', true)).toMatchObject({ allowed: false, reason: expect.stringContaining('you are a viewer') });
    expect(canManageMembers('staff', true).allowed).toBe(false);
  });
  it('team changes need a connection', () => {
    expect(offlineReason()).toBe('Team changes need a connection to the shop server.');
    expect(canManageMembers('owner', false)).toEqual({ allowed: false, reason: offlineReason() });
    expect(canUseServer(false)).toEqual({ allowed: false, reason: offlineReason() });
    expect(canUseServer(true).allowed).toBe(true);
  });
  it('the last owner keeps the shop: not demoted, not removed', () => {
    expect(canChangeRole('owner', owner, [owner, staff], true)).toMatchObject({ allowed: false, reason: expect.stringContaining('at least one owner') });
    expect(canRemoveMember('owner', owner, [owner, staff], true).allowed).toBe(false);
    expect(canChangeRole('owner', owner, [owner, secondOwner, staff], true).allowed).toBe(true);
    expect(canChangeRole('owner', staff, [owner, staff], true).allowed).toBe(true);
    expect(canRemoveMember('owner', staff, [owner, staff], true).allowed).toBe(true);
    expect(canRemoveMember('admin', staff, [owner, staff], true).allowed).toBe(false);
  });
});

describe('a refused change in words', () => {
  it('names the write and its record', () => {
    expect(describeConflict({ name: 'PATCH /api/users', query: { id: '7' } })).toBe('Change users #7');
    expect(describeConflict({ name: 'POST /api/products', query: {} })).toBe('Create products');
    expect(describeConflict({ name: 'POST /api/orders/:id/timeline', query: { id: '3' } })).toBe('Create orders/:id/timeline #3');
    expect(describeConflict({ name: 'DELETE /api/reviews', query: { id: '12' } })).toBe('Delete reviews #12');
  });
});

describe('a build without a shop server (VITE_SHOP_SERVER_URL unset) is as before', () => {
  it('has no shop server', () => {
    expect(shopServerUrl).toBeUndefined();
  });
  it('settings keep their eight links, without Team or Sync', () => {
    expect(settingsLinks.map((link) => link.to)).toEqual([
      '/settings',
      '/settings/security',
      '/settings/plan-billing',
      '/settings/two-factor-authentication',
      '/settings/notification',
      '/settings/social-media-links',
      '/settings/data',
      '/settings/account-deactivation',
    ]);
  });
  it('/settings/team and /settings/sync are not found', () => {
    // Both routes' beforeLoad.
    expect(requireShopServer).toThrow();
    try {
      requireShopServer();
    } catch (error) {
      expect(error).toMatchObject({ isNotFound: true });
    }
  });
  it('the header shows the connection badge and asks the worker nothing', () => {
    const element = HeaderStatus();
    expect(element.type).toBe(ConnectionStatus);
    expect(text(renderToStaticMarkup(createElement(ConnectionBadge, { online: true })))).toContain('Online');
    expect(text(renderToStaticMarkup(createElement(ConnectionBadge, { online: false })))).toContain('Offline');
  });
  it('the pages, were they reached, ask nothing and say there is no shop server', () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    expect(text(renderToStaticMarkup(createElement(TeamSettingsPage)))).toContain('This build has no shop server');
    expect(text(renderToStaticMarkup(createElement(SyncSettingsPage)))).toContain('This build has no shop server');
    expect(fetchSpy).not.toHaveBeenCalled();
    fetchSpy.mockRestore();
  });
});
