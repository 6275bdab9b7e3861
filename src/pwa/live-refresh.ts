import { CHANGE_CHANNEL, type ChangeMessage } from '../../domain/contract/change-channel';
import { pwaEvents } from './pwa-events';
import { coalesced } from './coalesced';

/**
 * How often at most a tab reloads data for other writes (the first change at once: see
 * coalesced.ts). Short enough that a teammate's write arriving right after the last reload is
 * shown well within half a second; long enough that a bulk import's calls cost a few reloads.
 */
export const LIVE_REFRESH_WINDOW_MS = 400;

/**
 * Cross-tab live refresh: the worker announces every committed write, and each open
 * tab reloads the data of the screen it shows (at most once per LIVE_REFRESH_WINDOW_MS: a burst of writes, such
 * as an import's calls, is coalesced). Returns the unsubscribe function.
 */
export function startLiveRefresh(refresh: () => void): () => void {
  if (typeof BroadcastChannel === 'undefined') return () => {};
  const channel = new BroadcastChannel(CHANGE_CHANNEL);
  const refreshSoon = coalesced(refresh, LIVE_REFRESH_WINDOW_MS);
  channel.onmessage = (event: MessageEvent<ChangeMessage>) => {
    if (event.data.type === 'versionchange') pwaEvents.set({ updatedElsewhere: true });
    else refreshSoon();
  };
  return () => channel.close();
}

/**
 * Calls `listener` when another write to `resource` commits (in any tab, this one included),
 * so a screen that fetches its own data (the lists) refreshes in place. Returns the unsubscribe function.
 */
export function onResourceChange(resource: string, listener: () => void): () => void {
  if (typeof BroadcastChannel === 'undefined') return () => {};
  const channel = new BroadcastChannel(CHANGE_CHANNEL);
  const listenSoon = coalesced(listener, LIVE_REFRESH_WINDOW_MS);
  channel.onmessage = (event: MessageEvent<ChangeMessage>) => {
    if (event.data.type === 'changed' && event.data.resource === resource) listenSoon();
  };
  return () => channel.close();
}

/** Calls `listener` (coalesced) when any write commits or the worker announces a change of store. Returns the unsubscribe function. */
export function onAnyChange(listener: () => void): () => void {
  if (typeof BroadcastChannel === 'undefined') return () => {};
  const channel = new BroadcastChannel(CHANGE_CHANNEL);
  const listenSoon = coalesced(listener, LIVE_REFRESH_WINDOW_MS);
  channel.onmessage = (event: MessageEvent<ChangeMessage>) => {
    if (event.data.type === 'changed') listenSoon();
  };
  return () => channel.close();
}
