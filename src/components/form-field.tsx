import { useId, type InputHTMLAttributes } from 'react';

interface FormFieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  error?: string | undefined;
}

/** The attributes that tie a control to its inline error (`FieldError` with the same id). */
export const errorAttributes = (controlId: string, error: string | undefined) => ({
  'aria-invalid': error ? true : undefined,
  'aria-describedby': error ? `${controlId}-error` : undefined,
});

/** A control's inline error, under it. */
export function FieldError({ controlId, error }: { controlId: string; error: string | undefined }) {
  if (!error) return null;
  return (
    <p id={`${controlId}-error`} className="text-sm text-red-600 dark:text-red-400">
      {error}
    </p>
  );
}

/** A labelled input with its inline error, wired for screen readers. */
export function FormField({ label, error, id, ...input }: FormFieldProps) {
  const generated = useId();
  const inputId = id ?? generated;
  return (
    <div className="space-y-1">
      <label htmlFor={inputId} className="block text-sm font-medium">
        {label}
      </label>
      <input id={inputId} className="input w-full" {...errorAttributes(inputId, error)} {...input} />
      <FieldError controlId={inputId} error={error} />
    </div>
  );
}
