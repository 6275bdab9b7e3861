import { useEffect } from 'react';
import { onAnyChange } from '@/pwa/live-refresh';
import { useLoad, type Loaded } from './use-load';

/**
 * `useLoad`, read again whenever the worker announces a change: a pull that brings the
 * team's write (a ticket answered, an order shipped), this device's own write, a removal (the
 * customer portal's screens and the team's alike).
 */
export function useLiveLoad<T>(key: string, load: (signal: AbortSignal) => Promise<T>): Loaded<T> {
  const loaded = useLoad(key, load);
  const { reload } = loaded;
  useEffect(() => onAnyChange(reload), [reload]);
  return loaded;
}
