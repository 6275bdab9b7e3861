import { describe, expect, it } from 'vitest';
import { isRovingKey, rovingIndex, type RovingKeys } from '@/lib/roving-index';

const LIST: RovingKeys = { arrows: 'vertical' };
const GRID: RovingKeys = { arrows: 'both', homeEnd: true };

describe('rovingIndex (moving the active item with the arrow keys)', () => {
  it('moves ↓ and ↑ by one and wraps around both ends', () => {
    expect(rovingIndex('ArrowDown', 0, 4, LIST)).toBe(1);
    expect(rovingIndex('ArrowUp', 2, 4, LIST)).toBe(1);
    expect(rovingIndex('ArrowDown', 3, 4, LIST)).toBe(0);
    expect(rovingIndex('ArrowUp', 0, 4, LIST)).toBe(3);
    expect(rovingIndex('ArrowDown', 0, 1, LIST)).toBe(0);
  });

  it('starts at the first going forward and the last going back when none is active, or the list has shrunk past it', () => {
    expect(rovingIndex('ArrowDown', -1, 4, LIST)).toBe(0);
    expect(rovingIndex('ArrowUp', -1, 4, LIST)).toBe(3);
    expect(rovingIndex('ArrowDown', 9, 4, LIST)).toBe(0);
    expect(rovingIndex('ArrowUp', 9, 4, LIST)).toBe(3);
  });

  it('leaves ←/→ and Home/End alone under a text box', () => {
    for (const key of ['ArrowLeft', 'ArrowRight', 'Home', 'End', 'Enter', ' ', 'a']) {
      expect(rovingIndex(key, 1, 4, LIST)).toBeNull();
      expect(isRovingKey(key, LIST)).toBe(false);
    }
    expect(isRovingKey('ArrowDown', LIST)).toBe(true);
  });

  it('takes → as forward and ← as back left to right, and the other way round right to left', () => {
    expect(rovingIndex('ArrowRight', 1, 4, GRID)).toBe(2);
    expect(rovingIndex('ArrowLeft', 1, 4, GRID)).toBe(0);
    const rtl: RovingKeys = { ...GRID, rtl: true };
    expect(rovingIndex('ArrowLeft', 1, 4, rtl)).toBe(2);
    expect(rovingIndex('ArrowRight', 1, 4, rtl)).toBe(0);
    expect(rovingIndex('ArrowRight', 0, 4, rtl)).toBe(3);
    // ↓/↑ stay forward/back whatever the direction.
    expect(rovingIndex('ArrowDown', 1, 4, rtl)).toBe(2);
  });

  it('goes to the first and last with Home and End when the widget takes them', () => {
    expect(rovingIndex('Home', 2, 4, GRID)).toBe(0);
    expect(rovingIndex('End', 0, 4, GRID)).toBe(3);
    expect(rovingIndex('End', -1, 4, GRID)).toBe(3);
    expect(isRovingKey('Home', GRID)).toBe(true);
  });

  it('has nothing to move to with no items', () => {
    for (const key of ['ArrowDown', 'ArrowRight', 'Home', 'End']) expect(rovingIndex(key, 0, 0, GRID)).toBeNull();
  });
});
