import { useId, type Ref } from 'react';
import { FieldShell, errorAttributes, hintId } from '@/components/form-field';
import { maskCardNumber } from './card-number';
import { useT } from '@/i18n/i18n';

interface CardNumberFieldProps {
  label: string;
  /** Always masked ("**** 4242" or ''). */
  value: string;
  onChange: (masked: string) => void;
  onBlur?: () => void;
  error?: string | undefined;
  name?: string;
  required?: boolean;
  ref?: Ref<HTMLInputElement>;
}

/**
 * A card number box that keeps only the last four digits: every keystroke or paste is masked
 * at once, so the page (and the form's values, its draft, the request) never holds a full
 * number. Typing more digits rolls the last four along.
 */
export function CardNumberField({ label, value, onChange, onBlur, error, name, required, ref }: CardNumberFieldProps) {
  const t = useT('common');
  const inputId = useId();
  const errorProps = errorAttributes(inputId, error);
  return (
    <FieldShell controlId={inputId} label={label} error={error} hint={t('common.cardNumber.hint')}>
      <input
        ref={ref}
        id={inputId}
        name={name}
        type="text"
        inputMode="numeric"
        // Not "cc-number": the browser should neither offer nor remember full card numbers here.
        autoComplete="off"
        spellCheck={false}
        placeholder="**** 1234"
        aria-required={required || undefined}
        className="input w-full font-mono"
        {...errorProps}
        aria-describedby={[hintId(inputId), errorProps['aria-describedby']].filter(Boolean).join(' ')}
        value={value}
        onChange={(event) => onChange(maskCardNumber(event.target.value))}
        onBlur={onBlur}
      />
    </FieldShell>
  );
}
