import { describe, expect, it } from 'vitest';
import { keepActiveKey, moveActiveIndex } from '@/components/command-palette/active-option';
import { isApplePlatform, isPaletteShortcut, shortcutHint, type ShortcutKeys } from '@/components/command-palette/shortcut';

describe('palette keyboard: moving the active option', () => {
  it('moves down and up by one', () => {
    expect(moveActiveIndex(0, 'ArrowDown', 4)).toBe(1);
    expect(moveActiveIndex(2, 'ArrowUp', 4)).toBe(1);
  });

  it('wraps around both ends', () => {
    expect(moveActiveIndex(3, 'ArrowDown', 4)).toBe(0);
    expect(moveActiveIndex(0, 'ArrowUp', 4)).toBe(3);
    expect(moveActiveIndex(0, 'ArrowDown', 1)).toBe(0);
  });

  it('starts at the first (↓) or last (↑) option when none is active', () => {
    expect(moveActiveIndex(-1, 'ArrowDown', 4)).toBe(0);
    expect(moveActiveIndex(-1, 'ArrowUp', 4)).toBe(3);
    // An index past a list that has shrunk counts as none.
    expect(moveActiveIndex(9, 'ArrowDown', 4)).toBe(0);
  });

  it('has nothing active with no options', () => {
    expect(moveActiveIndex(-1, 'ArrowDown', 0)).toBe(-1);
    expect(moveActiveIndex(2, 'ArrowUp', 0)).toBe(-1);
  });

  it('leaves other keys to the input', () => {
    for (const key of ['Enter', 'Escape', 'Home', 'End', 'ArrowLeft', 'a']) expect(moveActiveIndex(1, key, 4)).toBeNull();
  });

  it('keeps the active option when it is still listed after the options change, else the first', () => {
    expect(keepActiveKey('orders-2', ['screens-orders', 'orders-1', 'orders-2'])).toBe('orders-2');
    expect(keepActiveKey('orders-9', ['screens-orders', 'orders-1'])).toBe('screens-orders');
    expect(keepActiveKey(null, ['orders-1', 'users-1'])).toBe('orders-1');
    expect(keepActiveKey('orders-1', [])).toBeNull();
  });
});

describe('palette shortcut', () => {
  const keys = (overrides: Partial<ShortcutKeys>): ShortcutKeys => ({ key: 'k', metaKey: false, ctrlKey: false, altKey: false, shiftKey: false, ...overrides });

  it('is ⌘K or Ctrl+K on every platform', () => {
    expect(isPaletteShortcut(keys({ metaKey: true }))).toBe(true);
    expect(isPaletteShortcut(keys({ ctrlKey: true }))).toBe(true);
    expect(isPaletteShortcut(keys({ ctrlKey: true, key: 'K' }))).toBe(true);
  });

  it('is not K alone, another key, or K with other modifiers', () => {
    expect(isPaletteShortcut(keys({}))).toBe(false);
    expect(isPaletteShortcut(keys({ ctrlKey: true, key: 'j' }))).toBe(false);
    expect(isPaletteShortcut(keys({ ctrlKey: true, shiftKey: true }))).toBe(false);
    expect(isPaletteShortcut(keys({ metaKey: true, altKey: true }))).toBe(false);
    expect(isPaletteShortcut(keys({ metaKey: true, ctrlKey: true }))).toBe(false);
  });

  it('is hinted as ⌘K on Apple platforms and Ctrl K elsewhere', () => {
    expect(isApplePlatform('MacIntel')).toBe(true);
    expect(isApplePlatform('iPhone')).toBe(true);
    expect(shortcutHint('MacIntel')).toBe('⌘K');
    expect(shortcutHint('Win32')).toBe('Ctrl K');
    expect(shortcutHint('Linux x86_64')).toBe('Ctrl K');
    expect(shortcutHint('')).toBe('Ctrl K');
  });
});
