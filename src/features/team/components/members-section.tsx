import { useId, useState } from 'react';
import type { Member, Shop } from '@domain/contract/sync-protocol';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { useT } from '@/i18n/i18n';
import { messageOf } from '@/lib/error-message';
import { ErrorState } from '@/components/data-table/list-states';
import { PageLoading } from '@/components/page-loading';
import { SettingsCard } from '@/components/settings-section';
import { notify } from '@/lib/notify';
import { splitInvitations } from '@/lib/customer-portal';
import { useLoad } from '@/lib/use-load';
import { getMembers, removeMember } from '../api';
import { memberName } from '../data/format';
import { canManageMembers } from '../data/permissions';
import { CustomersSection } from './customers-section';
import { InviteForm } from './invite-form';
import { MemberRow } from './member-row';
import { PendingInvitations } from './pending-invitations';
import { Reason } from './reason';

/** The members and pending invitations of the shop this device works on; its owners manage them here. */
export function MembersSection({ shop, online, myUid }: { shop: Shop; online: boolean; myUid: string | undefined }) {
  const t = useT('team');
  const members = useLoad(shop.id, (signal) => getMembers(shop.id, signal));
  const [removing, setRemoving] = useState<Member | null>(null);
  const manage = canManageMembers(shop.role, online);
  const manageReasonId = useId();
  return (
    <SettingsCard title={t('team.members.title', { shop: shop.name })} headingId="team-members-heading">
      <p className="text-sm text-slate-600 dark:text-slate-400">
        {t('team.members.yourRole', { role: shop.role })}
      </p>
      <Reason id={manageReasonId} permission={manage} />
      {members.error ? (
        <ErrorState message={messageOf(members.error)} onRetry={members.reload} />
      ) : !members.data ? (
        <PageLoading />
      ) : (
        <>
          <ul className="divide-y divide-slate-200 dark:divide-slate-700">
            {members.data.members.map((member, _index, all) => (
              <MemberRow key={member.uid} shop={shop} member={member} members={all} manage={manage} online={online} isYou={member.uid === myUid} onChanged={members.reload} onRemove={setRemoving} />
            ))}
          </ul>
          <PendingInvitations shopId={shop.id} invitations={splitInvitations(members.data.invitations).team} manage={manage} onWithdrawn={members.reload} />
          {shop.role === 'owner' && <InviteForm shopId={shop.id} permission={manage} onInvited={members.reload} />}
          {/* Admins and owners are answered the customers too. */}
          {members.data.customers && (
            <CustomersSection shop={shop} customers={members.data.customers} invitations={splitInvitations(members.data.invitations).customers} online={online} onChanged={members.reload} />
          )}
        </>
      )}
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => {
          if (!open) setRemoving(null);
        }}
        title={removing ? t('team.members.removeTitle', { name: memberName(removing) }) : t('team.members.removeTitleUnnamed')}
        description={t('team.members.removeDescription')}
        confirmLabel={t('team.members.remove')}
        destructive
        onConfirm={async () => {
          if (!removing) return;
          await removeMember(shop.id, removing.uid);
          notify.success(t('team.members.removed', { name: memberName(removing) }));
          members.reload();
        }}
      />
    </SettingsCard>
  );
}
