import type { ShopRemoval, StuckChange, SyncStatus } from '@domain/contract/sync';
import type { UploadCounts } from '@domain/contract/upload';
import { t } from '@/i18n/i18n';
import { dateFormat, formatList, formatNumber, formatPercent } from '@/i18n/format';

/*
 * The words of the sync with a shop server (the header's badge, the Team and Sync screens), in
 * `common`'s messages: a module apart from src/lib/shop-sync.ts, whose calls the route guards
 * use at start-up, so that these words and their messages load with the signed-in shells.
 */

/** Each kind's count in words (common.json), in the order they are said. */
const kindWords: Array<[keyof UploadCounts['records'], string]> = [
  ['users', 'common.sync.count.users'],
  ['products', 'common.sync.count.products'],
  ['orders', 'common.sync.count.orders'],
  ['invoices', 'common.sync.count.invoices'],
  ['reviews', 'common.sync.count.reviews'],
  ['tickets', 'common.sync.count.tickets'],
  ['files', 'common.sync.count.images'],
];

/** "14 users, 15 products and 2 images": the kinds this device holds, in words. */
export function ownDataWords(counts: UploadCounts): string {
  const parts = kindWords.filter(([kind]) => counts.records[kind] > 0).map(([kind, id]) => t(id, { count: counts.records[kind] }));
  if (parts.length === 0) return t('common.sync.count.nothing');
  return formatList(parts);
}

/** "You are no longer a member of North: its data was removed from this device." and the writes lost with it. */
export function removalMessage(removed: ShopRemoval): string {
  const removal = removed.shopName ? t('common.sync.removed.named', { shop: removed.shopName }) : t('common.sync.removed.unnamed');
  return removed.lostChanges === 0 ? removal : `${removal} ${t('common.sync.removed.lost', { count: removed.lostChanges })}`;
}
/** "3 changes to review": the header's count of the Sync page's entries not seen yet. */
export const unseenConflictsText = (n: number) => t('common.sync.toReview', { count: n });

export type SyncBadgeKind = 'synced' | 'waiting' | 'offline' | 'failed' | 'busy' | 'stuck';

/** A pull's progress in words and as a whole percentage: "1,200 of 5,000 changes" (the server counts at most 100,000 ahead). */
export function pullProgressView({ pulled, remaining }: { pulled: number; remaining: number }): { percent: number; text: string } {
  const total = pulled + remaining;
  const percent = total === 0 ? 100 : Math.min(99, Math.floor((pulled / total) * 100));
  return { percent, text: t('common.sync.pullProgress', { pulled: formatNumber(pulled), total: `${formatNumber(total)}${remaining >= 100_000 ? '+' : ''}`, count: total }) };
}

export interface SyncBadgeView {
  kind: SyncBadgeKind;
  /** The badge's words. */
  text: string;
  /** Its tooltip: the last sync's time, or why. */
  title: string;
  /** Offer "Retry" (POST /api/sync/retry). */
  retry: boolean;
  /** The words are a link to the Sync page (a stuck change is retried or discarded there). */
  review?: true;
  /** Shorter words for a phone's header. */
  short?: string;
  /** Offer "Sign in again" instead of Retry (the server refused the account's sign-in). */
  signIn?: true;
}

/** "Last synced 26 Nov 2026, 19:05" (the time in the viewer's zone), or that it never did. */
export function lastSyncText(lastSyncAt: string | null, timeZone?: string): string {
  if (!lastSyncAt) return t('common.sync.notSyncedYet');
  const at = new Date(lastSyncAt);
  if (Number.isNaN(at.getTime())) return t('common.sync.notSyncedYet');
  return t('common.sync.lastSynced', { time: dateFormat({ dateStyle: 'medium', timeStyle: 'short', timeZone }).format(at) });
}

/** "19:05:30": when the worker tries again, in the viewer's zone. */
function clockTime(iso: string | undefined, timeZone?: string): string | undefined {
  const at = iso ? new Date(iso) : undefined;
  if (!at || Number.isNaN(at.getTime())) return undefined;
  return dateFormat({ hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23', timeZone }).format(at);
}

/** "This change could not be sent: <reason>." and what waits behind it: the words of a stuck change (badge and Sync page). */
export function stuckMessage(stuck: StuckChange, pending: number): string {
  const behind = pending - 1;
  const notSent = t('common.sync.stuck.notSent', { reason: stuck.message.replace(/[.\s]+$/, '') });
  return behind > 0 ? `${notSent} ${t('common.sync.stuck.behind', { count: behind })}` : notSent;
}

/**
 * What the header shows for a sync status. `browserOnline` is `navigator.onLine`: the browser
 * knowing it is offline says "Offline" before the worker's next attempt fails. A stuck change
 * says so, its words a link to the Sync page. A server that asked to wait (a 429, a busy
 * 503) is busy, not unreachable: its message and when the worker tries again. A worker that
 * could not reach the server is offline too (Retry then tries now). A long push shows how far it
 * came ("Sending 3,200 of 10,000 changes"); a sign-in the server refused asks for a new one
 * ("Sign in again to send 3 changes"); one the server answered with another failure shows it.
 */
export function syncBadgeView(status: SyncStatus, browserOnline: boolean, timeZone?: string): SyncBadgeView {
  const last = lastSyncText(status.lastSyncAt, timeZone);
  if (browserOnline && status.stuck) {
    return { kind: 'stuck', text: t('common.sync.badge.stuck'), title: `${stuckMessage(status.stuck, status.pending)} ${t('common.sync.stuck.whatToDo')} ${last}`, retry: false, review: true };
  }
  // A push under way reached the server, whatever the run before it said.
  if (browserOnline && status.pushing) {
    const { sent, total } = status.pushing;
    const percent = Math.min(99, Math.floor((sent / Math.max(total, 1)) * 100));
    return { kind: 'waiting', text: t('common.sync.badge.sending', { sent, total }), short: t('common.sync.badge.sendingShort', { percent: formatPercent(percent / 100, { maximumFractionDigits: 0 }) }), title: `${t('common.sync.sending.why')} ${last}`, retry: false };
  }
  if (browserOnline && status.busy) {
    const at = clockTime(status.retryAt, timeZone);
    const text = status.pending > 0 ? t('common.sync.badge.busyWaiting', { count: status.pending }) : t('common.sync.badge.busy');
    const why = status.error ? t('common.sync.busy.why', { reason: status.error }) : t('common.sync.busy.whyPlain');
    const when = at ? t('common.sync.busy.triesAgain', { time: at }) : t('common.sync.keptHere');
    return { kind: 'busy', text, short: t('common.sync.badge.busy'), title: `${why} ${when} ${last}`, retry: false };
  }
  if (!browserOnline || !status.online) {
    const text = status.pending > 0 ? t('common.sync.badge.offlineWaiting', { count: status.pending }) : t('common.connection.offline');
    const why = !browserOnline
      ? t('common.sync.offline.device')
      : status.error
        ? t('common.sync.offline.unreachable', { reason: status.error })
        : t('common.sync.offline.unreachablePlain');
    return { kind: 'offline', text, title: `${why} ${last}`, retry: browserOnline };
  }
  if (status.signInNeeded) {
    const text = status.pending > 0 ? t('common.sync.badge.signInWaiting', { count: status.pending }) : t('common.sync.badge.signIn');
    return { kind: 'failed', text, short: t('common.sync.badge.signInShort'), title: `${t('common.sync.signIn.why')} ${last}`, retry: false, signIn: true };
  }
  if (status.error) return { kind: 'failed', text: t('common.sync.badge.failed', { reason: status.error }), title: last, retry: true };
  if (status.pulling) {
    const progress = pullProgressView(status.pulling);
    return { kind: 'waiting', text: t('common.sync.badge.downloading', { percent: formatPercent(progress.percent / 100, { maximumFractionDigits: 0 }) }), title: `${t('common.sync.received', { progress: progress.text })} ${last}`, retry: false };
  }
  if (status.pending > 0) return { kind: 'waiting', text: t('common.sync.badge.waiting', { count: status.pending }), title: last, retry: false };
  return { kind: 'synced', text: t('common.sync.badge.synced'), title: last, retry: false };
}
