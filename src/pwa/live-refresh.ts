import { CHANGE_CHANNEL, type ChangeMessage } from '../../sw/api/change-channel';
import { pwaEvents } from './pwa-events';

/**
 * Cross-tab live refresh: the worker announces every committed write, and each open
 * tab reloads the data of the screen it shows. Returns the unsubscribe function.
 */
export function startLiveRefresh(refresh: () => void): () => void {
  if (typeof BroadcastChannel === 'undefined') return () => {};
  const channel = new BroadcastChannel(CHANGE_CHANNEL);
  channel.onmessage = (event: MessageEvent<ChangeMessage>) => {
    if (event.data.type === 'versionchange') pwaEvents.set({ updatedElsewhere: true });
    else refresh();
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
  channel.onmessage = (event: MessageEvent<ChangeMessage>) => {
    if (event.data.type === 'changed' && event.data.resource === resource) listener();
  };
  return () => channel.close();
}
