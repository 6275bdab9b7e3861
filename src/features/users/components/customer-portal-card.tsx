import { useState } from 'react';
import type { Shop } from '@domain/contract/sync-protocol';
import type { User } from '@schema/user';
import { Button } from '@/components/button';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { useCustomerPreviewStart } from '@/components/customer-preview-offer';
import { ErrorState } from '@/components/data-table/list-states';
import { PageLoading } from '@/components/page-loading';
import { SettingsCard } from '@/components/settings-section';
import { shopServerUrl } from '@/lib/api-client';
import { customerPreviewAvailable } from '@/lib/customer-preview';
import { formatPortalDate, getMembers, getMyShops, inviteCustomer, managesCustomers, portalAccessOf, removeMember, withdrawInvitation } from '@/lib/customer-portal';
import { notify } from '@/lib/notify';
import { useAction } from '@/lib/run-action';
import { getChosenShop } from '@/lib/shop-sync';
import { useLoad } from '@/lib/use-load';
import { useOnline } from '@/pwa/connection-status';

/** The shop this device works on, with the account's role in it; null without one (or without a shop server). */
async function chosenShopWithRole(signal: AbortSignal): Promise<Shop | null> {
  if (!shopServerUrl) return null;
  const chosen = await getChosenShop(signal);
  if (!chosen) return null;
  const mine = await getMyShops(signal);
  return mine.shops.find((shop) => shop.id === chosen.shopId) ?? null;
}

/**
 * A user's access to the customer portal of the shop this device works on: invite them (at
 * the record's email), see the invitation pending or accepted, revoke it. Shown to the
 * shop's admins and owners only; nothing without a shop server or a chosen shop.
 */
export function CustomerPortalCard({ user }: { user: User }) {
  // The static demo has no server to invite to: it shows the portal as this customer instead.
  if (customerPreviewAvailable) return <PreviewAsCustomer user={user} />;
  return <ServerPortalCard user={user} />;
}

/** The static demo's way to the portal from a user's page: see it as this customer (src/lib/customer-preview.ts). */
function PreviewAsCustomer({ user }: { user: User }) {
  const { busy, start } = useCustomerPreviewStart();
  return (
    <SettingsCard title="Customer portal">
      <p className="text-sm text-slate-600 dark:text-slate-400">
        With a shop server, {user.name} could be invited to the customer portal. In this demo, see it as they would, over this browser’s data.
      </p>
      <Button variant="primary" disabled={busy} aria-busy={busy} onClick={() => void start(user.id)}>
        See the portal as {user.name}
      </Button>
    </SettingsCard>
  );
}

function ServerPortalCard({ user }: { user: User }) {
  const shop = useLoad('chosen-shop', chosenShopWithRole);
  if (!shop.data || !managesCustomers(shop.data)) return null;
  return <PortalAccess shop={shop.data} user={user} />;
}

function PortalAccess({ shop, user }: { shop: Shop; user: User }) {
  const online = useOnline();
  const members = useLoad(`${shop.id}:${user.id}`, (signal) => getMembers(shop.id, signal));
  const { busy, run } = useAction();
  const [revoking, setRevoking] = useState(false);
  const access = members.data ? portalAccessOf(user.id, members.data) : null;
  return (
    <SettingsCard title="Customer portal">
      <p className="text-sm text-slate-600 dark:text-slate-400">
        Signed in to {shop.name}’s portal, {user.name} sees and changes only their own orders, invoices, tickets, reviews and profile.
      </p>
      {!online && <p className="text-sm text-slate-600 dark:text-slate-400">Inviting and revoking need a connection to the shop server.</p>}
      {members.error ? (
        <ErrorState message={members.error.message} onRetry={members.reload} />
      ) : !access ? (
        <PageLoading />
      ) : access.state === 'joined' ? (
        <div className="flex flex-wrap items-center gap-3">
          <p className="min-w-0 flex-1 text-sm" data-testid="portal-access-state">
            <span className="font-medium">Has access</span>: signed in as {access.customer.email ?? access.customer.uid} since {formatPortalDate(access.customer.joinedAt)}.
          </p>
          <Button variant="danger" disabled={!online} onClick={() => setRevoking(true)}>
            Revoke portal access
          </Button>
        </div>
      ) : access.state === 'invited' ? (
        <div className="flex flex-wrap items-center gap-3">
          <p className="min-w-0 flex-1 text-sm" data-testid="portal-access-state">
            <span className="font-medium">Invitation pending</span>: sent to {access.invitation.email} on {formatPortalDate(access.invitation.createdAt)}. They accept it by signing in with that
            email.
          </p>
          <Button
            variant="secondary"
            disabled={!online || busy}
            onClick={() => void run(() => withdrawInvitation(shop.id, access.invitation.id), `Invitation to ${access.invitation.email} withdrawn`, members.reload)}
          >
            Withdraw invitation
          </Button>
        </div>
      ) : (
        <div className="flex flex-wrap items-center gap-3">
          <p className="min-w-0 flex-1 text-sm" data-testid="portal-access-state">
            No access yet. The invitation goes to {user.email}.
          </p>
          <Button disabled={!online || busy} aria-busy={busy} onClick={() => void run(() => inviteCustomer(shop.id, user.id), `${user.name} is invited to the customer portal`, members.reload)}>
            Invite to the customer portal
          </Button>
        </div>
      )}
      <ConfirmDialog
        open={revoking}
        onOpenChange={setRevoking}
        title={`Revoke ${user.name}’s portal access?`}
        description="They can no longer sign in to this shop’s portal, and its data is removed from their devices at their next sync. Their orders, invoices and tickets stay in the shop. You can invite them again later."
        confirmLabel="Revoke access"
        destructive
        onConfirm={async () => {
          if (access?.state !== 'joined') return;
          await removeMember(shop.id, access.customer.uid);
          notify.success(`${user.name}’s portal access revoked`);
          members.reload();
        }}
      />
    </SettingsCard>
  );
}
