import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import type { CustomerMember, Invitation, Shop } from '@domain/contract/sync-protocol';
import { Button } from '@/components/button';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { formatPortalDate, removeMember, userRecordName, withdrawInvitation } from '@/lib/customer-portal';
import { notify } from '@/lib/notify';
import { runAction } from '@/lib/run-action';
import { useLoad } from '@/lib/use-load';
import { memberName } from '../data/format';
import { OFFLINE_REASON } from '../data/permissions';

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
  const [revoking, setRevoking] = useState<CustomerMember | null>(null);
  return (
    <section aria-labelledby="team-customers-heading" className="space-y-2 border-t border-slate-200 pt-3 dark:border-slate-700">
      <h4 id="team-customers-heading" className="font-semibold">
        Customers in the portal
      </h4>
      <p className="text-sm text-slate-600 dark:text-slate-400">
        Not part of the team: each sees only their own orders, invoices, tickets and reviews. Invite one from their page in Users.
      </p>
      {!online && <p className="text-sm text-slate-600 dark:text-slate-400">{OFFLINE_REASON}</p>}
      {customers.length === 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-400">No customer has signed in yet.</p>
      ) : (
        <ul className="divide-y divide-slate-200 dark:divide-slate-700">
          {customers.map((customer) => (
            <li key={customer.uid} className="flex flex-wrap items-center gap-3 py-2">
              <div className="min-w-0 flex-1">
                <p className="truncate font-medium">{memberName(customer)}</p>
                <p className="text-xs text-slate-500">
                  <UserRecordLink id={customer.userId} />{' '}
                  · joined {formatPortalDate(customer.joinedAt)}
                </p>
              </div>
              <Button variant="secondary" disabled={!online} onClick={() => setRevoking(customer)}>
                Revoke access
              </Button>
            </li>
          ))}
        </ul>
      )}
      {invitations.length > 0 && (
        <>
          <h5 className="text-sm font-semibold">Invited, not yet signed in</h5>
          <ul className="divide-y divide-slate-200 dark:divide-slate-700">
            {invitations.map((invitation) => (
              <li key={invitation.id} className="flex flex-wrap items-center gap-3 py-2">
                <div className="min-w-0 flex-1">
                  <p className="truncate">{invitation.email}</p>
                  <p className="text-xs text-slate-500">
                    {invitation.userId !== undefined && (
                      <>
                        <UserRecordLink id={invitation.userId} />{' '}
                        ·{' '}
                      </>
                    )}
                    invited {formatPortalDate(invitation.createdAt)}
                  </p>
                </div>
                <Button
                  variant="secondary"
                  disabled={!online}
                  onClick={() => void runAction(() => withdrawInvitation(shop.id, invitation.id), `Invitation to ${invitation.email} withdrawn`, onChanged)}
                >
                  Withdraw
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
        title={`Revoke portal access of ${revoking ? memberName(revoking) : 'this customer'}?`}
        description="They can no longer sign in to this shop's portal, and its data is removed from their devices at their next sync. Their orders, invoices and tickets stay in the shop. You can invite them again later."
        confirmLabel="Revoke access"
        destructive
        onConfirm={async () => {
          if (!revoking) return;
          await removeMember(shop.id, revoking.uid);
          notify.success(`Portal access of ${memberName(revoking)} revoked`);
          onChanged();
        }}
      />
    </section>
  );
}

/** The user record a customer is, by its name on this device ("User record #7" until it is read, or when the device has none). */
function UserRecordLink({ id }: { id: number }) {
  const name = useLoad(`user-${id}`, (signal) => userRecordName(id, signal));
  return (
    <Link to="/users/$id" params={{ id: String(id) }} className={linkClass}>
      {name.data ? `${name.data} (user record #${id})` : `User record #${id}`}
    </Link>
  );
}
