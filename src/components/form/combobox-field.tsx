import { useEffect, useId, useMemo, useState, type KeyboardEvent, type Ref } from 'react';
import { FieldShell, errorAttributes } from '@/components/form-field';

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
  const inputId = useId();
  const listId = `${inputId}-list`;
  const optionId = (index: number) => `${inputId}-option-${index}`;
  const [query, setQuery] = useState(value);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);

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

  useEffect(() => {
    if (open && active >= 0) document.getElementById(optionId(active))?.scrollIntoView({ block: 'nearest' });
  });

  const openAt = (index: number) => {
    setOpen(true);
    setActive(index);
  };
  const pick = (option: string) => {
    onChange(option);
    setQuery(option);
    setOpen(false);
    setActive(-1);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const last = matches.length - 1;
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        if (!open) openAt(Math.max(matches.indexOf(value), 0));
        else setActive(active >= last ? 0 : active + 1);
        break;
      case 'ArrowUp':
        event.preventDefault();
        if (!open) openAt(matches.indexOf(value) >= 0 ? matches.indexOf(value) : last);
        else setActive(active <= 0 ? last : active - 1);
        break;
      case 'Enter': {
        const option = matches[active];
        // Open with a highlighted match: Enter picks it rather than submitting the form.
        if (open && option !== undefined) {
          event.preventDefault();
          pick(option);
        }
        break;
      }
      case 'Escape':
        if (open) {
          event.preventDefault();
          setOpen(false);
        } else setQuery(value);
        break;
    }
  };

  const commitOnLeave = () => {
    setOpen(false);
    setActive(-1);
    const typed = query.trim().toLowerCase();
    const exact = options.find((option) => option.toLowerCase() === typed);
    if (typed === '') onChange('');
    else if (exact !== undefined) pick(exact);
    else setQuery(value);
    onBlur?.();
  };

  const activeOption = open && active >= 0 && active < matches.length ? optionId(active) : undefined;
  return (
    <FieldShell controlId={inputId} label={label} error={error} popup>
      <input
        ref={ref}
        id={inputId}
        name={name}
        type="text"
        role="combobox"
        autoComplete="off"
        aria-autocomplete="list"
        aria-expanded={open}
        aria-controls={listId}
        aria-activedescendant={activeOption}
        aria-required={required || undefined}
        placeholder={placeholder}
        className="input w-full"
        {...errorAttributes(inputId, error)}
        value={query}
        onChange={(event) => {
          setQuery(event.target.value);
          openAt(0);
        }}
        onClick={() => !open && openAt(Math.max(matches.indexOf(value), 0))}
        onKeyDown={onKeyDown}
        onBlur={commitOnLeave}
      />
      <ul
        id={listId}
        role="listbox"
        aria-label={label}
        hidden={!open}
        className="absolute inset-x-0 top-full z-20 mt-1 max-h-60 overflow-y-auto rounded-md border border-slate-200 bg-white py-1 text-sm shadow-lg dark:border-slate-700 dark:bg-slate-900"
      >
        {matches.map((option, index) => (
          <li
            key={option}
            id={optionId(index)}
            role="option"
            aria-selected={option === value}
            // Keeps focus in the box, so its blur does not undo the pick.
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => pick(option)}
            className={`cursor-default px-3 py-1.5 aria-selected:font-semibold ${
              index === active ? 'bg-indigo-600 text-white' : 'hover:bg-slate-100 dark:hover:bg-slate-800'
            }`}
          >
            {option}
          </li>
        ))}
      </ul>
      {open && matches.length === 0 && (
        <p role="status" className="absolute inset-x-0 top-full z-20 mt-1 rounded-md border border-slate-200 bg-white px-3 py-1.5 text-sm text-slate-500 shadow-lg dark:border-slate-700 dark:bg-slate-900 dark:text-slate-400">
          No {label.toLowerCase()} matches “{query.trim()}”
        </p>
      )}
    </FieldShell>
  );
}
