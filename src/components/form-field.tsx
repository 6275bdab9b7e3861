import { useId, type InputHTMLAttributes, type ReactNode } from 'react';

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

/** A hint's id: `controlId` plus `-hint` (what `FieldShell` gives the hint it shows). */
export const hintId = (controlId: string) => `${controlId}-hint`;

interface FieldShellProps {
  /** The control's id: the label points at it and its error and hint are named after it. */
  controlId: string;
  label: string;
  error: string | undefined;
  /** Said under the control (its id: `hintId(controlId)`, for the control's aria-describedby). */
  hint?: string | undefined;
  /** For a control whose list pops up below it (positioned against this box). */
  popup?: boolean;
  children: ReactNode;
}

/** A control's label above it, and its hint and inline error below: every form field's frame. */
export function FieldShell({ controlId, label, error, hint, popup = false, children }: FieldShellProps) {
  return (
    <div className={popup ? 'relative space-y-1' : 'space-y-1'}>
      <label htmlFor={controlId} className="block text-sm font-medium">
        {label}
      </label>
      {children}
      {hint && (
        <p id={hintId(controlId)} className="text-xs text-slate-500 dark:text-slate-400">
          {hint}
        </p>
      )}
      <FieldError controlId={controlId} error={error} />
    </div>
  );
}

/** A labelled input with its inline error, wired for screen readers. */
export function FormField({ label, error, id, ...input }: FormFieldProps) {
  const generated = useId();
  const inputId = id ?? generated;
  return (
    <FieldShell controlId={inputId} label={label} error={error}>
      <input id={inputId} className="input w-full" {...errorAttributes(inputId, error)} {...input} />
    </FieldShell>
  );
}
