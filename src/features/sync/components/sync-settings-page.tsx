import { useCallback, useEffect, useState } from 'react';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { EmptyState, ErrorState } from '@/components/data-table/list-states';
import { PageLoading } from '@/components/page-loading';
import { shopServerUrl } from '@/lib/api-client';
import { messageOf } from '@/lib/error-message';
import { notify } from '@/lib/notify';
import {
  discardStuckChange,
  dismissSyncConflict,
  getSyncConflicts,
  getSyncStatus,
  isOverwritten,
  onChosenShopChange,
  putBackSyncConflict,
  retryStuckChange,
  type StuckChange,
  type SyncConflict,
  type SyncStatus,
} from '@/lib/shop-sync';
import { coalesced } from '@/pwa/coalesced';
import { LIVE_REFRESH_WINDOW_MS } from '@/pwa/live-refresh';
import { CHANGE_CHANNEL } from '../../../../domain/contract/change-channel';
import { conflictTitle, formatConflictValue } from '../describe-conflict';
import { ConflictRows } from './conflict-item';
import { StuckChangeNotice } from './stuck-change';
import { discardDescription } from '../describe-stuck';
import { SettingsSection } from '@/components/settings-section';
import { SYNC_STATUS_POLL_MS } from '@/pwa/sync-status';

/** Calls `reload` after each sync (the change channel, once per burst) and a shop switch; stops on unmount. */
function useReloadOnSync(reload: () => void) {
  useEffect(() => {
    const stopShop = onChosenShopChange(reload);
    if (typeof BroadcastChannel === 'undefined') return stopShop;
    const channel = new BroadcastChannel(CHANGE_CHANNEL);
    // A pull announces every resource it touched: read again once per burst.
    channel.onmessage = coalesced(reload, LIVE_REFRESH_WINDOW_MS);
    return () => {
      stopShop();
      channel.close();
    };
  }, [reload]);
}

/**
 * The worker's sync status, for a stuck change: asked on mount, every SYNC_STATUS_POLL_MS (a
 * failed sync announces nothing), after each sync and shop switch. Undefined until answered; a
 * failure to ask leaves the last answer (the header's badge says what is wrong).
 */
function useStuckStatus() {
  const [status, setStatus] = useState<SyncStatus | undefined>();
  const [reloads, setReloads] = useState(0);
  const reload = useCallback(() => setReloads((n) => n + 1), []);
  useEffect(() => {
    const controller = new AbortController();
    getSyncStatus(controller.signal).then(setStatus, () => {});
    return () => controller.abort();
  }, [reloads]);
  useEffect(() => {
    const timer = setInterval(reload, SYNC_STATUS_POLL_MS);
    return () => clearInterval(timer);
  }, [reload]);
  useReloadOnSync(reload);
  return { status, setStatus, reload };
}

/** The stuck change, if any: the notice with Retry and a confirmed Discard. `onDiscarded`: the list gained it. */
function StuckChangePanel({ onDiscarded }: { onDiscarded: () => void }) {
  const { status, setStatus, reload } = useStuckStatus();
  const [busy, setBusy] = useState<'retry' | 'discard' | null>(null);
  const [discarding, setDiscarding] = useState<StuckChange | null>(null);
  const stuck = status?.stuck;
  if (!stuck || !status) return null;

  const retry = async () => {
    if (busy) return;
    setBusy('retry');
    try {
      const after = await retryStuckChange(stuck.mutationId);
      setStatus(after);
      if (after.stuck?.mutationId === stuck.mutationId) notify.error(`Still not sent: ${after.stuck.message}`);
      else notify.success('Sent: the change reached the shop server. The changes after it follow.');
    } catch (caught) {
      notify.error(messageOf(caught));
      reload();
    } finally {
      setBusy(null);
    }
  };

  return (
    <>
      <StuckChangeNotice
        stuck={stuck}
        pending={status.pending}
        busy={busy}
        onRetry={() => void retry()}
        onDiscard={() => setDiscarding(stuck)}
      />
      <ConfirmDialog
        open={discarding !== null}
        onOpenChange={(open) => {
          if (!open) setDiscarding(null);
        }}
        title="Discard this change?"
        description={discarding ? discardDescription(discarding, status.pending) : ''}
        confirmLabel="Discard"
        destructive
        onConfirm={async () => {
          if (!discarding) return;
          setBusy('discard');
          try {
            const answer = await discardStuckChange(discarding.mutationId);
            setStatus(answer.status);
            notify.success('Discarded. The changes made after it are being sent, and the shop reloads from the server.');
            onDiscarded();
          } finally {
            setBusy(null);
            reload();
          }
        }}
      />
    </>
  );
}

/** The conflicts, read again after each sync (the change channel), a shop switch and `refresh` changing. */
function useConflicts(refresh: number) {
  const [state, setState] = useState<{ conflicts?: SyncConflict[]; error: Error | null }>({ error: null });
  const [reloads, setReloads] = useState(0);
  useEffect(() => {
    const controller = new AbortController();
    getSyncConflicts(controller.signal).then(
      (conflicts) => setState({ conflicts, error: null }),
      (error: unknown) => {
        if (!controller.signal.aborted) setState((previous) => ({ ...previous, error: error instanceof Error ? error : new Error(String(error)) }));
      },
    );
    return () => controller.abort();
  }, [reloads, refresh]);
  const reload = useCallback(() => setReloads((n) => n + 1), []);
  useReloadOnSync(reload);
  return { ...state, reload };
}

function ConflictList({ refresh }: { refresh: number }) {
  const { conflicts, error, reload } = useConflicts(refresh);
  const [busyId, setBusyId] = useState<number | null>(null);
  const [dismissing, setDismissing] = useState<SyncConflict | null>(null);
  if (error) return <ErrorState message={error.message} onRetry={reload} />;
  if (!conflicts) return <PageLoading />;
  if (conflicts.length === 0) return <EmptyState message="Nothing to look at: every change this device sent was applied as it made it." />;

  const putBack = async (conflict: SyncConflict) => {
    if (conflict.id === undefined || busyId !== null) return;
    setBusyId(conflict.id);
    try {
      await putBackSyncConflict(conflict.id);
      notify.success(`Your value is back: ${conflictTitle(conflict)}. It syncs like any change.`);
    } catch (caught) {
      notify.error(messageOf(caught));
    } finally {
      setBusyId(null);
      reload();
    }
  };

  return (
    <>
      <ConflictRows conflicts={conflicts} busyId={busyId} onPutBack={(conflict) => void putBack(conflict)} onDismiss={setDismissing} />
      <p className="text-sm text-slate-600 dark:text-slate-400">
        The shop shows what the server kept. “Put my value back” makes your change again, as a new change the team then sees; “Dismiss” only removes the entry from this list.
      </p>
      <ConfirmDialog
        open={dismissing !== null}
        onOpenChange={(open) => {
          if (!open) setDismissing(null);
        }}
        title={`Dismiss “${dismissing ? conflictTitle(dismissing) : ''}”?`}
        description={
          dismissing && isOverwritten(dismissing)
            ? `Your value (${formatConflictValue(dismissing.yours)}) is forgotten and the shop keeps ${formatConflictValue(dismissing.kept)}. This cannot be undone.`
            : 'Your refused change is forgotten; the shop stays as the server keeps it. This cannot be undone.'
        }
        confirmLabel="Dismiss"
        destructive
        onConfirm={async () => {
          if (dismissing?.id === undefined) return;
          await dismissSyncConflict(dismissing.id);
          notify.success('Dismissed');
          reload();
        }}
      />
    </>
  );
}

/** A stuck change first (it holds the changes after it), then the list; a discard puts it in the list at once. */
function TeamSync() {
  const [refresh, setRefresh] = useState(0);
  return (
    <>
      <StuckChangePanel onDiscarded={() => setRefresh((n) => n + 1)} />
      <ConflictList refresh={refresh} />
    </>
  );
}

/** Settings → Sync (team builds only): a stuck change of this device, and the changes the shop server refused or overwrote. */
export function SyncSettingsPage() {
  return (
    <SettingsSection title="Sync" description="Changes made on this device that the shop server refused, with its reason, and values of yours it replaced by a team member’s newer one.">
      {shopServerUrl ? <TeamSync /> : <p>This build has no shop server: nothing is synced.</p>}
    </SettingsSection>
  );
}
