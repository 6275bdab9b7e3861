import { useState } from 'react';
import { notify } from '@/lib/notify';
import { announceChosenShopChange, dismissShopRemoval, type ShopRemoval } from '@/lib/shop-sync';
import { removalMessage } from '@/lib/sync-words';
import { Button } from './button';
import { t, useT } from '@/i18n/i18n';

/** Dismisses the notice in the worker and tells this tab's other views (the header's badge, the Team page). */
export async function dismissRemovalNotice(): Promise<boolean> {
  try {
    await dismissShopRemoval();
    announceChosenShopChange();
    return true;
  } catch (error) {
    notify.error(error instanceof Error ? error.message : t('common.sync.dismissFailed'));
    return false;
  }
}

/** The notice that the account was removed from the shop this device worked on (GET /api/sync/status `removed`), until dismissed. */
export function ShopRemovalNotice({ removed, onDismissed }: { removed: ShopRemoval; onDismissed?: () => void }) {
  const [busy, setBusy] = useState(false);
  const translate = useT('common');
  return (
    <div role="alert" className="flex flex-wrap items-center gap-3 rounded-lg border border-rose-200 bg-rose-50 p-3 text-sm text-rose-900 dark:border-rose-900 dark:bg-rose-950 dark:text-rose-200">
      <p className="min-w-0 flex-1">{removalMessage(removed)}</p>
      <Button
        variant="secondary"
        disabled={busy}
        onClick={() => {
          setBusy(true);
          void dismissRemovalNotice().then((done) => {
            setBusy(false);
            if (done) onDismissed?.();
          });
        }}
      >
        {translate('common.action.dismiss')}
      </Button>
    </div>
  );
}
