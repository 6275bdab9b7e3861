import { useSyncExternalStore } from 'react';

type ReadableStorage = Pick<Storage, 'getItem'> | undefined;
type WritableStorage = Pick<Storage, 'setItem' | 'removeItem'> | undefined;

export const hasDom = () => typeof window !== 'undefined' && typeof document !== 'undefined';

function browserStorage(): Storage | undefined {
  try {
    return hasDom() ? window.localStorage : undefined;
  } catch {
    return undefined;
  }
}

interface StoredSettingOptions<T extends string> {
  /** The localStorage key. */
  key: string;
  values: readonly T[];
  /** The default: shown when nothing (or junk) is stored, and never written. */
  fallback: T;
  /** Puts the value on the page (a class or attribute on `<html>`). */
  apply: (value: T) => void;
}

/**
 * A small per-device choice (theme, layout direction): remembered in localStorage,
 * applied to the page, shared by every component that reads it, and followed across tabs.
 * `read`/`write` take the storage as an argument so they can be tested without a DOM.
 */
export function createStoredSetting<T extends string>({ key, values, fallback, apply }: StoredSettingOptions<T>) {
  const is = (value: unknown): value is T => typeof value === 'string' && (values as readonly string[]).includes(value);
  const parse = (value: unknown): T => (is(value) ? value : fallback);

  const read = (storage: ReadableStorage): T => {
    try {
      return parse(storage?.getItem(key));
    } catch {
      return fallback;
    }
  };
  const write = (storage: WritableStorage, value: T) => {
    try {
      if (value === fallback) storage?.removeItem(key);
      else storage?.setItem(key, value);
    } catch {
      // Storage unavailable (private mode, quota): the choice lasts for this session only.
    }
  };

  let current: T | undefined;
  let syncing = false;
  const listeners = new Set<() => void>();
  const get = (): T => (current ??= read(browserStorage()));

  const show = (value: T) => {
    if (hasDom()) apply(value);
    const changed = value !== current;
    current = value;
    if (changed) listeners.forEach((listener) => listener());
  };

  // Another tab changed it.
  const startSync = () => {
    if (syncing || !hasDom()) return;
    syncing = true;
    window.addEventListener('storage', (event) => {
      if (event.key === key || event.key === null) show(read(browserStorage()));
    });
  };

  const subscribe = (listener: () => void) => {
    startSync();
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  };

  return {
    is,
    parse,
    read,
    write,
    get,
    /** Start-up: applies the remembered value before the first render and follows other tabs. */
    applyStored(): T {
      const value = read(browserStorage());
      show(value);
      startSync();
      return value;
    },
    set(value: T) {
      write(browserStorage(), value);
      show(value);
    },
    /** Applies the current value again (when something it depends on changed). */
    reapply: () => show(get()),
    useValue: (): T => useSyncExternalStore(subscribe, get, () => fallback),
  };
}
