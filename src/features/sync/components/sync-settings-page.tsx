import { SettingsSection } from '@/components/settings-section';
import type { ConflictListProps } from '@/components/sync/conflict-list';
import { SyncChanges } from '@/components/sync/sync-changes';
import { shopServerUrl } from '@/lib/api-client';
import { useT } from '@/i18n/i18n';

/** Settings → Sync (team builds only): a stuck change of this device, and the changes the shop server refused or overwrote. */
export function SyncSettingsPage({ search, onSearchChange }: Omit<ConflictListProps, 'refresh'>) {
  const t = useT('sync');
  return (
    <SettingsSection title={t('sync.page.title')} description={t('sync.page.description')}>
      {shopServerUrl ? <SyncChanges search={search} onSearchChange={onSearchChange} /> : <p>{t('sync.page.noServer')}</p>}
    </SettingsSection>
  );
}
