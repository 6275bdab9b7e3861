/** Which option of the palette's listbox is active (the combobox's aria-activedescendant). */

import { isRovingKey, rovingIndex, type RovingKeys } from '@/lib/roving-index';

/** ↓ and ↑ only: the input keeps ←/→ and Home/End for its caret. */
const PALETTE_KEYS: RovingKeys = { arrows: 'vertical' };

/**
 * The active index after a key press in the input: ↓ and ↑ move by one and wrap around the
 * ends; `null` for any other key (the input keeps it). With no options nothing is active (-1).
 */
export function moveActiveIndex(current: number, key: string, count: number): number | null {
  if (count <= 0) return isRovingKey(key, PALETTE_KEYS) ? -1 : null;
  return rovingIndex(key, current, count, PALETTE_KEYS);
}

/**
 * When the options change (an answer arrives, a group fails), the option that was active
 * stays active if it is still listed, so an answer arriving late does not move the user's
 * place; otherwise the first option is (or none, with no options).
 */
export function keepActiveKey(activeKey: string | null, keys: readonly string[]): string | null {
  if (activeKey !== null && keys.includes(activeKey)) return activeKey;
  return keys[0] ?? null;
}
