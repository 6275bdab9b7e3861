import { useId, type TextareaHTMLAttributes } from 'react';
import { FieldShell, errorAttributes } from '@/components/form-field';

interface TextAreaFieldProps extends TextareaHTMLAttributes<HTMLTextAreaElement> {
  label: string;
  error?: string | undefined;
}

/** A labelled multi-line text box with its inline error (`FormField` for longer text). */
export function TextAreaField({ label, error, id, rows = 4, ...textarea }: TextAreaFieldProps) {
  const generated = useId();
  const textareaId = id ?? generated;
  return (
    <FieldShell controlId={textareaId} label={label} error={error}>
      <textarea id={textareaId} rows={rows} className="input block w-full" {...errorAttributes(textareaId, error)} {...textarea} />
    </FieldShell>
  );
}
