import { describe, expect, it } from 'vitest';
import { memoryStorage } from '../support/storage';
import {
  DIRECTION_STORAGE_KEY,
  oppositeDirection,
  parseDirection,
  readDirection,
  writeDirection,
} from '@/lib/direction';

describe('direction', () => {
  it('parses stored values and falls back to ltr', () => {
    expect(parseDirection('rtl')).toBe('rtl');
    expect(parseDirection('ltr')).toBe('ltr');
    expect(parseDirection(null)).toBe('ltr');
    expect(parseDirection('RTL')).toBe('ltr');
    expect(parseDirection('auto')).toBe('ltr');
  });

  it('toggles', () => {
    expect(oppositeDirection('ltr')).toBe('rtl');
    expect(oppositeDirection('rtl')).toBe('ltr');
  });

  it('reads and writes the shop-admin:direction key', () => {
    expect(DIRECTION_STORAGE_KEY).toBe('shop-admin:direction');
    const storage = memoryStorage();
    expect(readDirection(storage)).toBe('ltr');
    writeDirection(storage, 'rtl');
    expect(storage.data.get('shop-admin:direction')).toBe('rtl');
    expect(readDirection(storage)).toBe('rtl');
    writeDirection(storage, 'ltr');
    expect(storage.data.has('shop-admin:direction')).toBe(false);
  });

  it('survives missing or blocked storage', () => {
    const blocked = {
      getItem: (): string | null => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('SecurityError');
      },
      removeItem: () => {
        throw new Error('SecurityError');
      },
    };
    expect(readDirection(undefined)).toBe('ltr');
    expect(readDirection(blocked)).toBe('ltr');
    expect(() => writeDirection(blocked, 'rtl')).not.toThrow();
  });
});
