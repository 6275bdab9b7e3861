import { describe, expect, it } from 'vitest';
import { isRovingKey, rovingIndex, type RovingKeys } from '@/lib/roving-index';

/** A list under a text box: ↓/↑ only. */
const LIST: RovingKeys = { arrows: 'vertical' };
/** A row of items: every arrow, Home and End. */
const ROW: RovingKeys = { arrows: 'both', homeEnd: true };
const ROW_RTL: RovingKeys = { ...ROW, rtl: true };

/** [what it shows, key, active index, how many items, keys, where it goes] */
const MOVES: readonly (readonly [string, string, number, number, RovingKeys, number | null])[] = [
  ['↓ moves down one', 'ArrowDown', 0, 4, LIST, 1],
  ['↑ moves up one', 'ArrowUp', 2, 4, LIST, 1],
  ['↓ wraps from the last to the first', 'ArrowDown', 3, 4, LIST, 0],
  ['↑ wraps from the first to the last', 'ArrowUp', 0, 4, LIST, 3],
  ['one item stays active', 'ArrowDown', 0, 1, LIST, 0],
  ['none active: ↓ starts at the first', 'ArrowDown', -1, 4, LIST, 0],
  ['none active: ↑ starts at the last', 'ArrowUp', -1, 4, LIST, 3],
  ['past a shrunk list counts as none (↓)', 'ArrowDown', 9, 4, LIST, 0],
  ['past a shrunk list counts as none (↑)', 'ArrowUp', 9, 4, LIST, 3],
  ['→ is forward left to right', 'ArrowRight', 1, 4, ROW, 2],
  ['← is back left to right', 'ArrowLeft', 1, 4, ROW, 0],
  ['← is forward right to left', 'ArrowLeft', 1, 4, ROW_RTL, 2],
  ['→ is back right to left, wrapping', 'ArrowRight', 0, 4, ROW_RTL, 3],
  ['↓ stays forward right to left', 'ArrowDown', 1, 4, ROW_RTL, 2],
  ['Home goes to the first', 'Home', 2, 4, ROW, 0],
  ['End goes to the last, from none too', 'End', -1, 4, ROW, 3],
  ['no items: nothing to move to', 'ArrowDown', 0, 0, ROW, null],
  ['no items: Home neither', 'Home', 0, 0, ROW, null],
  ['under a text box → is the caret\'s', 'ArrowRight', 1, 4, LIST, null],
  ['under a text box End is the caret\'s', 'End', 1, 4, LIST, null],
  ['Enter is not a move', 'Enter', 1, 4, ROW, null],
  ['typing is not a move', 'a', 1, 4, ROW, null],
];

describe('rovingIndex (moving the active item with the arrow keys)', () => {
  it.each(MOVES)('%s', (_what, key, current, count, keys, expected) => {
    expect(rovingIndex(key, current, count, keys)).toBe(expected);
  });

  it('tells which keys are moves for a widget', () => {
    expect(['ArrowDown', 'ArrowUp'].every((key) => isRovingKey(key, LIST))).toBe(true);
    expect(['ArrowLeft', 'ArrowRight', 'Home', 'End', 'Enter', ' '].some((key) => isRovingKey(key, LIST))).toBe(false);
    expect(['ArrowLeft', 'ArrowRight', 'Home', 'End'].every((key) => isRovingKey(key, ROW))).toBe(true);
  });
});
