import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useNavigate } from '@tanstack/react-router';
import type { MyInvitation, Shop } from '@domain/contract/sync-protocol';
import { useAuth } from '@/auth/auth-state';
import { useSignedInSession } from '@/auth/use-signed-in-session';
import { Button } from '@/components/button';
import { ErrorState } from '@/components/data-table/list-states';
import { Brand } from '@/components/layout/brand';
import { withData } from '@/components/with-data';
import { PageLoading } from '@/components/page-loading';
import { useT } from '@/i18n/i18n';
import { acceptInvitation, getMyShops } from '@/lib/customer-portal';
import { accountAccessOf, chooseOwnShop, type AccountAccess } from '@/lib/first-access';
import { messageOf } from '@/lib/error-message';
import { notify } from '@/lib/notify';
import { chooseShop } from '@/lib/shop-sync';
import { announceChosenShopChange } from '@/lib/chosen-shop';
import { useLoad } from '@/lib/use-load';
import { HeaderStatus } from '@/pwa/sync-status';
import { LazySignOutDialog } from '@/components/layout/lazy-sign-out-dialog';


const cardClass = 'space-y-3 rounded-xl border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900';

/**
 * The first screen of an account without team access on a team build's device (src/lib/first-access.ts):
 * a shop's customer accepts its invitation (or opens a portal joined on another device) and lands
 * in the portal; someone with neither is told so plainly, with what to do. No dashboard, no sample data.
 */
export function WelcomePage() {
  const t = useT('team');
  const { user } = useAuth();
  const navigate = useNavigate();
  const mine = useLoad('welcome-shops', getMyShops);
  const access = mine.data && accountAccessOf(mine.data);
  // Invited to the team meanwhile (or a shop made elsewhere): the dashboard is theirs.
  useEffect(() => {
    if (access?.team) void navigate({ to: '/dashboard', replace: true });
  }, [access?.team, navigate]);

  return (
    <WelcomeFrame email={user?.email ?? null}>
      {mine.error && !access ? (
        <>
          <h1 className="text-2xl font-bold">{t('team.welcome.heading')}</h1>
          <ErrorState message={t('team.welcome.unreachable', { error: messageOf(mine.error) })} onRetry={mine.reload} />
        </>
      ) : !access || access.team ? (
        <PageLoading />
      ) : access.customerInvitations.length > 0 || access.customerShops.length > 0 ? (
        <CustomerStep access={access} />
      ) : (
        <NoShop email={user?.email ?? null} uid={user?.uid} onCheckAgain={mine.reload} />
      )}
    </WelcomeFrame>
  );
}

/** The page's frame: the brand, the account, the sync badge and Sign out, and `<main>`. */
function WelcomeFrame({ email, children }: { email: string | null; children: ReactNode }) {
  const t = useT('team');
  const onSignOut = useSignedInSession();
  const [signingOut, setSigningOut] = useState(false);
  const signOutRef = useRef<HTMLButtonElement>(null);
  return (
    <div className="min-h-dvh bg-slate-50 text-slate-900 dark:bg-slate-950 dark:text-slate-100">
      <header className="flex h-16 items-center gap-2 border-b border-slate-200 bg-white px-3 sm:px-4 dark:border-slate-800 dark:bg-slate-900">
        <Brand />
        <span className="ms-auto hidden min-w-0 truncate text-sm text-slate-600 sm:inline dark:text-slate-400" translate="no">
          {email}
        </span>
        {/* The connection, and "Removed from <shop>" when a shop this device worked on revoked the account. */}
        <div className="ms-auto flex shrink-0 items-center sm:ms-2">
          <HeaderStatus />
        </div>
        <Button ref={signOutRef} variant="secondary" className="shrink-0" onClick={() => setSigningOut(true)}>
          {t('team.welcome.signOut')}
        </Button>
      </header>
      <main id="main-content" tabIndex={-1} data-testid="welcome-page" className="mx-auto max-w-2xl min-w-0 space-y-4 p-4 outline-none sm:p-6">
        {children}
      </main>
      <LazySignOutDialog open={signingOut} onClose={() => setSigningOut(false)} onSignOut={onSignOut} returnFocus={signOutRef} />
    </div>
  );
}

/** The portal's accept step: each invitation (Accept) and each shop joined elsewhere (Open), into the portal. */
function CustomerStep({ access }: { access: AccountAccess }) {
  const t = useT('team');
  const navigate = useNavigate();
  const [busy, setBusy] = useState<string | null>(null);
  // No toast on success: the portal opens with the shop's name.
  const open = async (key: string, shopOf: () => Promise<Shop>) => {
    if (busy) return;
    setBusy(key);
    try {
      const shop = await shopOf();
      await chooseShop(shop);
      announceChosenShopChange();
      await navigate({ to: '/portal' });
    } catch (caught) {
      notify.error(messageOf(caught));
    } finally {
      setBusy(null);
    }
  };
  const only = access.customerInvitations.length + access.customerShops.length === 1;
  const title = only && access.customerInvitations[0] ? t('team.welcome.invitesYou', { shop: access.customerInvitations[0].shopName }) : t('team.welcome.yourShops');
  return (
    <>
      <h1 className="text-2xl font-bold">{title}</h1>
      {access.customerInvitations.map((invitation: MyInvitation) => (
        <section key={invitation.id} aria-label={t('team.welcome.invitationFrom', { shop: invitation.shopName })} className={cardClass}>
          <h2 className="text-lg font-semibold" translate="no">
            {invitation.shopName}
          </h2>
          <p>{withData((values) => t('team.welcome.invitationText', values), { shop: invitation.shopName })}</p>
          <Button variant="primary" disabled={busy !== null} aria-busy={busy === invitation.id} onClick={() => void open(invitation.id, () => acceptInvitation(invitation.id))}>
            {t('team.welcome.accept', { busy: busy === invitation.id ? 'yes' : 'no' })}
          </Button>
        </section>
      ))}
      {access.customerShops.map((shop) => (
        <section key={shop.id} aria-label={t('team.welcome.portalOf', { shop: shop.name })} className={cardClass}>
          <h2 className="text-lg font-semibold" translate="no">
            {shop.name}
          </h2>
          <p>{t('team.welcome.customerText')}</p>
          <Button variant="primary" disabled={busy !== null} aria-busy={busy === shop.id} onClick={() => void open(shop.id, () => Promise.resolve(shop))}>
            {t('team.welcome.open', { busy: busy === shop.id ? 'yes' : 'no' })}
          </Button>
        </section>
      ))}
    </>
  );
}

/** An account with no shop: said plainly, with what a customer and a shop's owner each do next. */
function NoShop({ email, uid, onCheckAgain }: { email: string | null; uid: string | undefined; onCheckAgain: () => void }) {
  const t = useT('team');
  const navigate = useNavigate();
  return (
    <>
      <h1 className="text-2xl font-bold">{t('team.welcome.noShop')}</h1>
      <p>{email ? withData((values) => t('team.welcome.noShopText', values), { email }) : t('team.welcome.noShopTextNoEmail')}</p>
      <section aria-labelledby="welcome-customer" className={cardClass}>
        <h2 id="welcome-customer" className="text-lg font-semibold">
          {t('team.welcome.customerQuestion')}
        </h2>
        <p>{email ? withData((values) => t('team.welcome.askInvite', values), { email }) : t('team.welcome.askInviteNoEmail')}</p>
        <Button variant="secondary" onClick={onCheckAgain}>
          {t('team.welcome.checkAgain')}
        </Button>
      </section>
      <section aria-labelledby="welcome-owner" className={cardClass}>
        <h2 id="welcome-owner" className="text-lg font-semibold">
          {t('team.welcome.ownerQuestion')}
        </h2>
        <p>{t('team.welcome.ownerText')}</p>
        <Button
          variant="primary"
          onClick={() => {
            if (uid) chooseOwnShop(uid);
            void navigate({ to: '/settings/team' });
          }}
        >
          {t('team.welcome.startOwn')}
        </Button>
      </section>
    </>
  );
}
