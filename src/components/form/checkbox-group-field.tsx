import { useId, type Ref } from 'react';
import { FieldError } from '@/components/form-field';

interface CheckboxGroupFieldProps<Value extends string> {
  /** The group's legend, e.g. "Sizes". */
  label: string;
  options: ReadonlyArray<{ value: Value; label: string }>;
  /** The checked values, in the options' order. */
  value: readonly Value[];
  onChange: (value: Value[]) => void;
  onBlur?: () => void;
  error?: string | undefined;
  /** Shows each option as a colour swatch: the CSS colour of its value (e.g. `blue`). */
  swatches?: boolean;
  /** The first checkbox (react-hook-form focuses it when the field is invalid). */
  ref?: Ref<HTMLInputElement>;
}

/** Several native checkboxes under one legend, whose value is the list of the checked ones. */
export function CheckboxGroupField<Value extends string>({ label, options, value, onChange, onBlur, error, swatches, ref }: CheckboxGroupFieldProps<Value>) {
  const groupId = useId();
  const toggle = (option: Value, checked: boolean) => {
    const next = new Set(value);
    if (checked) next.add(option);
    else next.delete(option);
    onChange(options.map((each) => each.value).filter((each) => next.has(each)));
  };
  return (
    <fieldset aria-describedby={error ? `${groupId}-error` : undefined} className="space-y-2">
      <legend className="text-sm font-medium">{label}</legend>
      <div className="flex flex-wrap gap-2">
        {options.map((option, index) => (
          <label
            key={option.value}
            className="inline-flex min-h-10 cursor-pointer items-center gap-2 rounded-md border border-slate-300 px-3 text-sm has-checked:border-indigo-500 has-checked:bg-indigo-50 has-focus-visible:ring-2 has-focus-visible:ring-indigo-500 dark:border-slate-600 dark:has-checked:bg-indigo-500/15"
          >
            <input
              ref={index === 0 ? ref : undefined}
              type="checkbox"
              value={option.value}
              checked={value.includes(option.value)}
              onChange={(event) => toggle(option.value, event.target.checked)}
              onBlur={onBlur}
              aria-invalid={error ? true : undefined}
              // The swatch shows the state; the box itself stays for the keyboard and screen readers.
              className={swatches ? 'peer sr-only' : 'size-4 accent-indigo-600'}
            />
            {swatches && (
              <span
                aria-hidden="true"
                style={{ backgroundColor: option.value }}
                className="size-5 rounded-full border border-slate-900/20 peer-checked:ring-2 peer-checked:ring-indigo-500 peer-checked:ring-offset-1 dark:border-white/30 dark:ring-offset-slate-900"
              />
            )}
            {option.label}
          </label>
        ))}
      </div>
      <FieldError controlId={groupId} error={error} />
    </fieldset>
  );
}
