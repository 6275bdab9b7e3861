import { describe, expect, it } from 'vitest';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { ownDataWords, pullProgressView, removalMessage, syncBadgeView } from '../../../src/lib/sync-words';
import { PullProgressBar } from '../../../src/features/team/components/pull-progress-bar';
import { UploadNow } from '../../../src/features/team/components/upload-now';
import { UploadOffer } from '../../../src/features/team/components/upload-offer';
import { RemovedBadge } from '../../../src/pwa/sync-status';
import { ShopRemovalNotice } from '../../../src/components/shop-removal-notice';
import { isNotAMember } from '../../../sw/sync/sync-loop';
import { ServerRefused, Unreachable } from '../../../sw/sync/server-link';
import { NOT_A_MEMBER } from '../../../domain/sync/membership';

const text = (html: string) => html.replace(/<!-- -->/g, '');
const removal = { shopId: 's1', shopName: 'North', at: '2026-11-26T18:05:00.000Z', lostChanges: 0 };

describe('a removal from the shop', () => {
  it('is only the server\'s 403 "not a member", not a role\'s or another user\'s client refusal', () => {
    expect(isNotAMember(new ServerRefused(403, NOT_A_MEMBER))).toBe(true);
    expect(isNotAMember(new ServerRefused(403, 'This client id belongs to another user: use a client id of your own'))).toBe(false);
    expect(isNotAMember(new ServerRefused(403, 'Your role (viewer) may not read the audit trail: it takes admin'))).toBe(false);
    expect(isNotAMember(new ServerRefused(409, NOT_A_MEMBER))).toBe(false);
    expect(isNotAMember(new Unreachable(NOT_A_MEMBER))).toBe(false);
  });

  it('is said with the shop\'s name and the changes lost with its copy', () => {
    expect(removalMessage(removal)).toBe('You are no longer a member of “North”: its data was removed from this device, which works on your own data again.');
    expect(removalMessage({ ...removal, lostChanges: 1 })).toContain('1 change made on this device had not reached the shop server and was lost.');
    expect(removalMessage({ ...removal, lostChanges: 1200 })).toContain('1,200 changes made on this device had not reached the shop server and were lost.');
    const { shopName: _name, ...unnamed } = removal;
    expect(removalMessage(unnamed)).toContain('You are no longer a member of the shared shop this device worked on');
  });

  it('shows in the header and on the Team page until dismissed', () => {
    const badge = text(renderToStaticMarkup(createElement(RemovedBadge, { removed: { ...removal, lostChanges: 2 }, onDismiss: () => {} })));
    expect(badge).toContain('Removed from <span translate="no">North</span>');
    expect(badge).toContain('2 changes made on this device');
    expect(badge).toContain('>Dismiss</button>');
    const notice = text(renderToStaticMarkup(createElement(ShopRemovalNotice, { removed: removal })));
    expect(notice).toContain('role="alert"');
    expect(notice).toContain('You are no longer a member of “North”');
    expect(notice).toContain('>Dismiss</button>');
  });
});

describe('starting a new shop with this device\'s data', () => {
  const counts = { records: { users: 14, products: 1, orders: 0, invoices: 0, reviews: 0, tickets: 0, files: 2 }, total: 17, onlySampleData: false };
  it('says what the device holds', () => {
    expect(ownDataWords(counts)).toBe('14 users, 1 product and 2 images');
    expect(ownDataWords({ ...counts, records: { ...counts.records, users: 0, files: 0 } })).toBe('1 product');
    expect(ownDataWords({ records: { users: 0, products: 0, orders: 0, invoices: 0, reviews: 0, tickets: 0, files: 0 }, total: 0, onlySampleData: true })).toBe('nothing');
  });
  it('offers it with a labelled checkbox', () => {
    const html = text(renderToStaticMarkup(createElement(UploadOffer, { counts, checked: true, onChange: () => {} })));
    expect(html).toMatch(/<input[^>]*type="checkbox"[^>]* checked[ >/]/);
    expect(html).toContain('Start it with this device’s data');
    expect(html).toContain('Copies 14 users, 1 product and 2 images to the new shop');
    expect(html).not.toContain('sample data');
    const samples = text(renderToStaticMarkup(createElement(UploadOffer, { counts: { ...counts, onlySampleData: true }, checked: false, onChange: () => {} })));
    expect(samples).not.toMatch(/ checked[ >/]/);
    expect(samples).toContain('This device holds only the sample data it started with');
  });
  it('offers an empty chosen shop the upload later, with a button', () => {
    const html = text(renderToStaticMarkup(createElement(UploadNow, { counts: { ...counts, canUpload: true }, shopName: 'North', onDone: () => {} })));
    expect(html).toContain('North has no data yet. You can start it with this device’s data: 14 users, 1 product and 2 images.');
    expect(html).toContain('>Upload this device’s data</button>');
  });
});

describe('a first sync\'s progress', () => {
  const status = { configured: true, shopId: 's1', online: true, pending: 0, lastSyncAt: null };
  it('is a percentage in the badge and a bar on the Team page', () => {
    expect(pullProgressView({ pulled: 1200, remaining: 3800 })).toEqual({ percent: 24, text: '1,200 of 5,000 changes' });
    expect(pullProgressView({ pulled: 1000, remaining: 100_000 }).text).toBe('1,000 of 101,000+ changes');
    expect(pullProgressView({ pulled: 999, remaining: 1 }).percent).toBe(99);
    expect(syncBadgeView({ ...status, pulling: { pulled: 500, remaining: 1500 } }, true)).toMatchObject({ kind: 'waiting', text: 'Downloading the shop: 25%' });
    // Offline wins: the download waits for the connection.
    expect(syncBadgeView({ ...status, online: false, pulling: { pulled: 500, remaining: 1500 } }, true).kind).toBe('offline');
    const bar = text(renderToStaticMarkup(createElement(PullProgressBar, { pulling: { pulled: 500, remaining: 1500 } })));
    expect(bar).toMatch(/<progress[^>]*value="25"[^>]*max="100"/);
    expect(bar).toContain('Downloading the shop to this device: 500 of 2,000 changes (25%).');
  });
});
