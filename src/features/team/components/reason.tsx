import type { Permission } from '../data/permissions';

/** Why a control is disabled, tied to it with aria-describedby. */
export function Reason({ id, permission }: { id: string; permission: Permission }) {
  if (permission.allowed) return null;
  return (
    <p id={id} className="text-sm text-slate-600 dark:text-slate-400">
      {permission.reason}
    </p>
  );
}
