import { useId, type SelectHTMLAttributes } from 'react';
import { FieldShell, errorAttributes } from '@/components/form-field';

interface SelectFieldProps extends SelectHTMLAttributes<HTMLSelectElement> {
  label: string;
  error?: string | undefined;
  options: ReadonlyArray<{ value: string; label: string }>;
}

/** A labelled native select (the phone's own picker) with its inline error. */
export function SelectField({ label, error, options, id, ...select }: SelectFieldProps) {
  const generated = useId();
  const selectId = id ?? generated;
  return (
    <FieldShell controlId={selectId} label={label} error={error}>
      <select id={selectId} className="input w-full" {...errorAttributes(selectId, error)} {...select}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </FieldShell>
  );
}
