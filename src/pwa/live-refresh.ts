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
