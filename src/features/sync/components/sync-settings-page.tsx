import { useEffect, useState } from 'react';
import { EmptyState, ErrorState } from '@/components/data-table/list-states';
import { PageLoading } from '@/components/page-loading';
import { shopServerUrl } from '@/lib/api-client';
import { getSyncConflicts, onChosenShopChange, type SyncConflict } from '@/lib/shop-sync';
import { coalesced } from '@/pwa/coalesced';
import { LIVE_REFRESH_WINDOW_MS } from '@/pwa/live-refresh';
import { CHANGE_CHANNEL } from '../../../../domain/contract/change-channel';
import { describeConflict } from '../describe-conflict';

const formatTime = (iso: string) => new Date(iso).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short' });

/** The refused writes, read again after each sync (the change channel) and a shop switch. */
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
  return { ...state, retry: () => setReloads((n) => n + 1) };
}

function ConflictList() {
  const { conflicts, error, retry } = useConflicts();
  if (error) return <ErrorState message={error.message} onRetry={retry} />;
  if (!conflicts) return <PageLoading />;
  if (conflicts.length === 0) return <EmptyState message="No refused changes: everything this device sent was applied." />;
  const newestFirst = [...conflicts].sort((a, b) => b.at.localeCompare(a.at));
  return (
    <>
      <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200 dark:divide-slate-700 dark:border-slate-700" aria-label="Refused changes">
        {newestFirst.map((conflict) => (
          <li key={conflict.id ?? conflict.mutationId} className="space-y-1 p-3">
            <p className="font-medium">{describeConflict(conflict)}</p>
            <p className="text-sm text-rose-800 dark:text-rose-300">
              The server refused it: {conflict.message} <span className="text-slate-500">({conflict.code})</span>
            </p>
            <p className="text-xs text-slate-500">
              <time dateTime={conflict.at}>{formatTime(conflict.at)}</time>
            </p>
          </li>
        ))}
      </ul>
      <p className="text-sm text-slate-600 dark:text-slate-400">
        A refused change is not applied anywhere: this device shows the shop’s data as the server keeps it. Make the change again if it is still needed.
      </p>
    </>
  );
}

/** Settings → Sync (team builds only): the changes the shop server refused. */
export function SyncSettingsPage() {
  return (
    <section aria-labelledby="sync-settings-heading" className="space-y-4">
      <div className="space-y-1">
        <h2 id="sync-settings-heading" className="text-xl font-semibold">
          Sync
        </h2>
        <p className="text-sm text-slate-600 dark:text-slate-400">Changes made on this device that the shop server refused, with its reason.</p>
      </div>
      {shopServerUrl ? <ConflictList /> : <p>This build has no shop server: nothing is synced.</p>}
    </section>
  );
}
