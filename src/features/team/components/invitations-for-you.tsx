import type { MyInvitation } from '@domain/contract/sync-protocol';
import { Button } from '@/components/button';
import { runAction } from '@/lib/run-action';
import { acceptInvitation } from '../api';
import { formatDate } from '../data/format';
import { roleLabels, type Permission } from '../data/permissions';

/** Invitations waiting for the signed-in user's email, to accept (none: nothing shown). */
export function InvitationsForYou({ invitations, permission, onAccepted }: { invitations: readonly MyInvitation[]; permission: Permission; onAccepted: () => void }) {
  if (invitations.length === 0) return null;
  return (
    <>
      <h4 className="font-semibold">Invitations for you</h4>
      <ul className="divide-y divide-slate-200 dark:divide-slate-700">
        {invitations.map((invitation) => (
          <li key={invitation.id} className="flex flex-wrap items-center gap-3 py-2">
            <div className="min-w-0 flex-1">
              <p className="truncate font-medium">{invitation.shopName}</p>
              <p className="text-xs text-slate-500">
                As {roleLabels[invitation.role].toLowerCase()} · {formatDate(invitation.createdAt)}
              </p>
            </div>
            <Button variant="primary" disabled={!permission.allowed} onClick={() => void runAction(() => acceptInvitation(invitation.id), `You joined ${invitation.shopName}`, onAccepted)}>
              Accept
            </Button>
          </li>
        ))}
      </ul>
    </>
  );
}
