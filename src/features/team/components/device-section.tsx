import type { Shop } from '@domain/contract/sync-protocol';
import { Button } from '@/components/button';
import { ErrorState } from '@/components/data-table/list-states';
import { PageLoading } from '@/components/page-loading';
import { SettingsCard } from '@/components/settings-section';
import { useT } from '@/i18n/i18n';
import { richText, strong, strongData } from '@/i18n/rich-text';
import { messageOf } from '@/lib/error-message';
import type { SyncStatus, UploadCounts } from '@/lib/shop-sync';
import type { ChosenShop } from '@/lib/chosen-shop';
import type { Loaded } from '@/lib/use-load';
import { PullProgressBar } from './pull-progress-bar';
import { UploadNow } from './upload-now';

/** Which shop this device works on, or its own data; a first sync's progress and, for an empty shop, the upload of this device's data. */
export function DeviceSection({ chosen, current, shopsRead, pulling, ownData, online, switching, onLeave }: {
  chosen: Loaded<ChosenShop | null>;
  /** The chosen shop among the caller's shops (undefined: not read yet, or no longer theirs). */
  current: Shop | undefined;
  /** Whether the caller's shops are read: then a chosen shop not among them is one they left. */
  shopsRead: boolean;
  pulling: SyncStatus['pulling'];
  ownData: Loaded<UploadCounts>;
  online: boolean;
  switching: boolean;
  onLeave: () => void;
}) {
  const t = useT('team');
  return (
    <SettingsCard title={t('team.device.title')} headingId="team-device-heading">
      {chosen.error ? (
        <ErrorState message={messageOf(chosen.error)} onRetry={chosen.reload} />
      ) : chosen.data === undefined ? (
        <PageLoading />
      ) : chosen.data?.shopId ? (
        <div className="flex flex-wrap items-center gap-3">
          <p className="flex-1">
            {current
              ? richText(t('team.device.worksOn', { shop: current.name }), { strong: strongData })
              : richText(shopsRead ? t('team.device.worksOnLeft') : t('team.device.worksOnShared'), { strong })}
          </p>
          <Button variant="secondary" disabled={switching} onClick={onLeave}>
            {t('team.device.useOnlyThis')}
          </Button>
          {pulling && <PullProgressBar pulling={pulling} />}
          {ownData.data?.canUpload && online && <UploadNow counts={ownData.data} shopName={current?.name ?? t('team.device.thisShop')} onDone={ownData.reload} />}
        </div>
      ) : (
        <p>{t('team.device.ownDataOnly')}</p>
      )}
    </SettingsCard>
  );
}
