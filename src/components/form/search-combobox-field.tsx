import { useEffect, useState, type ReactNode, type Ref } from 'react';
import { FieldShell } from '@/components/form-field';
import { comboboxListClass, comboboxNoteClass, useCombobox } from './use-combobox';
import { t as translate, useT } from '@/i18n/i18n';

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
  const t = useT('common');
  const [text, setText] = useState(value);
  const [results, setResults] = useState<Results<Option> | null>(null);

  // A value set from outside (a pick elsewhere, reset, a restored draft) shows in the box.
  const [shownValue, setShownValue] = useState(value);
  if (value !== shownValue) {
    setShownValue(value);
    setText(value);
  }

  const query = text.trim();
  const options = results && 'options' in results ? results.options : [];
  const resultsShown = results !== null && results.text === query;
  const combobox = useCombobox({
    count: options.length,
    ready: resultsShown,
    onPick: (index) => {
      const option = options[index];
      if (option !== undefined) pick(option);
    },
    // Without free text only a pick changes the value: what was typed gives way to it.
    onEscapeClosed: () => !freeText && setText(value),
    field: { name, placeholder, required, error, hint },
  });
  const { inputId, listId, open, openAt, close } = combobox;
  const statusId = `${inputId}-status`;
  const searching = open && !resultsShown;

  // While open, search the text after a pause; a newer text aborts the older request.
  useEffect(() => {
    if (!open) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      search(query, controller.signal).then(
        (options) => !controller.signal.aborted && setResults({ text: query, options }),
        (e: unknown) => !controller.signal.aborted && setResults({ text: query, error: e instanceof Error ? e.message : translate('common.combobox.searchFailedUnknown') }),
      );
    }, SEARCH_DELAY_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [open, query, search]);

  function pick(option: Option) {
    const picked = optionLabel(option);
    onPick(option);
    setText(picked);
    setShownValue(picked);
    close();
  }

  const leave = () => {
    close();
    // Without free text only a pick changes the value: what was typed gives way to it.
    if (!freeText) setText(value);
    onBlur?.();
  };

  const status = !open
    ? ''
    : searching
      ? t('common.combobox.searching')
      : results && 'error' in results
        ? t('common.combobox.searchFailed', { reason: results.error })
        : options.length === 0
          ? query
            ? t('common.combobox.noMatch', { query })
            : t('common.combobox.nothingToChoose')
          : t('common.combobox.matches', { count: options.length });

  return (
    <FieldShell controlId={inputId} label={label} error={error} hint={hint} popup>
      <input
        ref={ref}
        {...combobox.inputProps}
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          if (freeText) onTextChange?.(event.target.value);
          openAt(-1);
        }}
        onClick={() => !open && openAt(-1)}
        onBlur={leave}
      />
      <ul
        id={listId}
        role="listbox"
        aria-label={label}
        aria-busy={searching || undefined}
        hidden={!open || searching || options.length === 0}
        className={`${comboboxListClass} max-h-64`}
      >
        {!searching &&
          options.map((option, index) => (
            <li key={optionKey(option)} {...combobox.optionProps(index)} aria-selected={index === combobox.active} onClick={() => pick(option)}>
              {renderOption ? renderOption(option) : optionLabel(option)}
            </li>
          ))}
      </ul>
      {open && (searching || options.length === 0) && (
        <p aria-hidden="true" className={comboboxNoteClass}>
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
