import { useEffect, useLayoutEffect, useRef, useState } from 'react';

/** How long typing pauses before the list asks again. */
export const SEARCH_DEBOUNCE_MS = 300;

interface SearchInputProps {
  label: string;
  placeholder: string;
  /** The search in the URL. */
  value: string;
  /** Called once typing pauses, with the trimmed text. */
  onSearch: (value: string) => void;
}

/**
 * Search as you type: the text is local while typing and reaches the list (and the URL)
 * after a pause. The pause is timed from the keystroke itself (the change handler starts
 * the timer, not an effect after the re-render). The input stays mounted, so it keeps
 * focus while the rows update.
 */
export function SearchInput({ label, placeholder, value, onSearch }: SearchInputProps) {
  const [text, setText] = useState(value);
  const sent = useRef(value);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  // The timer calls the newest onSearch (it closes over the list's current URL state).
  const search = useRef(onSearch);
  useLayoutEffect(() => {
    search.current = onSearch;
  });
  // The URL changed by other means (Clear filters, back/forward): show it, and drop the pause in progress.
  useEffect(() => {
    if (value !== sent.current) {
      sent.current = value;
      clearTimeout(timer.current);
      setText(value);
    }
  }, [value]);
  useEffect(() => () => clearTimeout(timer.current), []);

  const change = (next: string) => {
    setText(next);
    clearTimeout(timer.current);
    const trimmed = next.trim();
    if (trimmed === sent.current) return;
    timer.current = setTimeout(() => {
      sent.current = trimmed;
      search.current(trimmed);
    }, SEARCH_DEBOUNCE_MS);
  };

  return (
    <input
      type="search"
      aria-label={label}
      placeholder={placeholder}
      value={text}
      maxLength={200}
      onChange={(e) => change(e.target.value)}
      className="input w-full sm:w-72"
    />
  );
}
