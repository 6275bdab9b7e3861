import { useEffect } from 'react';
import { applyUpdate } from './service-worker';
import { pwaEvents, usePwaState } from './pwa-events';
import { notify } from '@/lib/notify';
import { Button } from '@/components/button';

const UPDATE_TOAST = 'pwa-update';
const ELSEWHERE_TOAST = 'pwa-updated-elsewhere';

function ReloadToast({ message, onReload, onLater }: { message: string; onReload: () => void; onLater?: () => void }) {
  return (
    <div className="flex items-center gap-3" role="alert">
      <span>{message}</span>
      <Button variant="secondary" onClick={onReload}>
        Reload
      </Button>
      {onLater && (
        <Button variant="link" className="text-sm" onClick={onLater}>
          Later
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
    notify.info('Ready to work offline');
    pwaEvents.set({ offlineReady: false });
  }, [offlineReady]);

  useEffect(() => {
    if (!updateWaiting) return;
    notify.show(
      <ReloadToast
        message="A new version is ready."
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
    notify.show(<ReloadToast message="The app was updated in another tab — reload to keep working." onReload={() => window.location.reload()} />, {
      id: ELSEWHERE_TOAST,
      duration: Infinity,
    });
  }, [updatedElsewhere]);

  return null;
}
