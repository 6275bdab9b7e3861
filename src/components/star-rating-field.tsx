import { useId, type Ref } from 'react';
import { FieldError } from './form-field';
import { StarShape, starsLabel } from './star-icons';
import { useT } from '@/i18n/i18n';

interface StarRatingFieldProps {
  /** 0: none chosen yet. */
  value: number;
  onChange: (rating: number) => void;
  onBlur: () => void;
  name: string;
  /** Focused when the rating is invalid on submit. */
  inputRef: Ref<HTMLInputElement>;
  error: string | undefined;
}

/**
 * The "Rating" radio group: five native radios ("1 star" … "5 stars"), so arrow keys and
 * screen readers work as for any radio group, drawn as stars filled up to the chosen one.
 */
export function StarRatingField({ value, onChange, onBlur, name, inputRef, error }: StarRatingFieldProps) {
  const t = useT('common');
  const errorId = useId();
  return (
    <fieldset aria-describedby={error ? `${errorId}-error` : undefined} className="space-y-1">
      <legend className="text-sm font-medium">{t('common.rating.label')}</legend>
      <div className="flex gap-1">
        {[1, 2, 3, 4, 5].map((stars) => (
          <label key={stars} className="cursor-pointer rounded-md p-0.5 has-focus-visible:ring-2 has-focus-visible:ring-indigo-500">
            <input
              // Focus on an error goes to the chosen star, or the first.
              ref={stars === Math.max(value, 1) ? inputRef : undefined}
              type="radio"
              name={name}
              value={stars}
              checked={value === stars}
              onChange={() => onChange(stars)}
              onBlur={onBlur}
              aria-invalid={error ? true : undefined}
              className="sr-only"
            />
            <span className="sr-only">{starsLabel(stars)}</span>
            <StarShape className={`size-7 ${stars <= value ? 'fill-amber-400' : 'fill-slate-300 dark:fill-slate-600'}`} />
          </label>
        ))}
      </div>
      <FieldError controlId={errorId} error={error} />
    </fieldset>
  );
}
