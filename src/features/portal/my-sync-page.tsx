import type { ConflictListProps } from '@/components/sync/conflict-list';
import { SyncChanges } from '@/components/sync/sync-changes';
import { useT } from '@/i18n/i18n';
import { shopServerUrl } from '@/lib/api-client';

/**
 * The customer's Sync page (where their header's badge and "changes to review" lead): a change of
 * theirs stuck on this device (Retry, Discard) and the ones the shop refused or overwrote (put
 * back or dismissed), with the team's Sync page's parts (src/components/sync).
 */
export function MySyncPage({ search, onSearchChange }: Omit<ConflictListProps, 'refresh'>) {
  const t = useT('portal');
  return (
    <div className="space-y-4">
      <div className="space-y-1">
        <h1 className="text-2xl font-bold">{t('portal.sync.heading')}</h1>
        <p className="text-sm text-slate-600 dark:text-slate-400">
          {t('portal.sync.intro')}
        </p>
      </div>
      <div className="space-y-4 rounded-xl border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900">
        {shopServerUrl ? <SyncChanges search={search} onSearchChange={onSearchChange} /> : <p>{t('portal.sync.localOnly')}</p>}
      </div>
    </div>
  );
}
