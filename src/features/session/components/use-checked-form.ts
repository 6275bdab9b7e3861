import { useRef, useState, type ChangeEvent, type FormEvent } from 'react';

type FieldValue = string | boolean;

/** What a zod (or zod/mini) schema's safeParse answers, as far as the form needs it. */
interface SafeParse<Output> {
  safeParse(value: unknown): { success: true; data: Output } | { success: false; error: { issues: ReadonlyArray<{ path: PropertyKey[]; message: string }> } };
}

/** The first message per top-level field. */
function fieldErrors(issues: ReadonlyArray<{ path: PropertyKey[]; message: string }>): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const field = String(issue.path[0] ?? '');
    errors[field] ??= issue.message;
  }
  return errors;
}

/**
 * A small controlled form checked by a zod/mini schema, for the sign-in page: the first screen
 * cannot afford react-hook-form (~13 KB gzip), which the other session forms and the app keep.
 * As react-hook-form does by default: checked on submit, then again on every change; the first
 * invalid field gets focus; one submit at a time.
 */
export function useCheckedForm<Values extends Record<string, FieldValue>, Output>(schema: SafeParse<Output>, defaults: Values) {
  const [values, setValues] = useState<Values>(defaults);
  // The newest values, for several changes in one event (e.g. "Use the demo account").
  const latest = useRef(values);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [submitting, setSubmitting] = useState(false);
  const submitted = useRef(false);
  const busy = useRef(false);

  const setValue = <Name extends keyof Values & string>(name: Name, value: Values[Name]) => {
    const next = { ...latest.current, [name]: value };
    latest.current = next;
    setValues(next);
    if (submitted.current) {
      const result = schema.safeParse(next);
      setErrors(result.success ? {} : fieldErrors(result.error.issues));
    }
  };

  const text = <Name extends keyof Values & string>(name: Name) => ({
    name,
    value: String(values[name]),
    onChange: (event: ChangeEvent<HTMLInputElement>) => setValue(name, event.target.value as Values[Name]),
  });

  const checkbox = <Name extends keyof Values & string>(name: Name) => ({
    name,
    checked: Boolean(values[name]),
    onChange: (event: ChangeEvent<HTMLInputElement>) => setValue(name, event.target.checked as Values[Name]),
  });

  const handleSubmit = (onValid: (data: Output) => Promise<void>) => async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy.current) return;
    submitted.current = true;
    const result = schema.safeParse(latest.current);
    if (!result.success) {
      const found = fieldErrors(result.error.issues);
      setErrors(found);
      const first = Object.keys(found)[0];
      const control = first ? event.currentTarget.elements.namedItem(first) : null;
      if (control instanceof HTMLElement) control.focus();
      return;
    }
    setErrors({});
    busy.current = true;
    setSubmitting(true);
    try {
      await onValid(result.data);
    } finally {
      busy.current = false;
      setSubmitting(false);
    }
  };

  return { values, errors, submitting, setValue, text, checkbox, handleSubmit };
}
