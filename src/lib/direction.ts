/**
 * Layout direction: 'ltr' (default) or 'rtl', set as `dir` on `<html>` and remembered.
 * `applyStoredDirection()` runs once at start-up; components use `useDirection()`.
 */
import { createStoredSetting } from './stored-setting';

export type Direction = 'ltr' | 'rtl';

export const DIRECTION_STORAGE_KEY = 'shop-admin:direction';
export const DEFAULT_DIRECTION: Direction = 'ltr';

const setting = createStoredSetting<Direction>({
  key: DIRECTION_STORAGE_KEY,
  values: ['ltr', 'rtl'],
  fallback: DEFAULT_DIRECTION,
  apply: (direction) => {
    document.documentElement.dir = direction;
  },
});

export const isDirection = setting.is;
/** A stored value → a direction; anything unknown falls back to 'ltr'. */
export const parseDirection = setting.parse;
export const readDirection = setting.read;
/** The direction on the page now (the stored one until something sets another). */
export const currentDirection = setting.get;
/** Writes the direction; 'ltr' (the default) removes the key. Never throws. */
export const writeDirection = setting.write;
export const applyStoredDirection = setting.applyStored;
export const setDirection = setting.set;

export function oppositeDirection(direction: Direction): Direction {
  return direction === 'rtl' ? 'ltr' : 'rtl';
}

export function useDirection() {
  const direction = setting.useValue();
  return {
    direction,
    setDirection,
    toggleDirection: () => setDirection(oppositeDirection(setting.get())),
  };
}
