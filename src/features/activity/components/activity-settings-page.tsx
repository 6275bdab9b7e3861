import { useEffect } from 'react';
import { Link } from '@tanstack/react-router';
import { EmptyState, ErrorState } from '@/components/data-table/list-states';
import { PageLoading } from '@/components/page-loading';
import { ApiRequestError, shopServerUrl } from '@/lib/api-client';
import { describeWrite } from '@/lib/describe-write';
import { getChosenShop, onChosenShopChange } from '@/lib/shop-sync';
import { useLoad } from '@/lib/use-load';
import { useOnline } from '@/pwa/connection-status';
import type { AuditEntry, Role, Shop } from '@domain/contract/sync-protocol';
import { atLeast } from '@domain/contract/sync-protocol/roles';
import { getMyShops } from '../api';
import { useAuditTrail, type AuditTrail } from '../use-audit-trail';
import { SettingsSection } from '@/components/settings-section';
import { Button, buttonClass } from '@/components/button';

const formatTime = (iso: string) => new Date(iso).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short' });
const cardClass = 'space-y-3 rounded-lg border border-slate-200 p-4 dark:border-slate-700';

export const OFFLINE_ACTIVITY = 'The shop’s activity is kept on the shop server: it shows when this device is online.';

/** Who may read the trail (the server's rule: admin and owner), or why not. */
export function activityRefusal(role: Role): string | null {
  if (atLeast(role, 'admin')) return null;
  return `Only owners and admins read the shop’s activity; you are ${role === 'staff' ? 'a staff member' : 'a viewer'} of this shop.`;
}

function EntryRow({ entry }: { entry: AuditEntry }) {
  const refused = entry.result === 'rejected';
  return (
    <li className="flex flex-wrap items-start gap-x-3 gap-y-1 p-3">
      <div className="min-w-0 flex-1 space-y-0.5">
        <p className="font-medium">{describeWrite(entry.name)}</p>
        <p className="truncate text-sm text-slate-600 dark:text-slate-400">by {entry.email ?? entry.uid}</p>
        {refused && <p className="text-sm text-rose-800 dark:text-rose-300">Refused: {entry.message ?? 'no reason given'}</p>}
      </div>
      <div className="flex shrink-0 flex-col items-end gap-0.5 text-right">
        <span
          className={`rounded-full px-2 py-0.5 text-xs font-medium ${refused ? 'bg-rose-100 text-rose-800 dark:bg-rose-950 dark:text-rose-300' : 'bg-emerald-100 text-emerald-800 dark:bg-emerald-950 dark:text-emerald-300'}`}
        >
          {refused ? 'Refused' : 'Applied'}
        </span>
        <time className="text-xs text-slate-500" dateTime={entry.at}>
          {formatTime(entry.at)}
        </time>
      </div>
    </li>
  );
}

/** The entries read so far, and "Load more" while older ones remain. */
export function AuditList({ trail, loadingMore, moreError, onLoadMore }: { trail: AuditTrail; loadingMore: boolean; moreError: Error | null; onLoadMore: () => void }) {
  if (trail.entries.length === 0) return <EmptyState message="Nothing has happened in this shop yet: changes and member changes will be listed here." />;
  return (
    <div className="space-y-3">
      <ol className="divide-y divide-slate-200 rounded-lg border border-slate-200 dark:divide-slate-700 dark:border-slate-700" aria-label="Shop activity, newest first">
        {trail.entries.map((entry) => (
          <EntryRow key={entry.seq} entry={entry} />
        ))}
      </ol>
      {moreError && (
        <p role="alert" className="text-sm text-rose-800 dark:text-rose-300">
          {moreError.message}
        </p>
      )}
      {trail.next !== null ? (
        <Button variant="secondary" disabled={loadingMore} onClick={onLoadMore}>
          {loadingMore ? 'Loading…' : moreError ? 'Try again' : 'Load more'}
        </Button>
      ) : (
        <p className="text-sm text-slate-500">That is everything since the shop was created.</p>
      )}
    </div>
  );
}

function Trail({ shopId, online }: { shopId: string; online: boolean }) {
  const { trail, error, loadingMore, moreError, loadMore, retry } = useAuditTrail(shopId);
  if (error) {
    const unreachable = !online || (error instanceof ApiRequestError && error.status === 0);
    return <ErrorState message={unreachable ? OFFLINE_ACTIVITY : error.message} onRetry={retry} />;
  }
  if (!trail) return <PageLoading />;
  return <AuditList trail={trail} loadingMore={loadingMore} moreError={moreError} onLoadMore={loadMore} />;
}

/** The chosen shop's trail for an owner or admin; for others, why they cannot read it. */
export function ShopActivity({ shop, online }: { shop: Shop; online: boolean }) {
  const refusal = activityRefusal(shop.role);
  return (
    <section aria-labelledby="activity-shop-heading" className={cardClass}>
      <h3 id="activity-shop-heading" className="text-lg font-semibold">
        {shop.name}
      </h3>
      {refusal ? <p className="text-sm text-slate-600 dark:text-slate-400">{refusal}</p> : <Trail shopId={shop.id} online={online} />}
    </section>
  );
}

function ActivityScreen() {
  const online = useOnline();
  const chosen = useLoad('chosen', getChosenShop);
  const mine = useLoad('shops', getMyShops);
  const { reload: reloadChosen } = chosen;
  useEffect(() => onChosenShopChange(reloadChosen), [reloadChosen]);
  if (chosen.error) return <ErrorState message={chosen.error.message} onRetry={chosen.reload} />;
  if (chosen.data === undefined) return <PageLoading />;
  if (chosen.data === null) {
    return (
      <EmptyState
        message="This device works on its own data: there is no shared activity. Choose a shop on the Team page to see what its members did."
        action={
          <Link to="/settings/team" className={buttonClass({ variant: 'secondary' })}>
            Open Team
          </Link>
        }
      />
    );
  }
  if (mine.error) {
    const unreachable = !online || (mine.error instanceof ApiRequestError && mine.error.status === 0);
    return <ErrorState message={unreachable ? OFFLINE_ACTIVITY : mine.error.message} onRetry={mine.reload} />;
  }
  if (!mine.data) return <PageLoading />;
  const shop = mine.data.find((candidate) => candidate.id === chosen.data?.shopId);
  if (!shop) return <EmptyState message="You are no longer a member of the shop this device works on, so its activity is not yours to read." />;
  return <ShopActivity shop={shop} online={online} />;
}

/** Settings → Activity (team builds only): the chosen shop's audit trail, for owners and admins. */
export function ActivitySettingsPage() {
  return (
    <SettingsSection title="Activity" description="Who changed what in the shop this device works on, newest first, as the shop server recorded it.">
      {shopServerUrl ? <ActivityScreen /> : <p>This build has no shop server: there is no shared activity.</p>}
    </SettingsSection>
  );
}
