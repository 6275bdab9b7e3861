import { useEffect, useId, useState, type KeyboardEvent, type MouseEvent } from 'react';
import { errorAttributes, hintId } from '@/components/form-field';
import { joinClasses } from '@/lib/join-classes';
import { comboboxKeyOutcome } from './combobox-keys';

// Hand-written: it is the whole behaviour both form comboboxes share (the ARIA 1.2 pattern,
// about 150 lines with the keys and classes), 1.3 KB gzip with its keys, where downshift's
// useCombobox alone is 13.5 KB (esbuild, minified, React external; 2026-11-27). Its keyboard and
// axe results are the e2e suite's (support.spec.ts, routes.spec.ts).

interface ComboboxOptions {
  /** How many options are listed. */
  count: number;
  /** false while the options are being found: Enter picks nothing and no option is announced as active. */
  ready?: boolean;
  /** The option ↓ or ↑ makes active when it opens the list (-1: none). */
  openingIndex?: (key: string) => number;
  /** Enter on the active option (the list is open). */
  onPick: (index: number) => void;
  /** Escape with the list already closed: put back what the box showed before typing. */
  onEscapeClosed: () => void;
  /** The form field the box is: its name, placeholder, whether required, its error and hint (said under it). */
  field: { name?: string | undefined; placeholder?: string | undefined; required?: boolean | undefined; error?: string | undefined; hint?: string | undefined };
}

/**
 * A text box over a listbox (the ARIA 1.2 combobox pattern), the part the form's two
 * comboboxes share: open or closed, which option is active (kept in view), the keys (↓/↑
 * open the list or move through it, wrapping; Enter picks; Escape closes, then restores) and
 * the ARIA attributes tying the box to its list. Focus stays in the box throughout.
 */
export function useCombobox({ count, ready = true, openingIndex = () => -1, onPick, onEscapeClosed, field }: ComboboxOptions) {
  const inputId = useId();
  const listId = `${inputId}-list`;
  const optionId = (index: number) => `${inputId}-option-${index}`;
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);

  useEffect(() => {
    if (open && active >= 0) document.getElementById(optionId(active))?.scrollIntoView({ block: 'nearest' });
  });

  const openAt = (index: number) => {
    setOpen(true);
    setActive(index);
  };
  const close = () => {
    setOpen(false);
    setActive(-1);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const outcome = comboboxKeyOutcome(event.key, { open, active }, { count, ready, openingIndex });
    if (!outcome) return;
    if (outcome.handled) event.preventDefault();
    if (outcome.state) {
      setOpen(outcome.state.open);
      setActive(outcome.state.active);
    }
    if (outcome.pick !== undefined) onPick(outcome.pick);
    if (outcome.restore) onEscapeClosed();
  };

  const activeId = open && ready && active >= 0 && active < count ? optionId(active) : undefined;
  const errorProps = errorAttributes(inputId, field.error);
  return {
    inputId,
    listId,
    open,
    active,
    openAt,
    close,
    /** The box's field attributes, combobox role, ARIA state and keys. */
    inputProps: {
      id: inputId,
      name: field.name,
      type: 'text',
      role: 'combobox',
      autoComplete: 'off',
      'aria-autocomplete': 'list',
      'aria-expanded': open,
      'aria-controls': listId,
      'aria-activedescendant': activeId,
      'aria-required': field.required || undefined,
      placeholder: field.placeholder,
      ...errorProps,
      'aria-describedby': [field.hint ? hintId(inputId) : undefined, errorProps['aria-describedby']].filter(Boolean).join(' ') || undefined,
      className: 'input w-full',
      onKeyDown,
    } as const,
    /** An option row's id, role and look (with `className` added); its click and `aria-selected` are the caller's. */
    optionProps: (index: number, className?: string) => ({
      id: optionId(index),
      role: 'option',
      // Keeps focus in the box, so its blur does not undo or close anything before the click.
      onMouseDown: (event: MouseEvent) => event.preventDefault(),
      className: joinClasses('cursor-default px-3 py-1.5', className, index === active ? 'bg-indigo-600 text-white' : 'hover:bg-slate-100 dark:hover:bg-slate-800'),
    }) as const,
  };
}

/** The list under the box (its height is the caller's). */
export const comboboxListClass =
  'absolute inset-x-0 top-full z-20 mt-1 overflow-y-auto rounded-md border border-slate-200 bg-white py-1 text-sm shadow-lg dark:border-slate-700 dark:bg-slate-900';

/** A note in the list's place ("No matches", "Searching…"). */
export const comboboxNoteClass =
  'absolute inset-x-0 top-full z-20 mt-1 rounded-md border border-slate-200 bg-white px-3 py-1.5 text-sm text-slate-500 shadow-lg dark:border-slate-700 dark:bg-slate-900 dark:text-slate-400';
