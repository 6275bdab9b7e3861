import { useEffect, useId, useState, type KeyboardEvent, type ReactNode, type Ref } from 'react';
import { FieldShell, errorAttributes, hintId } from '@/components/form-field';

/** Typing is searched after this pause, so a fast typist sends one request, not one per key. */
const SEARCH_DELAY_MS = 250;

interface SearchComboboxFieldProps<Option> {
  label: string;
  /** The text in the box: the picked record's name, or (with `freeText`) what was typed. */
  value: string;
  /** Asks the API for the options matching the text (aborted when the text changes again). */
  search: (text: string, signal: AbortSignal) => Promise<readonly Option[]>;
  optionKey: (option: Option) => string | number;
  /** The option's name: shown in the list and put in the box when picked. */
  optionLabel: (option: Option) => string;
  /** Richer content for an option row (an avatar, a price); by default its label. */
  renderOption?: (option: Option) => ReactNode;
  onPick: (option: Option) => void;
  /** Typing is a value of its own (e.g. an item not in the catalogue); without it, leaving the box restores the last pick. */
  freeText?: boolean;
  onTextChange?: (text: string) => void;
  onBlur?: () => void;
  error?: string | undefined;
  name?: string;
  placeholder?: string;
  required?: boolean;
  /** Said under the box (e.g. "Search by name or email"). */
  hint?: string;
  ref?: Ref<HTMLInputElement>;
}

type Results<Option> = { text: string; options: readonly Option[] } | { text: string; error: string };

/**
 * A text box whose list comes from a search as you type (the ARIA 1.2 combobox pattern, like
 * `ComboboxField`, but the options are records the API finds): arrow keys move through the
 * matches, Enter or a click picks one, Escape closes the list. The number of matches is
 * announced to screen readers.
 */
export function SearchComboboxField<Option>({
  label,
  value,
  search,
  optionKey,
  optionLabel,
  renderOption,
  onPick,
  freeText = false,
  onTextChange,
  onBlur,
  error,
  name,
  placeholder,
  required,
  hint,
  ref,
}: SearchComboboxFieldProps<Option>) {
  const inputId = useId();
  const listId = `${inputId}-list`;
  const statusId = `${inputId}-status`;
  const optionId = (index: number) => `${inputId}-option-${index}`;
  const [text, setText] = useState(value);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [results, setResults] = useState<Results<Option> | null>(null);

  // A value set from outside (a pick elsewhere, reset, a restored draft) shows in the box.
  const [shownValue, setShownValue] = useState(value);
  if (value !== shownValue) {
    setShownValue(value);
    setText(value);
  }

  // While open, search the text after a pause; a newer text aborts the older request.
  const query = text.trim();
  useEffect(() => {
    if (!open) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      search(query, controller.signal).then(
        (options) => !controller.signal.aborted && setResults({ text: query, options }),
        (e: unknown) => !controller.signal.aborted && setResults({ text: query, error: e instanceof Error ? e.message : 'Search failed' }),
      );
    }, SEARCH_DELAY_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [open, query, search]);

  const options = results && 'options' in results ? results.options : [];
  const searching = open && (results === null || results.text !== query);

  useEffect(() => {
    if (open && active >= 0) document.getElementById(optionId(active))?.scrollIntoView({ block: 'nearest' });
  });

  const pick = (option: Option) => {
    const picked = optionLabel(option);
    onPick(option);
    setText(picked);
    setShownValue(picked);
    setOpen(false);
    setActive(-1);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const last = options.length - 1;
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        if (!open) setOpen(true);
        else if (last >= 0) setActive(active >= last ? 0 : active + 1);
        break;
      case 'ArrowUp':
        event.preventDefault();
        if (!open) setOpen(true);
        else if (last >= 0) setActive(active <= 0 ? last : active - 1);
        break;
      case 'Enter': {
        const option = options[active];
        // Open with a highlighted match: Enter picks it rather than submitting the form.
        if (open && option !== undefined && !searching) {
          event.preventDefault();
          pick(option);
        }
        break;
      }
      case 'Escape':
        if (open) {
          event.preventDefault();
          setOpen(false);
          setActive(-1);
        } else if (!freeText) setText(value);
        break;
    }
  };

  const leave = () => {
    setOpen(false);
    setActive(-1);
    // Without free text only a pick changes the value: what was typed gives way to it.
    if (!freeText) setText(value);
    onBlur?.();
  };

  const status = !open
    ? ''
    : searching
      ? 'Searching…'
      : results && 'error' in results
        ? `Could not search: ${results.error}`
        : options.length === 0
          ? query
            ? `No matches for “${query}”`
            : 'Nothing to choose from'
          : `${options.length} ${options.length === 1 ? 'match' : 'matches'}`;
  const activeOption = open && !searching && active >= 0 && active < options.length ? optionId(active) : undefined;
  const errorProps = errorAttributes(inputId, error);

  return (
    <FieldShell controlId={inputId} label={label} error={error} hint={hint} popup>
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
        {...errorProps}
        aria-describedby={[hint ? hintId(inputId) : undefined, errorProps['aria-describedby']].filter(Boolean).join(' ') || undefined}
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          if (freeText) onTextChange?.(event.target.value);
          setOpen(true);
          setActive(-1);
        }}
        onClick={() => setOpen(true)}
        onKeyDown={onKeyDown}
        onBlur={leave}
      />
      <ul
        id={listId}
        role="listbox"
        aria-label={label}
        aria-busy={searching || undefined}
        hidden={!open || searching || options.length === 0}
        className="absolute inset-x-0 top-full z-20 mt-1 max-h-64 overflow-y-auto rounded-md border border-slate-200 bg-white py-1 text-sm shadow-lg dark:border-slate-700 dark:bg-slate-900"
      >
        {!searching &&
          options.map((option, index) => (
            <li
              key={optionKey(option)}
              id={optionId(index)}
              role="option"
              aria-selected={index === active}
              // Keeps focus in the box, so its blur does not close the list before the click.
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => pick(option)}
              className={`cursor-default px-3 py-1.5 ${index === active ? 'bg-indigo-600 text-white' : 'hover:bg-slate-100 dark:hover:bg-slate-800'}`}
            >
              {renderOption ? renderOption(option) : optionLabel(option)}
            </li>
          ))}
      </ul>
      {open && (searching || options.length === 0) && (
        <p
          aria-hidden="true"
          className="absolute inset-x-0 top-full z-20 mt-1 rounded-md border border-slate-200 bg-white px-3 py-1.5 text-sm text-slate-500 shadow-lg dark:border-slate-700 dark:bg-slate-900 dark:text-slate-400"
        >
          {status}
        </p>
      )}
      {/* One polite live region for the count and the "no matches" / error messages. */}
      <p id={statusId} role="status" className="sr-only">
        {searching ? '' : status}
      </p>
    </FieldShell>
  );
}
