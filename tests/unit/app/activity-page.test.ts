import { describe, expect, it, vi } from 'vitest';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describeWrite } from '../../../src/lib/describe-write';
import { withPage } from '../../../src/features/activity/use-audit-trail';
import { activityRefusal, ActivitySettingsPage, AuditList, ShopActivity } from '../../../src/features/activity/components/activity-settings-page';
import type { AuditEntry } from '../../../domain/contract/sync-protocol';

const text = (html: string) => html.replace(/<!-- -->/g, '').replace(/&#x27;/g, "'");

const entry = (seq: number, over: Partial<AuditEntry> = {}): AuditEntry => ({
  seq,
  at: '2026-11-26T18:05:00.000Z',
  uid: 'u1',
  email: 'ann@example.com',
  clientId: 'c1',
  mutationId: seq,
  name: 'PATCH /api/orders',
  result: 'applied',
  message: null,
  ...over,
});

describe('a write in words', () => {
  it('names what each mutation did to which kind of record', () => {
    expect(describeWrite('PATCH /api/orders')).toBe('Updated an order');
    expect(describeWrite('PUT /api/users')).toBe('Edited a user');
    expect(describeWrite('POST /api/products')).toBe('Created a product');
    expect(describeWrite('DELETE /api/invoices')).toBe('Deleted an invoice');
    expect(describeWrite('POST /api/users/restore')).toBe('Restored a user');
    expect(describeWrite('POST /api/orders/bulk')).toBe('Imported orders');
    expect(describeWrite('POST /api/tickets/bulk-delete')).toBe('Deleted several tickets');
    expect(describeWrite('POST /api/products/bulk-status')).toBe('Changed the status of several products');
    expect(describeWrite('POST /api/orders/:id/timeline')).toBe('Recorded a delivery step of an order');
    expect(describeWrite('POST /api/tickets/:id/replies')).toBe('Replied to a ticket');
    expect(describeWrite('POST /api/files')).toBe('Uploaded a file');
    expect(describeWrite('DELETE /api/files/:id')).toBe('Deleted a file');
  });
  it('puts member changes in the past tense', () => {
    expect(describeWrite('invite ann@example.com as staff')).toBe('Invited ann@example.com as staff');
    expect(describeWrite('set role of u2 to admin')).toBe('Changed the role of u2 to admin');
    expect(describeWrite('remove member u2')).toBe('Removed member u2');
    expect(describeWrite('leave the shop')).toBe('Left the shop');
    expect(describeWrite('accept invitation as viewer')).toBe('Accepted an invitation as viewer');
    expect(describeWrite('withdraw invitation 9f')).toBe('Withdrew invitation 9f');
  });
  it('keeps a name it does not know as it is', () => {
    expect(describeWrite('POST /api/widgets')).toBe('POST /api/widgets');
    expect(describeWrite('something new')).toBe('something new');
  });
});

describe('the trail, page by page', () => {
  it('adds an older page after the ones shown, each entry once', () => {
    const first = withPage({ entries: [], next: null }, { entries: [entry(9), entry(8)], next: 8 });
    expect(first).toEqual({ entries: [entry(9), entry(8)], next: 8 });
    const second = withPage(first, { entries: [entry(8), entry(7)], next: null });
    expect(second.entries.map((e) => e.seq)).toEqual([9, 8, 7]);
    expect(second.next).toBeNull();
  });

  it('renders who, what, the result, the server\'s message and when, with Load more while older pages remain', () => {
    const html = text(
      renderToStaticMarkup(
        createElement(AuditList, {
          trail: { entries: [entry(3), entry(2, { name: 'POST /api/users', result: 'rejected', message: 'Your role (staff) may not send POST /api/users: it takes admin', email: null, uid: 'u-staff' })], next: 2 },
          loadingMore: false,
          moreError: null,
          onLoadMore: () => {},
        }),
      ),
    );
    expect(html).toContain('Updated an order');
    expect(html).toContain('by ann@example.com');
    expect(html).toContain('Applied');
    expect(html).toContain('Created a user');
    expect(html).toContain('by u-staff');
    expect(html).toContain('Refused: Your role (staff) may not send POST /api/users: it takes admin');
    expect(html).toContain('dateTime="2026-11-26T18:05:00.000Z"');
    expect(html).toContain('>Load more</button>');
  });

  it('says when the oldest entry is shown, when more is loading, when it failed, and when there is nothing', () => {
    const end = text(renderToStaticMarkup(createElement(AuditList, { trail: { entries: [entry(1)], next: null }, loadingMore: false, moreError: null, onLoadMore: () => {} })));
    expect(end).not.toContain('Load more');
    expect(end).toContain('That is everything since the shop was created.');
    const loading = text(renderToStaticMarkup(createElement(AuditList, { trail: { entries: [entry(2)], next: 2 }, loadingMore: true, moreError: null, onLoadMore: () => {} })));
    expect(loading).toMatch(/<button[^>]*disabled=""[^>]*>Loading…<\/button>/);
    const failed = text(renderToStaticMarkup(createElement(AuditList, { trail: { entries: [entry(2)], next: 2 }, loadingMore: false, moreError: new Error('Database down'), onLoadMore: () => {} })));
    expect(failed).toContain('role="alert"');
    expect(failed).toContain('Database down');
    expect(failed).toContain('>Try again</button>');
    const empty = text(renderToStaticMarkup(createElement(AuditList, { trail: { entries: [], next: null }, loadingMore: false, moreError: null, onLoadMore: () => {} })));
    expect(empty).toContain('Nothing has happened in this shop yet');
  });
});

describe('who reads the activity', () => {
  it('owners and admins; staff and viewers are told why not', () => {
    expect(activityRefusal('owner')).toBeNull();
    expect(activityRefusal('admin')).toBeNull();
    expect(activityRefusal('staff')).toBe('Only owners and admins read the shop’s activity; you are a staff member of this shop.');
    expect(activityRefusal('viewer')).toContain('you are a viewer');
  });
  it('a viewer\'s page asks the server nothing and says why', () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    const html = text(renderToStaticMarkup(createElement(ShopActivity, { shop: { id: 's1', name: 'North', role: 'viewer' }, online: true })));
    expect(html).toContain('North');
    expect(html).toContain('Only owners and admins read the shop’s activity');
    expect(fetchSpy).not.toHaveBeenCalled();
    fetchSpy.mockRestore();
  });
  it('a build without a shop server says so and asks nothing', () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    expect(text(renderToStaticMarkup(createElement(ActivitySettingsPage)))).toContain('This build has no shop server');
    expect(fetchSpy).not.toHaveBeenCalled();
    fetchSpy.mockRestore();
  });
});
