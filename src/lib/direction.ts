/**
 * Layout direction: 'ltr' (default) or 'rtl', set as `dir` on `<html>` and remembered in
 * localStorage. Call `applyStoredDirection()` once at start-up, before the first render.
 * Components read and change it with `useDirection()`; Radix primitives that care about
 * direction (menus) should get `dir={direction}`.
 *
 * The parsing helpers at the top are pure so they can be unit-tested without a DOM.
 */
import { useSyncExternalStore } from 'react';

export type Direction = 'ltr' | 'rtl';

export const DIRECTION_STORAGE_KEY = 'shop-admin:direction';
export const DEFAULT_DIRECTION: Direction = 'ltr';

// ---------------------------------------------------------------------------------------------
// Pure helpers
// ---------------------------------------------------------------------------------------------

export function isDirection(value: unknown): value is Direction {
  return value === 'ltr' || value === 'rtl';
}

/** A stored value → a direction; anything unknown falls back to 'ltr'. */
export function parseDirection(value: unknown): Direction {
  return isDirection(value) ? value : DEFAULT_DIRECTION;
}

export function oppositeDirection(direction: Direction): Direction {
  return direction === 'rtl' ? 'ltr' : 'rtl';
}

/** Reads the direction from a storage; a storage that throws gives the default. */
export function readDirection(storage: Pick<Storage, 'getItem'> | undefined): Direction {
  try {
    return parseDirection(storage?.getItem(DIRECTION_STORAGE_KEY));
  } catch {
    return DEFAULT_DIRECTION;
  }
}

/** Writes the direction; 'ltr' (the default) removes the key. Never throws. */
export function writeDirection(storage: Pick<Storage, 'setItem' | 'removeItem'> | undefined, direction: Direction): void {
  try {
    if (direction === DEFAULT_DIRECTION) storage?.removeItem(DIRECTION_STORAGE_KEY);
    else storage?.setItem(DIRECTION_STORAGE_KEY, direction);
  } catch {
    // Storage unavailable: the choice just lasts for this session.
  }
}

// ---------------------------------------------------------------------------------------------
// Browser side
// ---------------------------------------------------------------------------------------------

const hasDom = () => typeof window !== 'undefined' && typeof document !== 'undefined';

function browserStorage(): Storage | undefined {
  try {
    return hasDom() ? window.localStorage : undefined;
  } catch {
    return undefined;
  }
}

let current: Direction | undefined;
let applied = false;
let syncing = false;
const listeners = new Set<() => void>();

function currentDirection(): Direction {
  current ??= readDirection(browserStorage());
  return current;
}

/** Sets `dir` on `<html>` and notifies `useDirection()` users. */
export function applyDirection(direction: Direction): void {
  if (hasDom()) document.documentElement.dir = direction;
  applied = true;
  const changed = direction !== current;
  current = direction;
  if (changed) listeners.forEach((listener) => listener());
}

function startSync(): void {
  if (syncing || !hasDom()) return;
  syncing = true;
  window.addEventListener('storage', (event) => {
    if (event.key === DIRECTION_STORAGE_KEY || event.key === null) applyDirection(readDirection(browserStorage()));
  });
}

/** Start-up: applies the remembered direction before render and follows changes from other tabs. */
export function applyStoredDirection(): Direction {
  const stored = readDirection(browserStorage());
  applyDirection(stored);
  startSync();
  return stored;
}

/** Remembers and applies a direction. */
export function setDirection(direction: Direction): void {
  writeDirection(browserStorage(), direction);
  applyDirection(direction);
}

function subscribe(listener: () => void): () => void {
  if (!applied) applyDirection(currentDirection());
  startSync();
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function useDirection(): {
  direction: Direction;
  setDirection: (direction: Direction) => void;
  toggleDirection: () => void;
} {
  const direction = useSyncExternalStore(subscribe, currentDirection, () => DEFAULT_DIRECTION);
  return {
    direction,
    setDirection,
    toggleDirection: () => setDirection(oppositeDirection(currentDirection())),
  };
}
