import { afterAll, describe, expect, it } from 'vitest';
import { createElement, type ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nProvider } from '@lingui/react';
import { activateLocale, i18n, loadArea } from '../../../src/i18n/i18n';
import type { AuditEntry, AuditRecordChange } from '../../../domain/contract/sync-protocol';
import { ActivitySettingsPage, AuditList } from '../../../src/features/activity/components/activity-settings-page';
import { ActivityFilters, peopleOptions } from '../../../src/features/activity/components/activity-filters';
import { entryHeadline } from '../../../src/features/activity/describe-changes';
import en from '../../../src/i18n/messages/en/activity.json';
import es from '../../../src/i18n/messages/es/activity.json';
import de from '../../../src/i18n/messages/de/activity.json';
import ar from '../../../src/i18n/messages/ar/activity.json';

// Settings → Activity is a team build's screen (the e2e walk in other languages runs on the
// static build: tests/e2e/translations-service.spec.ts); here its parts render in Spanish,
// German and Arabic with no word of the English catalogue that the language's lacks (the
// e2e check's rule, tests/e2e/support/english-left.ts), plurals and selects in their forms.

const words = (messages: Record<string, string>) =>
  new Set(
    Object.values(messages)
      .join(' ')
      .replace(/\{\s*\w+\s*,\s*(plural|select)\s*,/g, ' ')
      .replace(/(=\d+|zero|one|two|few|many|other|\w+)\s*\{/g, ' ')
      .replace(/\{\s*\w+\s*\}/g, ' ')
      .match(/\p{L}{3,}/gu)
      ?.map((word) => word.toLowerCase()) ?? [],
  );
const catalogues = { es, de, ar } as const;

/** The shown text (tags and the records' own translate="no" text taken out). */
const shown = (html: string) =>
  html
    .replace(/<([a-z]+)[^>]*translate="no"[^>]*>[^<]*<\/\1>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/<!-- -->/g, '');
const render = (element: ReactElement) => renderToStaticMarkup(createElement(I18nProvider, { i18n }, element));

// A review: a record without a page of its own (no link, so no router needed).
const record: AuditRecordChange = { kind: 'reviews', id: 7, name: null, action: 'edited', fieldCount: 5, fields: [{ field: 'phone', before: '+47 1', after: '+47 2' }] };

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
  changes: {
    count: 25,
    records: [
      { kind: 'users', id: 7, name: null, action: 'edited', fieldCount: 5, fields: [{ field: 'phone', before: '+47 1', after: '+47 2' }] },
      { kind: 'orders', id: 3, name: null, action: 'deleted', fieldCount: 0, fields: [] },
    ],
  },
  ...over,
});

/** The team's changes as the server names them (server/routes/members.ts): worded in the language, the email and ids marked as the shop's. */
const MEMBER_CHANGES = ['invite cleo@example.com as customer (user 12)', 'invite dan@example.com as staff', 'set role of u2 to viewer', 'remove member u2', 'leave the shop', 'accept invitation as customer', 'withdraw invitation 9f'];

afterAll(() => activateLocale('en'));

describe('Settings → Activity in other languages', () => {
  for (const locale of ['es', 'de', 'ar'] as const) {
    it(`${locale}: the trail, its filters and its states, with no English word left`, async () => {
      // The member changes' words are common's (src/lib/describe-write.ts).
      await Promise.all([loadArea(locale, 'activity'), loadArea(locale, 'common')]);
      await activateLocale(locale);
      const english = [...words(en)].filter((word) => !words(catalogues[locale]).has(word));
      const people = { members: [{ uid: 'u1', email: 'ann@example.com', role: 'owner' as const, joinedAt: '' }], invitations: [], customers: [{ uid: 'c1', email: 'kim@example.com', userId: 3, joinedAt: '' }] };
      const html = [
        // One record each: a bulk write's headline starts with the write in words, the shell's (src/lib/describe-write.ts).
        render(createElement(AuditList, { trail: { entries: [entry(3, { changes: { count: 1, records: [record] } }), entry(2, { result: 'rejected', message: null, changes: { count: 1, records: [{ ...record, action: 'deleted', fields: [], fieldCount: 0 }] } }), ...MEMBER_CHANGES.map((name, i) => entry(10 + i, { name, changes: undefined }))], next: 2 }, loadingMore: false, moreError: null, onLoadMore: () => {} })),
        render(createElement(AuditList, { trail: { entries: [], next: null }, loadingMore: false, moreError: null, onLoadMore: () => {}, filtered: true, onClearFilters: () => {} })),
        render(createElement(ActivityFilters, { search: { member: 'u1' }, people: peopleOptions(people, undefined), onChange: () => {} })),
        render(createElement(ActivitySettingsPage)),
      ].join(' ');
      const left = (shown(html).match(/\p{L}{3,}/gu) ?? []).filter((word) => english.includes(word.toLowerCase()));
      expect(left).toEqual([]);
      expect(html).toContain(locale === 'es' ? 'Cargar más' : locale === 'de' ? 'Mehr laden' : 'تحميل المزيد');
      // The headline names the records it changed, "and 23 more" in the language's plural.
      expect(entryHeadline(entry(1))).toContain(locale === 'es' ? 'y 23 más' : locale === 'de' ? 'und 23 weitere' : 'و23 أخرى');
    });
  }
});
