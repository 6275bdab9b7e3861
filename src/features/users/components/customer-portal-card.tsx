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
import { getChosenShop } from '@/lib/chosen-shop';
import { useLoad } from '@/lib/use-load';
import { useOnline } from '@/pwa/connection-status';
import { useT } from '@/i18n/i18n';

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
  const t = useT('users');
  return (
    <SettingsCard title={t('users.portal.title')}>
      <p className="text-sm text-slate-600 dark:text-slate-400">{t('users.portal.demoNote', { name: user.name })}</p>
      <Button variant="primary" disabled={busy} aria-busy={busy} onClick={() => void start(user.id)}>
        {t('users.portal.seeAs', { name: user.name })}
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
  const t = useT('users');
  return (
    <SettingsCard title={t('users.portal.title')}>
      <p className="text-sm text-slate-600 dark:text-slate-400">{t('users.portal.explain', { shop: shop.name, name: user.name })}</p>
      {!online && <p className="text-sm text-slate-600 dark:text-slate-400">{t('users.portal.offline')}</p>}
      {members.error ? (
        <ErrorState message={members.error.message} onRetry={members.reload} />
      ) : !access ? (
        <PageLoading />
      ) : access.state === 'joined' ? (
        <div className="flex flex-wrap items-center gap-3">
          <p className="min-w-0 flex-1 text-sm" data-testid="portal-access-state">
            <span className="font-medium">{t('users.portal.hasAccess')}</span>:{' '}
            {t('users.portal.signedInSince', { who: access.customer.email ?? access.customer.uid, date: formatPortalDate(access.customer.joinedAt) })}
          </p>
          <Button variant="danger" disabled={!online} onClick={() => setRevoking(true)}>
            {t('users.portal.revoke')}
          </Button>
        </div>
      ) : access.state === 'invited' ? (
        <div className="flex flex-wrap items-center gap-3">
          <p className="min-w-0 flex-1 text-sm" data-testid="portal-access-state">
            <span className="font-medium">{t('users.portal.pending')}</span>:{' '}
            {t('users.portal.sentTo', { email: access.invitation.email, date: formatPortalDate(access.invitation.createdAt) })}
          </p>
          <Button
            variant="secondary"
            disabled={!online || busy}
            onClick={() => void run(() => withdrawInvitation(shop.id, access.invitation.id), t('users.portal.withdrawn', { email: access.invitation.email }), members.reload)}
          >
            {t('users.portal.withdraw')}
          </Button>
        </div>
      ) : (
        <div className="flex flex-wrap items-center gap-3">
          <p className="min-w-0 flex-1 text-sm" data-testid="portal-access-state">
            {t('users.portal.noAccess', { email: user.email })}
          </p>
          <Button
            disabled={!online || busy}
            aria-busy={busy}
            onClick={() => void run(() => inviteCustomer(shop.id, user.id), t('users.portal.invited', { name: user.name }), members.reload)}
          >
            {t('users.portal.invite')}
          </Button>
        </div>
      )}
      <ConfirmDialog
        open={revoking}
        onOpenChange={setRevoking}
        title={t('users.portal.revokeTitle', { name: user.name })}
        description={t('users.portal.revokeDescription')}
        confirmLabel={t('users.portal.revokeConfirm')}
        destructive
        onConfirm={async () => {
          if (access?.state !== 'joined') return;
          await removeMember(shop.id, access.customer.uid);
          notify.success(t('users.portal.revoked', { name: user.name }));
          members.reload();
        }}
      />
    </SettingsCard>
  );
}
