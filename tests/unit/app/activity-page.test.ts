import { describe, expect, it, vi } from 'vitest';
import { createElement, type ReactElement } from 'react';
import { renderToStaticMarkup as renderStatic, renderToString as renderString } from 'react-dom/server';
import { I18nProvider } from '@lingui/react';
import { i18n } from '../../../src/i18n/i18n';
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { describeWrite, writeData } from '../../../src/lib/describe-write';
import { withPage } from '../../../src/features/activity/use-audit-trail';
import { activityRefusal, ActivitySettingsPage, AuditList, ShopActivity } from '../../../src/features/activity/components/activity-settings-page';
import type { AuditChanges, AuditEntry } from '../../../domain/contract/sync-protocol';
import { auditQuery } from '../../../src/features/activity/api';
import { activitySearchSchema, auditFilterOf, dayBounds } from '../../../src/features/activity/data/search';
import { entryHeadline, fieldLabel } from '../../../src/features/activity/describe-changes';
import { ActivityFilters, peopleOptions } from '../../../src/features/activity/components/activity-filters';
import { EntryRow } from '../../../src/features/activity/components/audit-entry';

// The components translate (useT): rendered inside the app's translation provider, in English.
const renderToStaticMarkup = (element: ReactElement) => renderStatic(createElement(I18nProvider, { i18n }, element));
const renderToString = (element: ReactElement) => renderString(createElement(I18nProvider, { i18n }, element));

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
    expect(describeWrite('invite cleo@example.com as customer (user 12)')).toBe('Invited cleo@example.com to the customer portal (user 12)');
    // The email, the account: the shop's data, marked where the line shows them.
    expect(writeData('invite cleo@example.com as customer (user 12)')).toEqual({ email: 'cleo@example.com' });
    expect(writeData('set role of u2 to admin')).toEqual({ member: 'u2' });
    expect(writeData('leave the shop')).toBeUndefined();
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
    // Who: the shop's data, marked so (translate="no") inside the sentence.
    expect(html).toContain('by <span translate="no">ann@example.com</span>');
    expect(html).toContain('Applied');
    expect(html).toContain('Created a user');
    expect(html).toContain('by <span translate="no">u-staff</span>');
    expect(html).toContain('Refused: Your role (staff) may not send POST /api/users: it takes admin');
    expect(html).toContain('datetime="2026-11-26T18:05:00.000Z"');
    expect(html).toContain('>Load more</button>');
  });

  it('says when the oldest entry is shown, when more is loading, when it failed, and when there is nothing', () => {
    const end = text(renderToStaticMarkup(createElement(AuditList, { trail: { entries: [entry(1)], next: null }, loadingMore: false, moreError: null, onLoadMore: () => {} })));
    expect(end).not.toContain('Load more');
    expect(end).toContain('That is everything since the shop was created.');
    const loading = text(renderToStaticMarkup(createElement(AuditList, { trail: { entries: [entry(2)], next: 2 }, loadingMore: true, moreError: null, onLoadMore: () => {} })));
    expect(loading).toMatch(/<button[^>]* disabled[ >][^>]*>Loading…<\/button>/);
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

/** Markup of an element with links: rendered inside a router, as the app renders it. */
async function withRouter(element: ReactElement): Promise<string> {
  const router = createRouter({ routeTree: createRootRoute({ component: () => element }), history: createMemoryHistory() });
  await router.load();
  return text(renderToString(createElement(RouterProvider, { router })));
}

const annEdited: AuditChanges = {
  count: 1,
  records: [
    {
      kind: 'users',
      id: 7,
      name: 'Ann Smith',
      action: 'edited',
      fieldCount: 3,
      fields: [
        { field: 'phone', before: '+47 1', after: '+47 2' },
        { field: 'address', before: 'Oslo', after: null },
        { field: 'image', summary: 'photo changed' },
      ],
    },
  ],
};

describe('what an entry changed', () => {
  it('names the record and the fields it changed, or the mutation when the server kept nothing', () => {
    expect(entryHeadline(entry(1, { name: 'PUT /api/users', changes: annEdited }))).toBe('Edited Ann Smith: phone, address, image');
    expect(entryHeadline(entry(1))).toBe('Updated an order');
    const cut = { ...annEdited.records[0]!, fields: annEdited.records[0]!.fields.slice(0, 1), fieldCount: 4 };
    expect(entryHeadline(entry(1, { changes: { count: 1, records: [cut] } }))).toBe('Edited Ann Smith: phone and 3 more');
    const removed = { kind: 'products' as const, action: 'deleted' as const, fields: [], fieldCount: 0 };
    const bulk: AuditChanges = { count: 25, records: [1, 2, 3, 4].map((id) => ({ ...removed, id, name: `Shirt ${id}` })) };
    expect(entryHeadline(entry(1, { name: 'POST /api/products/bulk-delete', changes: bulk }))).toBe('Deleted several products: Shirt 1, Shirt 2, Shirt 3 and 22 more');
    expect(entryHeadline(entry(1, { changes: { count: 1, records: [{ kind: 'orders', id: 3, name: null, action: 'created', fields: [], fieldCount: 0 }] } }))).toBe('Created order 3');
    expect(fieldLabel('statusHistory')).toBe('status history');
  });

  it('shows before → after on expand, a link that opens the record, and says when one was deleted', async () => {
    const html = await withRouter(createElement(EntryRow, { entry: entry(4, { name: 'PUT /api/users', changes: annEdited }) }));
    expect(html).toContain('Edited <span translate="no">Ann Smith</span>: phone, address, image');
    expect(html).toMatch(/<details[^>]*><summary[^>]*>Show the change<\/summary>/);
    expect(html).toContain('href="/users/7"');
    expect(html).toMatch(/phone<\/span>: <span[^>]*>\+47 1<\/span><span aria-hidden="true"> → <\/span><span class="sr-only"> changed to <\/span><span[^>]*>\+47 2<\/span>/);
    // The record's values are its own text (translate="no"); "(empty)" is the app's, translated.
    expect(html).toContain('<span translate="no">+47 2</span>');
    expect(html).toMatch(/→ <\/span><span class="sr-only"> changed to <\/span><span>\(empty\)<\/span>/);
    expect(html).toContain('image</span>: photo changed');
    const links = { products: '/products/5', orders: '/orders/5', invoices: '/invoices/5', tickets: '/support/tickets?ticket=5' } as const;
    for (const [kind, href] of Object.entries(links)) {
      const row = await withRouter(createElement(EntryRow, { entry: entry(5, { changes: { count: 1, records: [{ kind: kind as keyof typeof links, id: 5, name: 'X', action: 'edited', fields: [], fieldCount: 0 }] } }) }));
      expect(row).toContain(`href="${href}"`);
    }
    const gone = await withRouter(createElement(EntryRow, { entry: entry(6, { name: 'DELETE /api/users', changes: { count: 1, records: [{ ...annEdited.records[0]!, action: 'deleted', fields: [], fieldCount: 0 }] } }) }));
    expect(gone).toContain('Ann Smith</span> <span class="text-slate-600 dark:text-slate-400">(deleted)</span>');
    expect(gone).not.toContain('href="/users/7"');
    expect(gone).toContain('>Show the record</summary>');
    const many = await withRouter(createElement(EntryRow, { entry: entry(7, { changes: { count: 1200, records: annEdited.records } }) }));
    expect(many).toContain('Show the 1,200 records changed');
    expect(many).toContain('and 1,199 more records, not listed');
  });
});

describe('filtering the activity', () => {
  it('reads member, kind and day from the URL, a bad value as no filter', () => {
    expect(activitySearchSchema.parse({ member: 'u1', kind: 'orders', day: '2026-11-26' })).toEqual({ member: 'u1', kind: 'orders', day: '2026-11-26' });
    expect(activitySearchSchema.parse({ member: '', kind: 'widgets', day: '2026-02-30' })).toEqual({ member: undefined, kind: undefined, day: undefined });
    expect(activitySearchSchema.parse({})).toEqual({ member: undefined, kind: undefined, day: undefined });
  });

  it('asks the server for the day from local midnight to the next, and only the filters set', () => {
    const { since, until } = dayBounds('2026-11-26');
    expect(new Date(since).getFullYear()).toBe(2026);
    expect([new Date(since).getMonth(), new Date(since).getDate(), new Date(since).getHours()]).toEqual([10, 26, 0]);
    expect([new Date(until).getDate(), new Date(until).getHours()]).toEqual([27, 0]);
    expect(auditFilterOf({ member: 'u1' })).toEqual({ uid: 'u1', kind: undefined });
    expect(auditQuery(null, {})).toBe('limit=50');
    expect(auditQuery(40, { uid: 'u 1', kind: 'users', since, until })).toBe(`limit=50&before=40&uid=u+1&kind=users&since=${encodeURIComponent(since)}&until=${encodeURIComponent(until)}`);
  });

  it('offers the members and customers by email, and keeps a former member from the URL', () => {
    const people = {
      members: [{ uid: 'u1', email: 'ann@example.com', role: 'owner' as const, joinedAt: '' }],
      invitations: [],
      customers: [{ uid: 'c1', email: null, userId: 3, joinedAt: '' }],
    };
    expect(peopleOptions(people, 'gone')).toEqual([
      { uid: 'u1', label: 'ann@example.com (owner)' },
      { uid: 'c1', label: 'c1 (customer)' },
      { uid: 'gone', label: 'gone' },
    ]);
    const html = text(renderToStaticMarkup(createElement(ActivityFilters, { search: { member: 'u1', kind: 'orders', day: '2026-11-26' }, people: peopleOptions(people, undefined), onChange: () => {} })));
    expect(html).toContain('role="search"');
    expect(html).toMatch(/<option selected value="u1"[^>]*>ann@example.com \(owner\)<\/option>/);
    expect(html).toMatch(/<option selected value="orders">Orders<\/option>/);
    expect(html).toContain('value="2026-11-26"');
    expect(html).toContain('>Clear filters</button>');
    expect(text(renderToStaticMarkup(createElement(ActivityFilters, { search: {}, people: [], onChange: () => {} })))).not.toContain('Clear filters');
  });

  it('says when nothing matches the filters, with a way back', () => {
    const html = text(renderToStaticMarkup(createElement(AuditList, { trail: { entries: [], next: null }, loadingMore: false, moreError: null, onLoadMore: () => {}, filtered: true, onClearFilters: () => {} })));
    expect(html).toContain('Nothing in the shop’s activity matches these filters.');
    expect(html).toContain('>Clear filters</button>');
  });
});
