import { useId, type Ref } from 'react';
import { focusRing } from '@/components/layout/styles';

interface SwitchFieldProps {
  label: string;
  /** A line under the label saying what on and off mean. */
  description?: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  onBlur?: () => void;
  ref?: Ref<HTMLButtonElement>;
}

/** An on/off switch (the ARIA switch pattern): a button with role="switch" and aria-checked. */
export function SwitchField({ label, description, checked, onChange, onBlur, ref }: SwitchFieldProps) {
  const switchId = useId();
  return (
    <div className="flex items-center justify-between gap-4">
      <div>
        <label htmlFor={switchId} className="block text-sm font-medium">
          {label}
        </label>
        {description && (
          <p id={`${switchId}-description`} className="text-sm text-slate-600 dark:text-slate-400">
            {description}
          </p>
        )}
      </div>
      <button
        ref={ref}
        id={switchId}
        type="button"
        role="switch"
        aria-checked={checked}
        aria-describedby={description ? `${switchId}-description` : undefined}
        onClick={() => onChange(!checked)}
        onBlur={onBlur}
        className={`relative inline-flex h-6 w-11 shrink-0 items-center rounded-full bg-slate-300 transition-colors aria-checked:bg-indigo-600 dark:bg-slate-600 dark:aria-checked:bg-indigo-500 ${focusRing}`}
      >
        <span
          aria-hidden="true"
          className={`inline-block size-5 rounded-full bg-white shadow transition-transform motion-reduce:transition-none ${checked ? 'translate-x-5.5 rtl:-translate-x-5.5' : 'translate-x-0.5 rtl:-translate-x-0.5'}`}
        />
      </button>
    </div>
  );
}
