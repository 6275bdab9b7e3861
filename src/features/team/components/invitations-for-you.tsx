import { useNavigate } from '@tanstack/react-router';
import type { MyInvitation, Shop } from '@domain/contract/sync-protocol';
import { Button } from '@/components/button';
import { useT } from '@/i18n/i18n';
import { runAction } from '@/lib/run-action';
import { chooseShop } from '@/lib/shop-sync';
import { announceChosenShopChange } from '@/lib/chosen-shop';
import { acceptInvitation } from '../api';
import { formatDate } from '../data/format';
import type { Permission } from '../data/permissions';

/**
 * Accepts the invitation; a customer's also makes the shop this device's (as its customer) and
 * opens their portal: the customer has nothing else to do here.
 */
async function accept(invitation: MyInvitation, openPortal: () => Promise<void>): Promise<Shop> {
  const shop = await acceptInvitation(invitation.id);
  if (shop.role === 'customer') {
    await chooseShop(shop);
    announceChosenShopChange();
    await openPortal();
  }
  return shop;
}

/** Invitations waiting for the signed-in user's email, to accept (none: nothing shown). */
export function InvitationsForYou({ invitations, permission, onAccepted }: { invitations: readonly MyInvitation[]; permission: Permission; onAccepted: () => void }) {
  const t = useT('team');
  const navigate = useNavigate();
  if (invitations.length === 0) return null;
  const openPortal = () => navigate({ to: '/portal' });
  return (
    <>
      <h4 className="font-semibold">{t('team.invitations.heading')}</h4>
      <ul className="divide-y divide-slate-200 dark:divide-slate-700">
        {invitations.map((invitation) => (
          <li key={invitation.id} className="flex flex-wrap items-center gap-3 py-2">
            <div className="min-w-0 flex-1">
              <p className="truncate font-medium" translate="no">
                {invitation.shopName}
              </p>
              <p className="text-xs text-slate-500">
                {t('team.invitations.asRole', { role: invitation.role, date: formatDate(invitation.createdAt) })}
              </p>
            </div>
            <Button variant="primary" disabled={!permission.allowed} onClick={() => void runAction(() => accept(invitation, openPortal), t('team.invitations.joined', { shop: invitation.shopName }), onAccepted)}>
              {t('team.invitations.accept')}
            </Button>
          </li>
        ))}
      </ul>
    </>
  );
}
