import { useCallback, useEffect, useState } from 'react';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { messageOf } from '@/lib/error-message';
import { translatedMessage } from '@/lib/translated-message';
import { notify } from '@/lib/notify';
import { discardStuckChange, getSyncStatus, retryStuckChange, type StuckChange, type SyncStatus } from '@/lib/shop-sync';
import { StuckChangeNotice } from './stuck-change';
import { ConflictList, type ConflictListProps } from './conflict-list';
import { discardDescription } from './describe-stuck';
import { useReloadOnSync } from './use-reload-on-sync';
import { SYNC_STATUS_POLL_MS } from '@/pwa/sync-status';
import { useT } from '@/i18n/i18n';

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
  const t = useT('sync');
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
      if (after.stuck?.mutationId === stuck.mutationId) notify.error(t('sync.stuck.stillNotSent', { reason: translatedMessage(after.stuck.message) }));
      else notify.success(t('sync.stuck.sent'));
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
        title={t('sync.stuck.discardTitle')}
        description={discarding ? discardDescription(discarding, status.pending) : ''}
        confirmLabel={t('sync.stuck.discardConfirm')}
        destructive
        onConfirm={async () => {
          if (!discarding) return;
          setBusy('discard');
          try {
            const answer = await discardStuckChange(discarding.mutationId);
            setStatus(answer.status);
            notify.success(t('sync.stuck.discarded'));
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

/**
 * A Sync page's body, the team's (Settings → Sync) and a customer's (the portal's Sync): a stuck
 * change first (it holds the changes after it), then the list; a discard puts it in the list at once.
 */
export function SyncChanges({ search, onSearchChange }: ConflictListProps) {
  const [refresh, setRefresh] = useState(0);
  return (
    <>
      <StuckChangePanel onDiscarded={() => setRefresh((n) => n + 1)} />
      <ConflictList search={search} onSearchChange={onSearchChange} refresh={refresh} />
    </>
  );
}
