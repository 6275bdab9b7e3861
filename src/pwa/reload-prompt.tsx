import { useEffect } from 'react';
import { applyUpdate } from './service-worker';
import { pwaEvents, usePwaState } from './pwa-events';
import { notify } from '@/lib/notify';
import { Button } from '@/components/button';
import { t, useT } from '@/i18n/i18n';

const UPDATE_TOAST = 'pwa-update';
const ELSEWHERE_TOAST = 'pwa-updated-elsewhere';

function ReloadToast({ message, onReload, onLater }: { message: string; onReload: () => void; onLater?: () => void }) {
  const t = useT('start');
  return (
    <div className="flex items-center gap-3" role="alert">
      <span>{message}</span>
      <Button variant="secondary" onClick={onReload}>
        {t('common.update.reload')}
      </Button>
      {onLater && (
        <Button variant="link" className="text-sm" onClick={onLater}>
          {t('common.update.later')}
        </Button>
      )}
    </div>
  );
}

/**
 * The app's own notices: "ready to work offline" after the first install, and a reload
 * prompt when a new version waits. The new version never replaces the code under an
 * open form by itself: only the user's Reload does.
 */
export function ReloadPrompt() {
  const { offlineReady, updateWaiting, updatedElsewhere } = usePwaState();

  useEffect(() => {
    if (!offlineReady) return;
    notify.info(t('common.update.offlineReady'));
    pwaEvents.set({ offlineReady: false });
  }, [offlineReady]);

  useEffect(() => {
    if (!updateWaiting) return;
    notify.show(
      <ReloadToast
        message={t('common.update.ready')}
        onReload={applyUpdate}
        onLater={() => {
          notify.dismiss(UPDATE_TOAST);
          pwaEvents.set({ updateWaiting: false });
        }}
      />,
      { id: UPDATE_TOAST, duration: Infinity },
    );
  }, [updateWaiting]);

  useEffect(() => {
    if (!updatedElsewhere) return;
    notify.dismiss(UPDATE_TOAST);
    notify.show(<ReloadToast message={t('common.update.elsewhere')} onReload={() => window.location.reload()} />, {
      id: ELSEWHERE_TOAST,
      duration: Infinity,
    });
  }, [updatedElsewhere]);

  return null;
}
