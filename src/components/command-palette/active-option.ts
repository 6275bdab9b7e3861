/** Which option of the palette's listbox is active (the combobox's aria-activedescendant). */

/**
 * The active index after a key press in the input: ↓ and ↑ move by one and wrap around the
 * ends; `null` for any other key (the input keeps it). With no options nothing is active (-1).
 */
export function moveActiveIndex(current: number, key: string, count: number): number | null {
  if (key !== 'ArrowDown' && key !== 'ArrowUp') return null;
  if (count <= 0) return -1;
  if (current < 0 || current >= count) return key === 'ArrowDown' ? 0 : count - 1;
  return key === 'ArrowDown' ? (current + 1) % count : (current - 1 + count) % count;
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
