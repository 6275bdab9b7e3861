import { useEffect, useRef, useState } from 'react';

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
 * Search as you type: the text is local while typing and reaches the URL (and the list)
 * after a pause. The input stays mounted, so it keeps focus while the rows update.
 */
export function SearchInput({ label, placeholder, value, onSearch }: SearchInputProps) {
  const [text, setText] = useState(value);
  const sent = useRef(value);
  // The URL changed by other means (Clear filters, back/forward): show it.
  useEffect(() => {
    if (value !== sent.current) {
      sent.current = value;
      setText(value);
    }
  }, [value]);
  useEffect(() => {
    const trimmed = text.trim();
    if (trimmed === sent.current) return;
    const timer = setTimeout(() => {
      sent.current = trimmed;
      onSearch(trimmed);
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, onSearch]);
  return (
    <input
      type="search"
      aria-label={label}
      placeholder={placeholder}
      value={text}
      maxLength={200}
      onChange={(e) => setText(e.target.value)}
      className="input w-full sm:w-72"
    />
  );
}
