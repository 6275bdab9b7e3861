import { useMemo, useState, type Ref } from 'react';
import { FieldShell } from '@/components/form-field';
import { comboboxListClass, comboboxNoteClass, useCombobox } from './use-combobox';
import { useT } from '@/i18n/i18n';

export interface ComboboxFieldProps {
  label: string;
  /** The choices; the value is always one of them (or empty). */
  options: readonly string[];
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  error?: string | undefined;
  name?: string;
  placeholder?: string;
  required?: boolean;
  /** The text box (react-hook-form focuses it when the field is invalid). */
  ref?: Ref<HTMLInputElement>;
}

/**
 * A text box that filters a list as you type (the ARIA 1.2 combobox pattern): arrow keys
 * move through the matches, Enter picks one, Escape closes the list or restores the value.
 * Leaving it keeps an exact match (any case) and otherwise goes back to the last pick.
 */
export function ComboboxField({ label, options, value, onChange, onBlur, error, name, placeholder, required, ref }: ComboboxFieldProps) {
  const t = useT('common');
  const [query, setQuery] = useState(value);

  // A value set from outside (reset, a restored draft) shows in the box.
  const [shownValue, setShownValue] = useState(value);
  if (value !== shownValue) {
    setShownValue(value);
    setQuery(value);
  }

  const matches = useMemo(() => {
    const needle = query.trim().toLowerCase();
    // Just opened on the current pick: the whole list, so the neighbours are one key away.
    if (needle === '' || query === value) return options;
    return options.filter((option) => option.toLowerCase().includes(needle));
  }, [options, query, value]);

  const pickedIndex = matches.indexOf(value);
  const combobox = useCombobox({
    count: matches.length,
    // ↓/↑ open the list on the current pick (or its first/last option).
    openingIndex: (key) => (pickedIndex >= 0 ? pickedIndex : key === 'ArrowUp' ? matches.length - 1 : 0),
    onPick: (index) => pick(matches[index] ?? value),
    onEscapeClosed: () => setQuery(value),
    field: { name, placeholder, required, error },
  });
  const { inputId, listId, open, openAt, close } = combobox;

  function pick(option: string) {
    onChange(option);
    setQuery(option);
    close();
  }

  const commitOnLeave = () => {
    close();
    const typed = query.trim().toLowerCase();
    const exact = options.find((option) => option.toLowerCase() === typed);
    if (typed === '') onChange('');
    else if (exact !== undefined) pick(exact);
    else setQuery(value);
    onBlur?.();
  };

  return (
    <FieldShell controlId={inputId} label={label} error={error} popup>
      <input
        ref={ref}
        {...combobox.inputProps}
        value={query}
        onChange={(event) => {
          setQuery(event.target.value);
          openAt(0);
        }}
        onClick={() => !open && openAt(Math.max(pickedIndex, 0))}
        onBlur={commitOnLeave}
      />
      <ul id={listId} role="listbox" aria-label={label} hidden={!open} className={`${comboboxListClass} max-h-60`}>
        {matches.map((option, index) => (
          <li key={option} {...combobox.optionProps(index, 'aria-selected:font-semibold')} aria-selected={option === value} onClick={() => pick(option)}>
            {option}
          </li>
        ))}
      </ul>
      {open && matches.length === 0 && (
        <p role="status" className={comboboxNoteClass}>
          {t('common.combobox.noMatch', { query: query.trim() })}
        </p>
      )}
    </FieldShell>
  );
}
