import type { Invitation } from '@domain/contract/sync-protocol';
import { Button } from '@/components/button';
import { useT } from '@/i18n/i18n';
import { runAction } from '@/lib/run-action';
import { withdrawInvitation } from '../api';
import { formatDate } from '../data/format';
import { roleLabels, type Permission } from '../data/permissions';

/** The shop's invitations not yet accepted; an owner withdraws them here. */
export function PendingInvitations({ shopId, invitations, manage, onWithdrawn }: { shopId: string; invitations: readonly Invitation[]; manage: Permission; onWithdrawn: () => void }) {
  const t = useT('team');
  return (
    <>
      <h4 className="font-semibold">{t('team.pending.heading')}</h4>
      {invitations.length === 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-400">{t('team.pending.empty')}</p>
      ) : (
        <ul className="divide-y divide-slate-200 dark:divide-slate-700">
          {invitations.map((invitation) => (
            <li key={invitation.id} className="flex flex-wrap items-center gap-3 py-2">
              <div className="min-w-0 flex-1">
                <p className="truncate" translate="no">
                  {invitation.email}
                </p>
                <p className="text-xs text-slate-500">
                  {t('team.pending.invited', { role: roleLabels[invitation.role], date: formatDate(invitation.createdAt) })}
                </p>
              </div>
              {manage.allowed && (
                <Button variant="secondary" onClick={() => void runAction(() => withdrawInvitation(shopId, invitation.id), t('team.invitation.withdrawn', { email: invitation.email }), onWithdrawn)}>
                  {t('team.invitation.withdraw')}
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
