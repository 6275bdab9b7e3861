import { useId } from 'react';
import type { MyShops, Shop } from '@domain/contract/sync-protocol';
import { Button } from '@/components/button';
import { EmptyState, ErrorState } from '@/components/data-table/list-states';
import { PageLoading } from '@/components/page-loading';
import { SettingsCard } from '@/components/settings-section';
import { useT } from '@/i18n/i18n';
import { messageOf } from '@/lib/error-message';
import type { Loaded } from '@/lib/use-load';
import { canUseServer, roleLabels } from '../data/permissions';
import { CreateShopForm } from './create-shop-form';
import { InvitationsForYou } from './invitations-for-you';
import { Reason } from './reason';

/** The caller's shops, to choose the one this device works on; invitations for them; a new shop. */
export function ShopsSection({ mine, chosenId, online, switching, onUse, onCreated }: {
  mine: Loaded<MyShops>;
  chosenId: string | null;
  online: boolean;
  switching: boolean;
  onUse: (shop: Shop) => void;
  onCreated: () => void;
}) {
  const t = useT('team');
  const serverPermission = canUseServer(online);
  const switchReasonId = useId();
  return (
    <SettingsCard title={t('team.shops.title')} headingId="team-shops-heading">
      {mine.error ? (
        <ErrorState message={messageOf(mine.error)} onRetry={mine.reload} />
      ) : !mine.data ? (
        <PageLoading />
      ) : (
        <>
          {mine.data.shops.length === 0 ? (
            <EmptyState message={t('team.shops.empty')} />
          ) : (
            <ul className="divide-y divide-slate-200 dark:divide-slate-700">
              {mine.data.shops.map((shop) => (
                <li key={shop.id} className="flex flex-wrap items-center gap-3 py-2">
                  <div className="min-w-0 flex-1">
                    <p className="truncate font-medium" translate="no">
                      {shop.name}
                    </p>
                    <p className="text-xs text-slate-500">{roleLabels[shop.role]}</p>
                  </div>
                  {shop.id === chosenId ? (
                    <span className="text-sm font-medium text-emerald-700 dark:text-emerald-400">{t('team.shops.onThisDevice')}</span>
                  ) : (
                    <Button
                      variant="secondary"
                      disabled={switching || !serverPermission.allowed}
                      aria-describedby={serverPermission.allowed ? undefined : switchReasonId}
                      onClick={() => onUse(shop)}
                    >
                      {t('team.shops.use')}
                    </Button>
                  )}
                </li>
              ))}
            </ul>
          )}
          <Reason id={switchReasonId} permission={serverPermission} />
          <InvitationsForYou invitations={mine.data.invitations} permission={serverPermission} onAccepted={mine.reload} />
          <CreateShopForm online={online} onCreated={onCreated} />
        </>
      )}
    </SettingsCard>
  );
}
