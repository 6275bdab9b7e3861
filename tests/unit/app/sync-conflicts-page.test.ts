import { createElement } from 'react';
import { renderToStaticMarkup as renderStatic } from 'react-dom/server';
import { I18nProvider } from '@lingui/react';
import { i18n } from '../../../src/i18n/i18n';
import { describe, expect, it } from 'vitest';
import type { SyncConflict } from '../../../src/lib/shop-sync';
import { unseenConflictsText } from '../../../src/lib/sync-words';
import { conflictSearchSchema } from '../../../src/components/sync/conflict-search';
import { canPutBack, conflictTitle, formatConflictValue } from '../../../src/components/sync/describe-conflict';
import { ConflictRows } from '../../../src/components/sync/conflict-item';

// The components translate (useT): rendered inside the app's translation provider, in English.
const renderToStaticMarkup = (element: Parameters<typeof renderStatic>[0]) => renderStatic(createElement(I18nProvider, { i18n }, element));

/* The Sync page's list of refused and overwritten changes (src/components/sync), rendered as markup. */

const text = (html: string) => html.replace(/<!-- -->/g, '');
const noop = () => {};

const overwritten: SyncConflict = {
  id: 2,
  type: 'overwritten',
  mutationId: 9,
  name: 'PUT /api/users',
  query: { id: '7' },
  body: {},
  kind: 'users',
  recordId: 7,
  field: 'phone',
  yours: '+47 555 01 111',
  kept: '+47 555 02 222',
  by: 'bea@example.com',
  at: '2026-11-26T19:05:00.000Z',
};
const refusedEdit: SyncConflict = { id: 1, type: 'refused', mutationId: 3, name: 'PATCH /api/orders', query: { id: '4' }, body: { status: 'shipping' }, code: 409, message: 'A delivered order cannot be shipped', at: '2026-11-26T18:00:00.000Z' };
// A row kept before conflicts had a type: a refusal.
const refusedDelete: SyncConflict = { id: 3, mutationId: 5, name: 'DELETE /api/users', query: { id: '8' }, body: null, code: 403, message: 'Your role (viewer) may not send DELETE /api/users', at: '2026-11-26T17:00:00.000Z' };

describe('a conflict in words', () => {
  it('names the record and field of an overwritten value, the write of a refusal', () => {
    expect(conflictTitle(overwritten)).toBe('users #7: phone');
    expect(conflictTitle(refusedEdit)).toBe('Change orders #4');
  });
  it('shows values as a person reads them', () => {
    expect(formatConflictValue('+47 1')).toBe('+47 1');
    expect(formatConflictValue(null)).toBe('(empty)');
    expect(formatConflictValue('')).toBe('(empty)');
    expect(formatConflictValue(['a', 2])).toBe('["a",2]');
    expect(formatConflictValue({ long: 'y'.repeat(300) })).toHaveLength(120);
  });
  it('offers put back for an overwritten field and a refused field edit, not for a refused deletion or creation', () => {
    expect(canPutBack(overwritten)).toBe(true);
    expect(canPutBack(refusedEdit)).toBe(true);
    expect(canPutBack(refusedDelete)).toBe(false);
    expect(canPutBack({ ...refusedDelete, name: 'POST /api/users' })).toBe(false);
    expect(canPutBack({ ...refusedDelete, name: 'POST /api/orders/:id/timeline' })).toBe(false);
  });
});

describe('the list', () => {
  const html = text(renderToStaticMarkup(createElement(ConflictRows, { conflicts: [refusedDelete, refusedEdit, overwritten], busyId: null, onPutBack: noop, onDismiss: noop })));

  it('lists the changes newest first', () => {
    const order = ['users #7: phone', 'Change orders #4', 'Delete users #8'].map((title) => html.indexOf(title));
    expect(order.every((at) => at >= 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
  });

  it('shows your value and the kept one, who and when', () => {
    expect(html).toContain('Your value</dt><dd translate="no" class="break-words">+47 555 01 111</dd>');
    expect(html).toContain('Kept</dt><dd translate="no" class="break-words">+47 555 02 222</dd>');
    expect(html).toContain('Changed by bea@example.com');
    expect(html).toContain('datetime="2026-11-26T19:05:00.000Z"');
    expect(html).toContain('The server refused it: A delivered order cannot be shipped');
  });

  it('has a named button for each action it offers', () => {
    expect(html).toContain('aria-label="Put my value back: users #7: phone"');
    expect(html).toContain('aria-label="Put my value back: Change orders #4"');
    expect(html).not.toContain('aria-label="Put my value back: Delete users #8"');
    for (const title of ['users #7: phone', 'Change orders #4', 'Delete users #8']) expect(html).toContain(`aria-label="Dismiss: ${title}"`);
    expect(html.match(/<button type="button"/g)).toHaveLength(5);
  });

  it('an entry whose action runs has its buttons disabled, the others not', () => {
    const busy = text(renderToStaticMarkup(createElement(ConflictRows, { conflicts: [overwritten, refusedEdit], busyId: 2, onPutBack: noop, onDismiss: noop })));
    expect(busy.match(/ disabled[ >/]/g)).toHaveLength(2);
    expect(busy).toContain('aria-busy="true"');
  });
});

describe('many entries', () => {
  it('each entry has a named checkbox when the list selects, ticked as selected; none otherwise', () => {
    const selecting = text(
      renderToStaticMarkup(createElement(ConflictRows, { conflicts: [overwritten, refusedEdit], busyId: null, onPutBack: noop, onDismiss: noop, isSelected: (c: SyncConflict) => c.id === 2, onSelectedChange: noop })),
    );
    expect(selecting).toMatch(/aria-label="Select: users #7: phone" checked[ >/]/);
    expect(selecting).toMatch(/aria-label="Select: Change orders #4"(?! checked)/);
    const plain = renderToStaticMarkup(createElement(ConflictRows, { conflicts: [overwritten], busyId: null, onPutBack: noop, onDismiss: noop }));
    expect(plain).not.toContain('type="checkbox"');
  });

  it('reads the page and filters from the URL, falling back to all entries on page 1 for what it does not know', () => {
    expect(conflictSearchSchema.parse({ page: '2', kind: 'users', type: 'overwritten' })).toEqual({ page: 2, kind: 'users', type: 'overwritten' });
    expect(conflictSearchSchema.parse({})).toEqual({ page: 1 });
    const odd = conflictSearchSchema.parse({ page: '0', kind: 'cats', type: 'lost' });
    expect(odd.page).toBe(1);
    expect(odd.kind).toBeUndefined();
    expect(odd.type).toBeUndefined();
    expect(conflictSearchSchema.parse({ page: 'x' }).page).toBe(1);
  });

  it('says how many entries wait to be looked at', () => {
    expect(unseenConflictsText(1)).toBe('1 change to review');
    expect(unseenConflictsText(1200)).toBe('1,200 changes to review');
  });
});
