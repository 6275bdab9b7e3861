import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { Link, useRouter } from '@tanstack/react-router';
import { CHANGE_CHANNEL } from '../../domain/contract/change-channel';
import { shopServerUrl } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { getSyncStatus, onChosenShopChange, retrySync, type ShopRemoval, type SyncStatus } from '@/lib/shop-sync';
import { removalMessage, syncBadgeView, unseenConflictsText, type SyncBadgeKind } from '@/lib/sync-words';
import { dismissRemovalNotice } from '@/components/shop-removal-notice';
import { ConnectionBadge, ConnectionStatus, useOnlineWithToasts } from './connection-status';
import { coalesced } from './coalesced';
import { LIVE_REFRESH_WINDOW_MS } from './live-refresh';
import { Button, buttonClass } from '@/components/button';
import { t, useT } from '@/i18n/i18n';
import { formatNumber } from '@/i18n/format';
import { withData } from '@/components/with-data';
import { currentUser } from '@/auth/auth-session';
import { recordWaitingChanges } from '@/auth/waiting-changes';

/** How often the badge asks the worker for its status when nothing else made it ask. */
export const SYNC_STATUS_POLL_MS = 15_000;
/** How often while a long push runs (its progress). */
export const SYNC_PROGRESS_POLL_MS = 1_000;

const kindClass: Record<SyncBadgeKind, string> = {
  synced: 'text-emerald-700 dark:text-emerald-400',
  waiting: 'bg-sky-100 text-sky-800 dark:bg-sky-950 dark:text-sky-300',
  offline: 'bg-amber-100 text-amber-800 dark:bg-amber-950 dark:text-amber-300',
  failed: 'bg-rose-100 text-rose-800 dark:bg-rose-950 dark:text-rose-300',
  busy: 'bg-amber-100 text-amber-800 dark:bg-amber-950 dark:text-amber-300',
  stuck: 'bg-rose-100 text-rose-800 dark:bg-rose-950 dark:text-rose-300',
};
const dotClass: Record<SyncBadgeKind, string> = { synced: 'bg-emerald-500', waiting: 'bg-sky-500', offline: 'bg-amber-500', failed: 'bg-rose-500', busy: 'bg-amber-500', stuck: 'bg-rose-500' };

/** The look of the badge's words as a link to the Sync page (a stuck change is retried or discarded there). */
export const reviewLinkClass = buttonClass({ variant: 'link' });
/** That link's name: its words, and where it leads. */
export const reviewLabel = (text: string) => t('common.sync.reviewLabel', { text });

/** Makes the badge's words a link to the Sync page (the header gives a router link). */
export type ReviewLink = (words: ReactNode, label: string) => ReactNode;

/**
 * The sync badge's look for a status (rendered by the header once a shop is chosen). For a
 * stuck change its words are a link to the Sync page, made by `reviewLink` (the header's router
 * link); short enough for a phone's header. A view with short words shows them on a phone.
 */
export function SyncBadge({
  status,
  online,
  onRetry,
  retrying = false,
  reviewLink,
  onSignIn,
}: {
  status: SyncStatus;
  online: boolean;
  onRetry: () => void;
  retrying?: boolean;
  reviewLink?: ReviewLink;
  /** "Sign in again": ends this session and opens the sign-in page (the server refused the account's sign-in). */
  onSignIn?: () => void;
}) {
  const t = useT('common');
  const view = syncBadgeView(status, online);
  const words = view.short ? (
    <>
      <span className="sm:hidden">{view.short}</span>
      <span className="hidden sm:inline">{view.text}</span>
    </>
  ) : (
    view.text
  );
  return (
    <span className={`inline-flex max-w-64 items-center gap-1.5 rounded-full px-2 py-0.5 text-xs font-medium ${kindClass[view.kind]}`}>
      <span role="status" title={view.title} className="inline-flex min-w-0 items-center gap-1.5">
        <span aria-hidden className={`size-2 shrink-0 rounded-full ${dotClass[view.kind]}`} />
        <span className="truncate">{view.review && reviewLink ? reviewLink(words, reviewLabel(view.text)) : words}</span>
        <span className="sr-only"> ({view.title})</span>
      </span>
      {view.signIn && onSignIn && (
        <>
          <span aria-hidden>—</span>
          <Button variant="link" className="shrink-0" aria-label={t('common.sync.signIn.button')} onClick={onSignIn}>
            {t('common.sync.signIn.buttonShort')}
          </Button>
        </>
      )}
      {view.retry && (
        <>
          <span aria-hidden>—</span>
          <Button variant="link" className="shrink-0" aria-label={t('common.sync.retryLabel')} disabled={retrying} onClick={onRetry}>
            {t('common.sync.retry')}
          </Button>
        </>
      )}
    </span>
  );
}

/** The account was removed from the shop this device worked on: said in the header until dismissed. */
export function RemovedBadge({ removed, onDismiss, dismissing = false }: { removed: ShopRemoval; onDismiss: () => void; dismissing?: boolean }) {
  const t = useT('common');
  const message = removalMessage(removed);
  return (
    <span className={`inline-flex max-w-64 items-center gap-1.5 rounded-full px-2 py-0.5 text-xs font-medium ${kindClass.failed}`}>
      <span role="status" title={message} className="inline-flex min-w-0 items-center gap-1.5">
        <span aria-hidden className={`size-2 shrink-0 rounded-full ${dotClass.failed}`} />
        <span className="truncate">{removed.shopName ? withData((data) => t('common.sync.removedFrom', data), { shop: removed.shopName }) : t('common.sync.removedFromTheShop')}</span>
        <span className="sr-only"> ({message})</span>
      </span>
      <span aria-hidden>—</span>
      <Button variant="link" className="shrink-0" aria-label={t('common.sync.dismissRemovalLabel')} disabled={dismissing} onClick={onDismiss}>
        {t('common.action.dismiss')}
      </Button>
    </span>
  );
}

/** Removal notices this tab has toasted (each once, however often the status is asked). */
const toasted = new Set<string>();

/** The worker's sync status: asked on mount, every SYNC_STATUS_POLL_MS, on every change broadcast and on a shop switch. */
function useSyncStatus(online: boolean) {
  const [status, setStatus] = useState<SyncStatus | null>(null);
  const refresh = useCallback(() => {
    getSyncStatus().then(setStatus, () => {});
  }, []);
  useEffect(() => {
    refresh();
    const timer = setInterval(refresh, SYNC_STATUS_POLL_MS);
    const stopShop = onChosenShopChange(refresh);
    let channel: BroadcastChannel | undefined;
    if (typeof BroadcastChannel !== 'undefined') {
      channel = new BroadcastChannel(CHANGE_CHANNEL);
      channel.onmessage = coalesced(refresh, LIVE_REFRESH_WINDOW_MS);
    }
    return () => {
      clearInterval(timer);
      stopShop();
      channel?.close();
    };
  }, [refresh]);
  // The worker retries when the network comes back: ask again a moment later.
  useEffect(() => {
    const timer = setTimeout(refresh, 1_500);
    return () => clearTimeout(timer);
  }, [online, refresh]);
  // A long push announces nothing until it ends: its progress is asked for every second.
  const sending = Boolean(status?.pushing);
  useEffect(() => {
    if (!sending) return;
    const timer = setInterval(refresh, SYNC_PROGRESS_POLL_MS);
    return () => clearInterval(timer);
  }, [sending, refresh]);
  // The sign-in page names the accounts with changes waiting here (src/auth/waiting-changes.ts).
  useEffect(() => {
    const user = currentUser();
    if (user && status) recordWaitingChanges({ uid: user.uid, email: user.email }, status.configured ? status.pending : 0);
  }, [status]);
  return { status, setStatus, refresh };
}

/** Ends this tab's session and opens the sign-in page, back here after it (the account's waiting changes are sent then). */
function useSignInAgain(): () => void {
  const router = useRouter();
  return () => {
    const redirect = router.state.location.href;
    void import('@/auth/auth-actions')
      .then(({ endSessionHere }) => endSessionHere())
      .then(
        () => router.navigate({ to: '/login', search: { redirect } }),
        (error: unknown) => notify.error(error instanceof Error ? error.message : t('common.sync.signIn.failed')),
      );
  };
}

/** The Sync page of the shell showing the header: the team's Settings → Sync, a customer's portal Sync. */
export type SyncPagePath = '/settings/sync' | '/portal/sync';

function TeamSyncStatus({ syncPage }: { syncPage: SyncPagePath }) {
  const t = useT('common');
  const online = useOnlineWithToasts();
  const { status, setStatus, refresh } = useSyncStatus(online);
  const [retrying, setRetrying] = useState(false);
  const signInAgain = useSignInAgain();
  const removed = status?.removed;
  useEffect(() => {
    if (!removed || toasted.has(removed.at)) return;
    toasted.add(removed.at);
    notify.error(removalMessage(removed));
  }, [removed]);
  if (removed && !status?.configured) {
    const dismiss = () => {
      setRetrying(true);
      void dismissRemovalNotice().finally(() => setRetrying(false));
    };
    return <RemovedBadge removed={removed} onDismiss={dismiss} dismissing={retrying} />;
  }
  if (!status?.configured) return <ConnectionBadge online={online} />;
  const retry = () => {
    setRetrying(true);
    retrySync()
      .then(
        (next) => {
          setStatus(next);
          // The sync it started (a long push shows its progress) is asked about a moment later.
          setTimeout(refresh, SYNC_PROGRESS_POLL_MS);
        },
        (error: unknown) => notify.error(error instanceof Error ? error.message : t('common.sync.retryFailed')),
      )
      .finally(() => setRetrying(false));
  };
  const reviewLink: ReviewLink = (words, label) => (
    <Link to={syncPage} className={reviewLinkClass} aria-label={label}>
      {words}
    </Link>
  );
  const unseen = status.unseenConflicts ?? 0;
  return (
    <>
      <SyncBadge status={status} online={online} onRetry={retry} retrying={retrying} reviewLink={reviewLink} onSignIn={signInAgain} />
      {unseen > 0 && <UnseenConflictsLink count={unseen} syncPage={syncPage} />}
    </>
  );
}

/**
 * The Sync page's entries not looked at yet (refused or overwritten changes), next to the badge
 * until the page is opened: "3 changes to review" (the number alone on a phone, its name saying what).
 */
export function UnseenConflictsLink({ count, syncPage = '/settings/sync' }: { count: number; syncPage?: SyncPagePath }) {
  const t = useT('common');
  const text = unseenConflictsText(count);
  return (
    <Link to={syncPage} className={`inline-flex shrink-0 items-center rounded-full px-2 py-0.5 text-xs font-medium ${kindClass.offline}`} aria-label={t('common.sync.openSyncPage', { text })} data-testid="unseen-conflicts">
      <span className="sm:hidden">{formatNumber(count)}</span>
      <span className="hidden sm:inline">{text}</span>
    </Link>
  );
}

/**
 * The header's badge: the connection badge, or, in a team build (VITE_SHOP_SERVER_URL) once
 * the device syncs with a shop, the sync status. Without a shop server it asks nothing.
 */
export function HeaderStatus({ syncPage = '/settings/sync' }: { syncPage?: SyncPagePath } = {}) {
  return shopServerUrl ? <TeamSyncStatus syncPage={syncPage} /> : <ConnectionStatus />;
}
