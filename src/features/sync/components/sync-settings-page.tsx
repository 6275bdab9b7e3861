import { SettingsSection } from '@/components/settings-section';
import type { ConflictListProps } from '@/components/sync/conflict-list';
import { SyncChanges } from '@/components/sync/sync-changes';
import { shopServerUrl } from '@/lib/api-client';

/** Settings → Sync (team builds only): a stuck change of this device, and the changes the shop server refused or overwrote. */
export function SyncSettingsPage({ search, onSearchChange }: Omit<ConflictListProps, 'refresh'>) {
  return (
    <SettingsSection title="Sync" description="Changes made on this device that the shop server refused, with its reason, and values of yours it replaced by a team member’s newer one.">
      {shopServerUrl ? <SyncChanges search={search} onSearchChange={onSearchChange} /> : <p>This build has no shop server: nothing is synced.</p>}
    </SettingsSection>
  );
}
