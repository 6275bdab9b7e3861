import { useEffect, useId, useState, type FormEvent } from 'react';
import { useAuth } from '@/auth/auth-state';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { EmptyState, ErrorState } from '@/components/data-table/list-states';
import { PageLoading } from '@/components/page-loading';
import { ShopRemovalNotice } from '@/components/shop-removal-notice';
import { shopServerUrl } from '@/lib/api-client';
import { messageOf } from '@/lib/error-message';
import { notify } from '@/lib/notify';
import { announceChosenShopChange, chooseShop, getChosenShop, getOwnDataCounts, getSyncStatus, leaveChosenShop, onChosenShopChange, pullProgressView } from '@/lib/shop-sync';
import { onAnyChange } from '@/pwa/live-refresh';
import { useOnline } from '@/pwa/connection-status';
import type { Member, Role, Shop } from '@domain/contract/sync-protocol';
import { isRole } from '@domain/contract/sync-protocol/roles';
import { acceptInvitation, changeRole, getMembers, getMyShops, inviteMember, removeMember, withdrawInvitation } from '../api';
import { memberName } from '../data/member-name';
import { canChangeRole, canManageMembers, canRemoveMember, canUseServer, roleDescriptions, roleLabels, rolesMostFirst, type Permission } from '../data/permissions';
import { CreateShopForm, UploadNow } from './create-shop-form';
import { Reason } from './reason';
import { useLoad } from '@/lib/use-load';
import { SettingsSection } from '@/components/settings-section';
import { Button } from '@/components/button';

const formatDate = (iso: string) => new Date(iso).toLocaleDateString('en-GB', { dateStyle: 'medium' });
const cardClass = 'space-y-3 rounded-lg border border-slate-200 p-4 dark:border-slate-700';

function RoleSelect({ value, onChange, disabled, label, describedBy }: { value: Role; onChange: (role: Role) => void; disabled?: boolean; label: string; describedBy?: string }) {
  return (
    <select
      className="input py-1"
      aria-label={label}
      aria-describedby={describedBy}
      value={value}
      disabled={disabled}
      onChange={(event) => {
        if (isRole(event.target.value)) onChange(event.target.value);
      }}
    >
      {rolesMostFirst.map((role) => (
        <option key={role} value={role}>
          {roleLabels[role]}
        </option>
      ))}
    </select>
  );
}

/** Runs a team change with a toast; the server's `{ message }` is the error shown. */
async function run<T>(action: () => Promise<T>, success: string, onDone: () => void): Promise<T | undefined> {
  try {
    const result = await action();
    notify.success(success);
    onDone();
    return result;
  } catch (error) {
    notify.error(messageOf(error));
    return undefined;
  }
}

function InviteForm({ shopId, permission, onInvited }: { shopId: string; permission: Permission; onInvited: () => void }) {
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<Role>('staff');
  const [busy, setBusy] = useState(false);
  const emailId = useId();
  const reasonId = useId();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const address = email.trim();
    if (!address || busy || !permission.allowed) return;
    setBusy(true);
    await run(() => inviteMember(shopId, address, role), `Invitation sent to ${address}`, () => {
      setEmail('');
      onInvited();
    });
    setBusy(false);
  };
  return (
    <form className="space-y-2" onSubmit={(event) => void submit(event)} aria-label="Invite by email">
      <label htmlFor={emailId} className="block text-sm font-medium">
        Invite by email
      </label>
      <div className="flex flex-wrap gap-2">
        <input id={emailId} type="email" className="input min-w-0 flex-1" value={email} required disabled={!permission.allowed} aria-describedby={permission.allowed ? undefined : reasonId} onChange={(event) => setEmail(event.target.value)} />
        <RoleSelect label="Role of the invited person" value={role} onChange={setRole} disabled={!permission.allowed} />
        <Button type="submit" variant="primary" disabled={busy || !permission.allowed || !email.trim()}>
          {busy ? 'Inviting…' : 'Invite'}
        </Button>
      </div>
      <p className="text-sm text-slate-600 dark:text-slate-400">{roleLabels[role]}: {roleDescriptions[role]}.</p>
      <Reason id={reasonId} permission={permission} />
    </form>
  );
}

function MembersSection({ shop, online, myUid }: { shop: Shop; online: boolean; myUid: string | undefined }) {
  const members = useLoad(shop.id, (signal) => getMembers(shop.id, signal));
  const [removing, setRemoving] = useState<Member | null>(null);
  const manage = canManageMembers(shop.role, online);
  const manageReasonId = useId();
  return (
    <section aria-labelledby="team-members-heading" className={cardClass}>
      <h3 id="team-members-heading" className="text-lg font-semibold">
        Members of {shop.name}
      </h3>
      <p className="text-sm text-slate-600 dark:text-slate-400">
        You are {roleLabels[shop.role].toLowerCase()}: {roleDescriptions[shop.role].toLowerCase()}.
      </p>
      <Reason id={manageReasonId} permission={manage} />
      {members.error ? (
        <ErrorState message={members.error.message} onRetry={members.reload} />
      ) : !members.data ? (
        <PageLoading />
      ) : (
        <>
          <ul className="divide-y divide-slate-200 dark:divide-slate-700">
            {members.data.members.map((member) => {
              const change = canChangeRole(shop.role, member, members.data?.members ?? [], online);
              const remove = canRemoveMember(shop.role, member, members.data?.members ?? [], online);
              return (
                <li key={member.uid} className="flex flex-wrap items-center gap-3 py-2">
                  <div className="min-w-0 flex-1">
                    <p className="truncate font-medium">
                      {memberName(member)}
                      {member.uid === myUid && <span className="text-slate-500"> (you)</span>}
                    </p>
                    <p className="text-xs text-slate-500">Joined {formatDate(member.joinedAt)}</p>
                    {manage.allowed && !change.allowed && <p className="text-xs text-slate-600 dark:text-slate-400">{change.reason}</p>}
                  </div>
                  {manage.allowed ? (
                    <>
                      <RoleSelect
                        label={`Role of ${memberName(member)}`}
                        value={member.role}
                        disabled={!change.allowed}
                        onChange={(role) => void run(() => changeRole(shop.id, member.uid, role), `${memberName(member)} is now ${roleLabels[role].toLowerCase()}`, members.reload)}
                      />
                      <Button variant="secondary" disabled={!remove.allowed} onClick={() => setRemoving(member)}>
                        Remove
                      </Button>
                    </>
                  ) : (
                    <span className="text-sm">{roleLabels[member.role]}</span>
                  )}
                </li>
              );
            })}
          </ul>
          <h4 className="font-semibold">Pending invitations</h4>
          {members.data.invitations.length === 0 ? (
            <p className="text-sm text-slate-600 dark:text-slate-400">No invitations are waiting.</p>
          ) : (
            <ul className="divide-y divide-slate-200 dark:divide-slate-700">
              {members.data.invitations.map((invitation) => (
                <li key={invitation.id} className="flex flex-wrap items-center gap-3 py-2">
                  <div className="min-w-0 flex-1">
                    <p className="truncate">{invitation.email}</p>
                    <p className="text-xs text-slate-500">
                      {roleLabels[invitation.role]} · invited {formatDate(invitation.createdAt)}
                    </p>
                  </div>
                  {manage.allowed && (
                    <Button variant="secondary" onClick={() => void run(() => withdrawInvitation(shop.id, invitation.id), `Invitation to ${invitation.email} withdrawn`, members.reload)}>
                      Withdraw
                    </Button>
                  )}
                </li>
              ))}
            </ul>
          )}
          {shop.role === 'owner' && <InviteForm shopId={shop.id} permission={manage} onInvited={members.reload} />}
        </>
      )}
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => {
          if (!open) setRemoving(null);
        }}
        title={`Remove ${removing ? memberName(removing) : 'this member'}?`}
        description="They lose access to this shop and its data. You can invite them again later."
        confirmLabel="Remove"
        destructive
        onConfirm={async () => {
          if (!removing) return;
          await removeMember(shop.id, removing.uid);
          notify.success(`${memberName(removing)} removed`);
          members.reload();
        }}
      />
    </section>
  );
}

/** A first sync's progress (the shop comes in pages), read again as each page is announced. */
export function PullProgressBar({ pulling }: { pulling: { pulled: number; remaining: number } }) {
  const { percent, text } = pullProgressView(pulling);
  return (
    <div className="w-full space-y-1">
      <progress className="h-2 w-full" value={percent} max={100} aria-label="Downloading the shop to this device" />
      <p className="text-sm text-slate-600 dark:text-slate-400">
        Downloading the shop to this device: {text} ({percent}%).
      </p>
    </div>
  );
}

function TeamScreen() {
  const online = useOnline();
  const { user } = useAuth();
  const mine = useLoad('shops', getMyShops);
  const chosen = useLoad('chosen', getChosenShop);
  // The worker's status says when the account was found removed from the shop it worked on.
  const status = useLoad('status', getSyncStatus);
  // What this device could start an empty chosen shop with.
  const ownData = useLoad('own-data', getOwnDataCounts);
  const { reload: reloadChosen } = chosen;
  const { reload: reloadStatus } = status;
  const { reload: reloadOwnData } = ownData;
  useEffect(() => {
    const reload = () => {
      reloadChosen();
      reloadStatus();
      reloadOwnData();
    };
    const stopShop = onChosenShopChange(reload);
    // A removal drops the copy and announces every resource.
    const stopChanges = onAnyChange(reload);
    return () => {
      stopShop();
      stopChanges();
    };
  }, [reloadChosen, reloadStatus, reloadOwnData]);
  const [switching, setSwitching] = useState(false);
  const serverPermission = canUseServer(online);
  const switchReasonId = useId();

  const switchTo = async (shop: Shop | null) => {
    if (switching) return;
    setSwitching(true);
    try {
      if (shop) await chooseShop(shop.id, shop.name);
      else await leaveChosenShop();
      announceChosenShopChange();
      notify.success(shop ? `This device now works on ${shop.name}` : 'This device now works on its own data only');
      chosen.reload();
    } catch (error) {
      notify.error(messageOf(error));
    } finally {
      setSwitching(false);
    }
  };

  const shops = mine.data?.shops ?? [];
  const chosenId = chosen.data?.shopId ?? null;
  const current = shops.find((shop) => shop.id === chosenId);

  return (
    <div className="space-y-4">
      {!online && (
        <p role="status" className="rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900 dark:border-amber-900 dark:bg-amber-950 dark:text-amber-200">
          You are offline. Team changes need a connection; your shop’s data keeps working on this device.
        </p>
      )}
      {status.data?.removed && <ShopRemovalNotice removed={status.data.removed} />}
      <section aria-labelledby="team-device-heading" className={cardClass}>
        <h3 id="team-device-heading" className="text-lg font-semibold">
          This device
        </h3>
        {chosen.error ? (
          <ErrorState message={chosen.error.message} onRetry={chosen.reload} />
        ) : chosen.data === undefined ? (
          <PageLoading />
        ) : chosenId ? (
          <div className="flex flex-wrap items-center gap-3">
            <p className="flex-1">
              Works on <strong>{current?.name ?? (mine.data ? 'a shop you are no longer a member of' : 'a shared shop')}</strong>, synced with the shop server.
            </p>
            <Button variant="secondary" disabled={switching} onClick={() => void switchTo(null)}>
              Use this device only
            </Button>
            {status.data?.pulling && <PullProgressBar pulling={status.data.pulling} />}
            {ownData.data?.canUpload && online && <UploadNow counts={ownData.data} shopName={current?.name ?? 'This shop'} onDone={ownData.reload} />}
          </div>
        ) : (
          <p>Works on its own data only (nothing is shared). Choose a shop below to work with your team.</p>
        )}
      </section>

      <section aria-labelledby="team-shops-heading" className={cardClass}>
        <h3 id="team-shops-heading" className="text-lg font-semibold">
          Your shops
        </h3>
        {mine.error ? (
          <ErrorState message={mine.error.message} onRetry={mine.reload} />
        ) : !mine.data ? (
          <PageLoading />
        ) : (
          <>
            {shops.length === 0 ? (
              <EmptyState message="You are not a member of any shop yet. Create one, or accept an invitation." />
            ) : (
              <ul className="divide-y divide-slate-200 dark:divide-slate-700">
                {shops.map((shop) => (
                  <li key={shop.id} className="flex flex-wrap items-center gap-3 py-2">
                    <div className="min-w-0 flex-1">
                      <p className="truncate font-medium">{shop.name}</p>
                      <p className="text-xs text-slate-500">{roleLabels[shop.role]}</p>
                    </div>
                    {shop.id === chosenId ? (
                      <span className="text-sm font-medium text-emerald-700 dark:text-emerald-400">On this device</span>
                    ) : (
                      <Button
                        variant="secondary"
                        disabled={switching || !serverPermission.allowed}
                        aria-describedby={serverPermission.allowed ? undefined : switchReasonId}
                        onClick={() => void switchTo(shop)}
                      >
                        Use on this device
                      </Button>
                    )}
                  </li>
                ))}
              </ul>
            )}
            <Reason id={switchReasonId} permission={serverPermission} />
            {mine.data.invitations.length > 0 && (
              <>
                <h4 className="font-semibold">Invitations for you</h4>
                <ul className="divide-y divide-slate-200 dark:divide-slate-700">
                  {mine.data.invitations.map((invitation) => (
                    <li key={invitation.id} className="flex flex-wrap items-center gap-3 py-2">
                      <div className="min-w-0 flex-1">
                        <p className="truncate font-medium">{invitation.shopName}</p>
                        <p className="text-xs text-slate-500">
                          As {roleLabels[invitation.role].toLowerCase()} · {formatDate(invitation.createdAt)}
                        </p>
                      </div>
                      <Button
                        variant="primary"
                        disabled={!serverPermission.allowed}
                        onClick={() => void run(() => acceptInvitation(invitation.id), `You joined ${invitation.shopName}`, mine.reload)}
                      >
                        Accept
                      </Button>
                    </li>
                  ))}
                </ul>
              </>
            )}
            <CreateShopForm
              online={online}
              onCreated={() => {
                mine.reload();
                chosen.reload();
              }}
            />
          </>
        )}
      </section>

      {current && <MembersSection shop={current} online={online} myUid={user?.uid} />}
    </div>
  );
}

/** Settings → Team (team builds only): shops, invitations, which shop this device works on, members. */
export function TeamSettingsPage() {
  return (
    <SettingsSection title="Team" description={`Share a shop with your team: each device keeps working offline and syncs with ${shopServerUrl ? 'the shop server' : 'a shop server'} when it can.`}>
      {shopServerUrl ? <TeamScreen /> : <p>This build has no shop server: everything is kept on this device.</p>}
    </SettingsSection>
  );
}
