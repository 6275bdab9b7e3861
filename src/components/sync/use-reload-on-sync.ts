import { useEffect } from 'react';
import { onChosenShopChange } from '@/lib/chosen-shop';
import { coalesced } from '@/pwa/coalesced';
import { LIVE_REFRESH_WINDOW_MS } from '@/pwa/live-refresh';
import { CHANGE_CHANNEL } from '../../../domain/contract/change-channel';

/** Calls `reload` after each sync (the change channel, once per burst) and a shop switch; stops on unmount. */
export function useReloadOnSync(reload: () => void) {
  useEffect(() => {
    const stopShop = onChosenShopChange(reload);
    if (typeof BroadcastChannel === 'undefined') return stopShop;
    const channel = new BroadcastChannel(CHANGE_CHANNEL);
    // A pull announces every resource it touched: read again once per burst.
    channel.onmessage = coalesced(reload, LIVE_REFRESH_WINDOW_MS);
    return () => {
      stopShop();
      channel.close();
    };
  }, [reload]);
}
