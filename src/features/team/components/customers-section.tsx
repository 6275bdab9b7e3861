import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import type { CustomerMember, Invitation, Shop } from '@domain/contract/sync-protocol';
import { Button } from '@/components/button';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { useT } from '@/i18n/i18n';
import { formatPortalDate, removeMember, userRecordName, withdrawInvitation } from '@/lib/customer-portal';
import { notify } from '@/lib/notify';
import { runAction } from '@/lib/run-action';
import { useLoad } from '@/lib/use-load';
import { memberName } from '../data/format';
import { offlineReason } from '../data/permissions';

const linkClass = 'text-indigo-600 underline hover:no-underline dark:text-indigo-400';

/**
 * The shop's customers signed in to the portal, apart from the team (admins and owners see
 * them): each one's email, the user record they are, since when; revoking asks first.
 * Customers are invited from their user's page (Users → a user → "Invite to the customer portal").
 */
export function CustomersSection({ shop, customers, invitations, online, onChanged }: {
  shop: Shop;
  customers: readonly CustomerMember[];
  /** The customers' invitations not yet accepted. */
  invitations: readonly Invitation[];
  online: boolean;
  onChanged: () => void;
}) {
  const t = useT('team');
  const [revoking, setRevoking] = useState<CustomerMember | null>(null);
  return (
    <section aria-labelledby="team-customers-heading" className="space-y-2 border-t border-slate-200 pt-3 dark:border-slate-700">
      <h4 id="team-customers-heading" className="font-semibold">
        {t('team.customers.heading')}
      </h4>
      <p className="text-sm text-slate-600 dark:text-slate-400">
        {t('team.customers.intro')}
      </p>
      {!online && <p className="text-sm text-slate-600 dark:text-slate-400">{offlineReason()}</p>}
      {customers.length === 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-400">{t('team.customers.empty')}</p>
      ) : (
        <ul className="divide-y divide-slate-200 dark:divide-slate-700">
          {customers.map((customer) => (
            <li key={customer.uid} className="flex flex-wrap items-center gap-3 py-2">
              <div className="min-w-0 flex-1">
                <p className="truncate font-medium" translate="no">
                  {memberName(customer)}
                </p>
                <p className="text-xs text-slate-500">
                  <UserRecordLink id={customer.userId} />{' '}
                  · {t('team.customers.joined', { date: formatPortalDate(customer.joinedAt) })}
                </p>
              </div>
              <Button variant="secondary" disabled={!online} onClick={() => setRevoking(customer)}>
                {t('team.customers.revoke')}
              </Button>
            </li>
          ))}
        </ul>
      )}
      {invitations.length > 0 && (
        <>
          <h5 className="text-sm font-semibold">{t('team.customers.invitedHeading')}</h5>
          <ul className="divide-y divide-slate-200 dark:divide-slate-700">
            {invitations.map((invitation) => (
              <li key={invitation.id} className="flex flex-wrap items-center gap-3 py-2">
                <div className="min-w-0 flex-1">
                  <p className="truncate" translate="no">
                    {invitation.email}
                  </p>
                  <p className="text-xs text-slate-500">
                    {invitation.userId !== undefined && (
                      <>
                        <UserRecordLink id={invitation.userId} />{' '}
                        ·{' '}
                      </>
                    )}
                    {t('team.customers.invited', { date: formatPortalDate(invitation.createdAt) })}
                  </p>
                </div>
                <Button
                  variant="secondary"
                  disabled={!online}
                  onClick={() => void runAction(() => withdrawInvitation(shop.id, invitation.id), t('team.invitation.withdrawn', { email: invitation.email }), onChanged)}
                >
                  {t('team.invitation.withdraw')}
                </Button>
              </li>
            ))}
          </ul>
        </>
      )}
      <ConfirmDialog
        open={revoking !== null}
        onOpenChange={(open) => {
          if (!open) setRevoking(null);
        }}
        title={revoking ? t('team.customers.revokeTitle', { name: memberName(revoking) }) : t('team.customers.revokeTitleUnnamed')}
        description={t('team.customers.revokeDescription')}
        confirmLabel={t('team.customers.revoke')}
        destructive
        onConfirm={async () => {
          if (!revoking) return;
          await removeMember(shop.id, revoking.uid);
          notify.success(t('team.customers.revoked', { name: memberName(revoking) }));
          onChanged();
        }}
      />
    </section>
  );
}

/** The user record a customer is, by its name on this device ("User record #7" until it is read, or when the device has none). */
function UserRecordLink({ id }: { id: number }) {
  const t = useT('team');
  const name = useLoad(`user-${id}`, (signal) => userRecordName(id, signal));
  return (
    <Link to="/users/$id" params={{ id: String(id) }} className={linkClass}>
      {name.data ? t('team.customers.userRecordNamed', { name: name.data, id: String(id) }) : t('team.customers.userRecord', { id: String(id) })}
    </Link>
  );
}
