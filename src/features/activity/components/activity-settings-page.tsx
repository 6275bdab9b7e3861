import { useEffect } from 'react';
import { Link } from '@tanstack/react-router';
import { EmptyState, ErrorState } from '@/components/data-table/list-states';
import { PageLoading } from '@/components/page-loading';
import { ApiRequestError, shopServerUrl } from '@/lib/api-client';
import { getChosenShop, onChosenShopChange } from '@/lib/chosen-shop';
import { useLoad } from '@/lib/use-load';
import { useOnline } from '@/pwa/connection-status';
import type { Role, Shop } from '@domain/contract/sync-protocol';
import { atLeast } from '@domain/contract/sync-protocol/roles';
import { getMyShops, getShopPeople } from '../api';
import { auditFilterOf, type ActivitySearch } from '../data/search';
import { ActivityFilters, peopleOptions } from './activity-filters';
import { EntryRow } from './audit-entry';
import { useAuditTrail, type AuditTrail } from '../use-audit-trail';
import { SettingsSection } from '@/components/settings-section';
import { Button, buttonClass } from '@/components/button';
import { t, useT } from '@/i18n/i18n';
import { messageOf } from '@/lib/error-message';

const cardClass = 'space-y-3 rounded-lg border border-slate-200 p-4 dark:border-slate-700';

/** Why the trail cannot show now: it is read from the shop server. */
export const offlineActivity = () => t('activity.page.offline');

/** Who may read the trail (the server's rule: admin and owner), or why not. */
export function activityRefusal(role: Role): string | null {
  if (atLeast(role, 'admin')) return null;
  return t('activity.page.refusal', { role });
}

/** The entries read so far, and "Load more" while older ones remain; `filtered`: the page shows only some (its empty state says so). */
export function AuditList({
  trail,
  loadingMore,
  moreError,
  onLoadMore,
  filtered = false,
  onClearFilters,
}: {
  trail: AuditTrail;
  loadingMore: boolean;
  moreError: Error | null;
  onLoadMore: () => void;
  filtered?: boolean;
  onClearFilters?: () => void;
}) {
  useT('activity');
  if (trail.entries.length === 0 && filtered) {
    return (
      <EmptyState
        message={t('activity.page.noMatch')}
        action={
          onClearFilters && (
            <Button variant="secondary" onClick={onClearFilters}>
              {t('activity.filters.clear')}
            </Button>
          )
        }
      />
    );
  }
  if (trail.entries.length === 0) return <EmptyState message={t('activity.page.empty')} />;
  return (
    <div className="space-y-3">
      <ol className="divide-y divide-slate-200 rounded-lg border border-slate-200 dark:divide-slate-700 dark:border-slate-700" aria-label={t('activity.page.listLabel')}>
        {trail.entries.map((entry) => (
          <EntryRow key={entry.seq} entry={entry} />
        ))}
      </ol>
      {moreError && (
        <p role="alert" className="text-sm text-rose-800 dark:text-rose-300">
          {messageOf(moreError)}
        </p>
      )}
      {trail.next !== null ? (
        <Button variant="secondary" disabled={loadingMore} onClick={onLoadMore}>
          {loadingMore ? t('activity.page.loading') : moreError ? t('activity.page.tryAgain') : t('activity.page.loadMore')}
        </Button>
      ) : (
        <p className="text-sm text-slate-500">{filtered ? t('activity.page.endFiltered') : t('activity.page.end')}</p>
      )}
    </div>
  );
}

/** The page's filters (the URL's search) and how to change them. */
interface SearchProps {
  search?: ActivitySearch;
  onSearchChange?: (next: Partial<ActivitySearch>) => void;
}

const noSearch: ActivitySearch = {};
const ignore = () => {};

function Trail({ shopId, online, search = noSearch, onSearchChange = ignore }: { shopId: string; online: boolean } & SearchProps) {
  const { trail, error, loadingMore, moreError, loadMore, retry } = useAuditTrail(shopId, auditFilterOf(search));
  // Whom the trail can be filtered by: a failure leaves the member list short, the trail is still read.
  const people = useLoad(`people\u0000${shopId}`, (signal) => getShopPeople(shopId, signal));
  const filtered = search.member !== undefined || search.kind !== undefined || search.day !== undefined;
  const clear = () => onSearchChange({ member: undefined, kind: undefined, day: undefined });
  let body;
  if (error) {
    const unreachable = !online || (error instanceof ApiRequestError && error.status === 0);
    body = <ErrorState message={unreachable ? offlineActivity() : messageOf(error)} onRetry={retry} />;
  } else if (!trail) body = <PageLoading />;
  else body = <AuditList trail={trail} loadingMore={loadingMore} moreError={moreError} onLoadMore={loadMore} filtered={filtered} onClearFilters={clear} />;
  return (
    <div className="space-y-3">
      <ActivityFilters search={search} people={peopleOptions(people.data, search.member)} onChange={onSearchChange} />
      {body}
    </div>
  );
}

/** The chosen shop's trail for an owner or admin; for others, why they cannot read it. */
export function ShopActivity({ shop, online, search, onSearchChange }: { shop: Shop; online: boolean } & SearchProps) {
  useT('activity');
  const refusal = activityRefusal(shop.role);
  return (
    <section aria-labelledby="activity-shop-heading" className={cardClass}>
      <h3 id="activity-shop-heading" className="text-lg font-semibold" translate="no">
        {shop.name}
      </h3>
      {refusal ? (
        <p className="text-sm text-slate-600 dark:text-slate-400">{refusal}</p>
      ) : (
        <Trail shopId={shop.id} online={online} {...(search ? { search } : {})} {...(onSearchChange ? { onSearchChange } : {})} />
      )}
    </section>
  );
}

function ActivityScreen({ search, onSearchChange }: SearchProps) {
  useT('activity');
  const online = useOnline();
  const chosen = useLoad('chosen', getChosenShop);
  const mine = useLoad('shops', getMyShops);
  const { reload: reloadChosen } = chosen;
  useEffect(() => onChosenShopChange(reloadChosen), [reloadChosen]);
  if (chosen.error) return <ErrorState message={messageOf(chosen.error)} onRetry={chosen.reload} />;
  if (chosen.data === undefined) return <PageLoading />;
  if (chosen.data === null) {
    return (
      <EmptyState
        message={t('activity.page.noShop')}
        action={
          <Link to="/settings/team" className={buttonClass({ variant: 'secondary' })}>
            {t('activity.page.openTeam')}
          </Link>
        }
      />
    );
  }
  if (mine.error) {
    const unreachable = !online || (mine.error instanceof ApiRequestError && mine.error.status === 0);
    return <ErrorState message={unreachable ? offlineActivity() : messageOf(mine.error)} onRetry={mine.reload} />;
  }
  if (!mine.data) return <PageLoading />;
  const shop = mine.data.find((candidate) => candidate.id === chosen.data?.shopId);
  if (!shop) return <EmptyState message={t('activity.page.notMember')} />;
  return <ShopActivity shop={shop} online={online} {...(search ? { search } : {})} {...(onSearchChange ? { onSearchChange } : {})} />;
}

/** Settings → Activity (team builds only): the chosen shop's audit trail, for owners and admins, filtered by the URL's member, kind and day. */
export function ActivitySettingsPage({ search, onSearchChange }: SearchProps = {}) {
  useT('activity');
  return (
    <SettingsSection title={t('activity.page.title')} description={t('activity.page.description')}>
      {shopServerUrl ? <ActivityScreen {...(search ? { search } : {})} {...(onSearchChange ? { onSearchChange } : {})} /> : <p>{t('activity.page.noServer')}</p>}
    </SettingsSection>
  );
}
