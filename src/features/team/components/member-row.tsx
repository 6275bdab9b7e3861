import type { Member, Shop } from '@domain/contract/sync-protocol';
import { Button } from '@/components/button';
import { useT } from '@/i18n/i18n';
import { runAction } from '@/lib/run-action';
import { changeRole } from '../api';
import { formatDate, memberName } from '../data/format';
import { canChangeRole, canRemoveMember, roleLabels, type Permission } from '../data/permissions';
import { RoleSelect } from './role-select';

/** A member, since when; an owner changes their role here and starts their removal. */
export function MemberRow({ shop, member, members, manage, online, isYou, onChanged, onRemove }: {
  shop: Shop;
  member: Member;
  members: readonly Member[];
  /** Whether the caller manages the shop's members (then the row offers the changes). */
  manage: Permission;
  online: boolean;
  isYou: boolean;
  onChanged: () => void;
  onRemove: (member: Member) => void;
}) {
  const t = useT('team');
  const change = canChangeRole(shop.role, member, members, online);
  const remove = canRemoveMember(shop.role, member, members, online);
  const name = memberName(member);
  return (
    <li className="flex flex-wrap items-center gap-3 py-2">
      <div className="min-w-0 flex-1">
        <p className="truncate font-medium">
          <span translate="no">{name}</span>
          {isYou && <span className="text-slate-500">{` ${t('team.member.you')}`}</span>}
        </p>
        <p className="text-xs text-slate-500">{t('team.member.joined', { date: formatDate(member.joinedAt) })}</p>
        {manage.allowed && !change.allowed && <p className="text-xs text-slate-600 dark:text-slate-400">{change.reason}</p>}
      </div>
      {manage.allowed ? (
        <>
          <RoleSelect
            label={t('team.member.roleOf', { name })}
            value={member.role}
            disabled={!change.allowed}
            onChange={(role) => void runAction(() => changeRole(shop.id, member.uid, role), t('team.member.roleChanged', { name, role }), onChanged)}
          />
          <Button variant="secondary" disabled={!remove.allowed} onClick={() => onRemove(member)}>
            {t('team.members.remove')}
          </Button>
        </>
      ) : (
        <span className="text-sm">{roleLabels[member.role]}</span>
      )}
    </li>
  );
}
