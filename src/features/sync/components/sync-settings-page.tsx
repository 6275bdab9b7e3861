import { useEffect, useState } from 'react';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { EmptyState, ErrorState } from '@/components/data-table/list-states';
import { PageLoading } from '@/components/page-loading';
import { shopServerUrl } from '@/lib/api-client';
import { messageOf } from '@/lib/error-message';
import { notify } from '@/lib/notify';
import { dismissSyncConflict, getSyncConflicts, isOverwritten, onChosenShopChange, putBackSyncConflict, type SyncConflict } from '@/lib/shop-sync';
import { coalesced } from '@/pwa/coalesced';
import { LIVE_REFRESH_WINDOW_MS } from '@/pwa/live-refresh';
import { CHANGE_CHANNEL } from '../../../../domain/contract/change-channel';
import { conflictTitle, formatConflictValue } from '../describe-conflict';
import { ConflictRows } from './conflict-item';
import { SettingsSection } from '@/components/settings-section';

/** The conflicts, read again after each sync (the change channel) and a shop switch. */
function useConflicts() {
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
  }, [reloads]);
  useEffect(() => {
    const reload = () => setReloads((n) => n + 1);
    const stopShop = onChosenShopChange(reload);
    if (typeof BroadcastChannel === 'undefined') return stopShop;
    const channel = new BroadcastChannel(CHANGE_CHANNEL);
    // A pull announces every resource it touched: read the list again once per burst.
    channel.onmessage = coalesced(reload, LIVE_REFRESH_WINDOW_MS);
    return () => {
      stopShop();
      channel.close();
    };
  }, []);
  return { ...state, reload: () => setReloads((n) => n + 1) };
}

function ConflictList() {
  const { conflicts, error, reload } = useConflicts();
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

/** Settings → Sync (team builds only): the changes of this device the shop server refused or overwrote. */
export function SyncSettingsPage() {
  return (
    <SettingsSection title="Sync" description="Changes made on this device that the shop server refused, with its reason, and values of yours it replaced by a team member’s newer one.">
      {shopServerUrl ? <ConflictList /> : <p>This build has no shop server: nothing is synced.</p>}
    </SettingsSection>
  );
}
