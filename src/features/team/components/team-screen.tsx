import { useEffect } from 'react';
import { useNavigate } from '@tanstack/react-router';
import type { Shop } from '@domain/contract/sync-protocol';
import { useAuth } from '@/auth/auth-state';
import { ShopRemovalNotice } from '@/components/shop-removal-notice';
import { useT } from '@/i18n/i18n';
import { useAction } from '@/lib/run-action';
import { chooseShop, getOwnDataCounts, getSyncStatus, leaveChosenShop } from '@/lib/shop-sync';
import { announceChosenShopChange, getChosenShop, onChosenShopChange } from '@/lib/chosen-shop';
import { useLoad } from '@/lib/use-load';
import { useOnline } from '@/pwa/connection-status';
import { onAnyChange } from '@/pwa/live-refresh';
import { getMyShops } from '../api';
import { DeviceSection } from './device-section';
import { MembersSection } from './members-section';
import { ShopsSection } from './shops-section';

/** The Team page with a shop server: what it reads, kept current, and the shop switch its sections share. */
export function TeamScreen() {
  const t = useT('team');
  const online = useOnline();
  const { user } = useAuth();
  const mine = useLoad('shops', getMyShops);
  const chosen = useLoad('chosen', getChosenShop);
  // The worker's status says when the account was found removed from the shop it worked on.
  const status = useLoad('status', getSyncStatus);
  // What this device could start an empty chosen shop with.
  const ownData = useLoad('own-data', getOwnDataCounts);
  const { reload: reloadChosen } = chosen;
  const { reload: reloadStatus } = status;
  const { reload: reloadOwnData } = ownData;
  useEffect(() => {
    const reload = () => {
      reloadChosen();
      reloadStatus();
      reloadOwnData();
    };
    const stopShop = onChosenShopChange(reload);
    // A removal drops the copy and announces every resource.
    const stopChanges = onAnyChange(reload);
    return () => {
      stopShop();
      stopChanges();
    };
  }, [reloadChosen, reloadStatus, reloadOwnData]);
  const { busy: switching, run } = useAction();
  const navigate = useNavigate();

  const switchTo = (shop: Shop | null) =>
    run(
      async () => {
        if (shop) await chooseShop(shop);
        else await leaveChosenShop();
        announceChosenShopChange();
      },
      shop ? t('team.screen.nowWorksOn', { shop: shop.name }) : t('team.screen.nowOwnData'),
      () => {
        chosen.reload();
        // A shop's customer has the portal, not these screens.
        if (shop?.role === 'customer') void navigate({ to: '/portal' });
      },
    );

  const chosenId = chosen.data?.shopId ?? null;
  const current = mine.data?.shops.find((shop) => shop.id === chosenId);

  return (
    <div className="space-y-4">
      {!online && (
        <p role="status" className="rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900 dark:border-amber-900 dark:bg-amber-950 dark:text-amber-200">
          {t('team.screen.offline')}
        </p>
      )}
      {status.data?.removed && <ShopRemovalNotice removed={status.data.removed} />}
      <DeviceSection
        chosen={chosen}
        current={current}
        shopsRead={mine.data !== undefined}
        pulling={status.data?.pulling}
        ownData={ownData}
        online={online}
        switching={switching}
        onLeave={() => void switchTo(null)}
      />
      <ShopsSection
        mine={mine}
        chosenId={chosenId}
        online={online}
        switching={switching}
        onUse={(shop) => void switchTo(shop)}
        onCreated={() => {
          mine.reload();
          chosen.reload();
        }}
      />
      {current && <MembersSection shop={current} online={online} myUid={user?.uid} />}
    </div>
  );
}
