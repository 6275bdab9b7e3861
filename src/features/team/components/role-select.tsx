import type { Role } from '@domain/contract/sync-protocol';
import { isRole } from '@domain/contract/sync-protocol/roles';
import { roleLabels, rolesMostFirst } from '../data/permissions';

/** A role picker, owner first. */
export function RoleSelect({ value, onChange, disabled, label, describedBy }: { value: Role; onChange: (role: Role) => void; disabled?: boolean; label: string; describedBy?: string }) {
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
