import { useId, useState, type FormEvent } from 'react';
import type { Role } from '@domain/contract/sync-protocol';
import { Button } from '@/components/button';
import { useT } from '@/i18n/i18n';
import { useAction } from '@/lib/run-action';
import { inviteMember } from '../api';
import { roleDescriptions, roleLabels, type Permission } from '../data/permissions';
import { Reason } from './reason';
import { RoleSelect } from './role-select';

/** An owner's invitation by email, with the role the person gets and what it allows. */
export function InviteForm({ shopId, permission, onInvited }: { shopId: string; permission: Permission; onInvited: () => void }) {
  const t = useT('team');
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<Role>('staff');
  const { busy, run } = useAction();
  const emailId = useId();
  const reasonId = useId();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const address = email.trim();
    if (!address || !permission.allowed) return;
    await run(() => inviteMember(shopId, address, role), t('team.invite.sent', { email: address }), () => {
      setEmail('');
      onInvited();
    });
  };
  return (
    <form className="space-y-2" onSubmit={(event) => void submit(event)} aria-label={t('team.invite.label')}>
      <label htmlFor={emailId} className="block text-sm font-medium">
        {t('team.invite.label')}
      </label>
      <div className="flex flex-wrap gap-2">
        <input id={emailId} type="email" className="input min-w-0 flex-1" value={email} required disabled={!permission.allowed} aria-describedby={permission.allowed ? undefined : reasonId} onChange={(event) => setEmail(event.target.value)} />
        <RoleSelect label={t('team.invite.roleLabel')} value={role} onChange={setRole} disabled={!permission.allowed} />
        <Button type="submit" variant="primary" disabled={busy || !permission.allowed || !email.trim()}>
          {t('team.invite.button', { busy: busy ? 'yes' : 'no' })}
        </Button>
      </div>
      <p className="text-sm text-slate-600 dark:text-slate-400">{t('team.invite.roleHint', { role: roleLabels[role], description: roleDescriptions[role] })}</p>
      <Reason id={reasonId} permission={permission} />
    </form>
  );
}
