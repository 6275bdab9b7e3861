/**
 * "Move the active item with the arrow keys", shared by the command palette, the comboboxes,
 * the accordion, the charts' tooltips and the product gallery: each says which keys it takes.
 */
export interface RovingKeys {
  /** `vertical`: ↓/↑ only (a list under a text box, whose ←/→ move the caret); `both`: also →/← along the reading direction. */
  arrows: 'vertical' | 'both';
  /** The items run right to left (an RTL page): ← goes forward. */
  rtl?: boolean;
  /** Home/End go to the first/last item (not under a text box, where they move the caret). */
  homeEnd?: boolean;
}

/** Whether `key` moves the active item for these keys. */
export function isRovingKey(key: string, keys: RovingKeys): boolean {
  return step(key, keys) !== null || (keys.homeEnd === true && (key === 'Home' || key === 'End'));
}

function step(key: string, { arrows, rtl = false }: RovingKeys): 1 | -1 | null {
  if (key === 'ArrowDown') return 1;
  if (key === 'ArrowUp') return -1;
  if (arrows === 'vertical') return null;
  if (key === 'ArrowRight') return rtl ? -1 : 1;
  if (key === 'ArrowLeft') return rtl ? 1 : -1;
  return null;
}

/**
 * The index `key` moves the active item to among `count` items, wrapping around the ends.
 * With none active (`current` -1, or past a list that has shrunk) forward goes to the first
 * and back to the last. null: not a move key, or no items to move to.
 */
export function rovingIndex(key: string, current: number, count: number, keys: RovingKeys): number | null {
  if (count <= 0) return null;
  if (keys.homeEnd && key === 'Home') return 0;
  if (keys.homeEnd && key === 'End') return count - 1;
  const direction = step(key, keys);
  if (direction === null) return null;
  if (current < 0 || current >= count) return direction === 1 ? 0 : count - 1;
  return (current + direction + count) % count;
}
