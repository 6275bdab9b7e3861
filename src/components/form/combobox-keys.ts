import { isRovingKey, rovingIndex, type RovingKeys } from '@/lib/roving-index';

/** ↓/↑ only: the text box keeps ←/→ and Home/End for its caret. */
const LIST_KEYS: RovingKeys = { arrows: 'vertical' };

/** Whether the list is open, and which of its options is active (-1: none). */
export interface ComboboxListState {
  open: boolean;
  active: number;
}

export interface ComboboxListFacts {
  /** How many options are listed. */
  count: number;
  /** false while the options are being found: Enter picks nothing. */
  ready: boolean;
  /** The option ↓ or ↑ makes active when it opens the list (-1: none). */
  openingIndex: (key: string) => number;
}

/**
 * What a key in the box does to its list (the ARIA 1.2 combobox pattern): ↓/↑ open the list
 * or move through it, wrapping; Enter picks the active option; Escape closes the list, or with
 * it closed restores the text. `handled`: the key is the list's (its default is prevented);
 * null: the key is the box's own (typing, the caret, Enter submitting the form).
 */
export type ComboboxKeyOutcome = { handled: boolean; state?: ComboboxListState; pick?: number; restore?: true } | null;

export function comboboxKeyOutcome(key: string, { open, active }: ComboboxListState, { count, ready, openingIndex }: ComboboxListFacts): ComboboxKeyOutcome {
  if (isRovingKey(key, LIST_KEYS)) {
    if (!open) return { handled: true, state: { open: true, active: openingIndex(key) } };
    return { handled: true, state: { open, active: rovingIndex(key, active, count, LIST_KEYS) ?? active } };
  }
  // Open with a highlighted match: Enter picks it rather than submitting the form.
  if (key === 'Enter') return open && ready && active >= 0 && active < count ? { handled: true, pick: active } : null;
  // Closed already: Escape is the box's too (a dialog around it may close), after restoring the text.
  if (key === 'Escape') return open ? { handled: true, state: { open: false, active: -1 } } : { handled: false, restore: true };
  return null;
}
