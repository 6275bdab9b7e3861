import { useSyncExternalStore } from 'react';

/** What the service worker and the browser tell the page about the app itself. */
export interface PwaState {
  /** First install finished: the app now works offline. */
  offlineReady: boolean;
  /** A new version is installed and waits for the user to reload. */
  updateWaiting: boolean;
  /** Another tab activated a new version (or changed the database schema) under this one. */
  updatedElsewhere: boolean;
}

function createStore<T extends object>(initial: T) {
  let state = initial;
  const listeners = new Set<() => void>();
  return {
    get: () => state,
    set(patch: Partial<T>) {
      state = { ...state, ...patch };
      listeners.forEach((l) => l());
    },
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export const pwaEvents = createStore<PwaState>({ offlineReady: false, updateWaiting: false, updatedElsewhere: false });

export function usePwaState(): PwaState {
  return useSyncExternalStore(pwaEvents.subscribe, pwaEvents.get);
}
